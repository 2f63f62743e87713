import { type Dir, type Dirent, type Stats, statSync } from "node:fs";
import { opendir } from "node:fs/promises";
import { extname } from "node:path";
import { ForbiddenError, ValidationError } from "../../shared/errors";
import {
  canonicalPath,
  type FileAccessPolicy,
  grantedRealPath,
  isReserved,
  locateUserPath,
  realRootPath,
} from "../../shared/file-access";
import { type OpenedPath, openWithinRoots } from "../../shared/open-within-roots";

/** A file or folder as the browse routes answer it (docs/server-api.md "File entry"). */
export interface FileEntry {
  name: string;
  path: string;
  is_dir: boolean;
  /** Bytes; null for folders. */
  size: number | null;
  modified: string;
  /** Lower case, without the dot; null for folders and names without one. */
  extension: string | null;
}

export interface RootEntry {
  path: string;
  read_only: boolean;
}

export interface Listing {
  path: string;
  entries: FileEntry[];
  read_only: boolean;
  /** Entries in the folder (hidden ones counted only when shown), up to MAX_LIST_SCAN. */
  total_entries: number;
  /** True when `entries` is not all of them: past `offset + MAX_LIST_ENTRIES`, or past MAX_LIST_SCAN. */
  truncated: boolean;
}

export interface PathStat {
  path: string;
  exists: boolean;
  is_file: boolean;
  is_dir: boolean;
  size: number | null;
  modified: string | null;
  extension: string | null;
  read_only: boolean;
}

/** At most this many entries in one answer; `offset` pages through the rest. */
export const MAX_LIST_ENTRIES = 2_000;
/** At most this many names are read from one folder, so a folder of millions stays cheap. */
export const MAX_LIST_SCAN = 100_000;

/**
 * The roots a user may browse, by real path. Restricted mode: the policy's roots. Open mode
 * grants every path; it shows the home folder and `/` as starting points.
 */
export function fileRoots(policy: FileAccessPolicy, home: string): RootEntry[] {
  if (policy.mode === "open") {
    const starts = home && home !== "/" ? [canonicalPath(home), "/"] : ["/"];
    return starts.map((path) => ({ path, read_only: false }));
  }
  return policy.roots.map((r) => ({ path: realRootPath(r), read_only: r.readOnly }));
}

/**
 * A folder's entries: folders first, then files, each by name (case-insensitive). Hidden
 * names (a leading dot) are left out unless `showHidden`. Links whose target is outside the
 * roots, dangling links, and devices, pipes and sockets are left out: they cannot be read.
 */
export async function listDirectory(
  policy: FileAccessPolicy,
  path: string,
  { offset = 0, showHidden = false }: { offset?: number; showHidden?: boolean } = {},
): Promise<Listing> {
  const opened = openWithinRoots(policy, path, "read");
  try {
    if (!opened.stats.isDirectory()) throw new ValidationError(`"${path}" is a file, not a folder`);
    return await listOpened(policy, opened, { offset, showHidden });
  } finally {
    opened.close();
  }
}

/**
 * Lists an opened folder through its descriptor (`readPath`): swapping the folder's name for
 * a link to outside the roots meanwhile changes nothing here. Entries are named by the real path.
 */
async function listOpened(
  policy: FileAccessPolicy,
  opened: OpenedPath,
  { offset, showHidden }: { offset: number; showHidden: boolean },
): Promise<Listing> {
  const found: { name: string; path: string; isDir: boolean }[] = [];
  let scanned = 0;
  const dir = await openFolder(opened.readPath, opened.path);
  const under = (base: string, name: string) => (base === "/" ? `/${name}` : `${base}/${name}`);
  for await (const dirent of dir) {
    scanned += 1;
    if (scanned > MAX_LIST_SCAN) break; // leaving the loop closes the folder
    if (!showHidden && dirent.name.startsWith(".")) continue;
    const child = under(opened.path, dirent.name);
    const kind = entryKind(policy, dirent, child);
    if (kind) found.push({ name: dirent.name, path: child, isDir: kind === "dir" });
  }
  found.sort(byFolderThenName);
  const page = found.slice(offset, offset + MAX_LIST_ENTRIES);
  const entries = page.flatMap((e) => {
    const s = statOrUndefined(under(opened.readPath, e.name)); // gone since it was read: left out
    return s ? [fileEntry(e.name, e.path, s)] : [];
  });
  return {
    path: opened.path,
    entries,
    read_only: opened.readOnly,
    total_entries: found.length,
    truncated: scanned > MAX_LIST_SCAN || offset + page.length < found.length,
  };
}

/**
 * What is at a path. A missing path inside a root answers `exists: false` (the Output tool
 * asks this before writing); outside the roots is 403 whether it exists or not.
 */
export function statPath(policy: FileAccessPolicy, path: string): PathStat {
  const located = locateUserPath(policy, path, "read");
  const stats = statOrUndefined(located.path);
  const name = located.path.slice(located.path.lastIndexOf("/") + 1);
  return {
    path: located.path,
    exists: stats !== undefined,
    is_file: stats?.isFile() ?? false,
    is_dir: stats?.isDirectory() ?? false,
    size: stats && !stats.isDirectory() ? stats.size : null,
    modified: stats ? stats.mtime.toISOString() : null,
    extension: stats?.isDirectory() ? null : extensionOf(name),
    read_only: located.readOnly,
  };
}

/** The entry of a name already known to be readable, from its (link-followed) stats. */
export function fileEntry(name: string, path: string, stats: Stats): FileEntry {
  const isDir = stats.isDirectory();
  return {
    name,
    path,
    is_dir: isDir,
    size: isDir ? null : stats.size,
    modified: stats.mtime.toISOString(),
    extension: isDir ? null : extensionOf(name),
  };
}

/** `csv` for `Sales.CSV`; null for `README` and `.bashrc`. */
export function extensionOf(name: string): string | null {
  const ext = extname(name);
  return ext.length > 1 ? ext.slice(1).toLowerCase() : null;
}

/**
 * "file" or "dir" for an entry that may be shown; undefined for what may not: a link whose
 * target is outside the roots or missing, a device, pipe or socket, and the data directory
 * (hidden rather than shown and refused: nothing in it may be opened).
 */
export function entryKind(policy: FileAccessPolicy, dirent: Dirent, path: string): "file" | "dir" | undefined {
  if (isReserved(policy, path)) return undefined;
  if (dirent.isDirectory()) return "dir";
  if (dirent.isFile()) return "file";
  if (!dirent.isSymbolicLink()) return undefined;
  const target = grantedRealPath(policy, path);
  if (!target) return undefined;
  const stats = statOrUndefined(target);
  if (stats?.isDirectory()) return "dir";
  return stats?.isFile() ? "file" : undefined;
}

function byFolderThenName(a: { name: string; isDir: boolean }, b: { name: string; isDir: boolean }): number {
  if (a.isDir !== b.isDir) return a.isDir ? -1 : 1;
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

async function openFolder(real: string, asked: string): Promise<Dir> {
  try {
    return await opendir(real, { bufferSize: 256 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EACCES") {
      throw new ForbiddenError(`"${asked}" cannot be read: permission denied`);
    }
    throw err;
  }
}

const ABSENT = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG", "EACCES", "ELOOP"]);

/** Stats following links; undefined when nothing readable is there. */
export function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (err) {
    if (ABSENT.has((err as NodeJS.ErrnoException).code ?? "")) return undefined;
    throw err;
  }
}
