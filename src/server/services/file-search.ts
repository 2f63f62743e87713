import type { Dir, Dirent } from "node:fs";
import { opendir } from "node:fs/promises";
import { type FileAccessPolicy, grantedRealPath, isReserved } from "../../shared/file-access";
import { extensionOf, fileEntry, statOrUndefined } from "./file-browser";
import { matchScore } from "./file-match";

/** One hit of a search (docs/server-api.md "Files"). */
export interface SearchHit {
  name: string;
  path: string;
  size: number | null;
  modified: string;
  extension: string | null;
  score: number;
}

export interface SearchAnswer {
  query: string;
  results: SearchHit[];
  total_files_scanned: number;
  /** True when a limit below stopped the walk before every folder was read. */
  truncated: boolean;
}

/** How far one search may walk; a search stops at the first limit reached. */
export interface SearchLimits {
  maxFilesScanned: number;
  maxFoldersVisited: number;
  timeBudgetMs: number;
}

/** The walk's bounds: a search answers in seconds even over `/` or a home of millions of files. */
export const SEARCH_LIMITS: SearchLimits = { maxFilesScanned: 50_000, maxFoldersVisited: 20_000, timeBudgetMs: 10_000 };

/** Folder names never searched: tools' and systems' own trees, not the user's data. */
export const SKIPPED_FOLDER_NAMES = new Set([
  "node_modules",
  "__pycache__",
  "site-packages",
  "lost+found",
  "$RECYCLE.BIN",
  "System Volume Information",
]);

/** Pseudo file systems (kernel and device state), never searched even in open mode. */
export const SYSTEM_FOLDERS = new Set(["/proc", "/sys", "/dev", "/run"]);

/** Errors that make a folder unreadable (moved away, no permission): it is skipped. */
const UNREADABLE = new Set(["ENOENT", "ENOTDIR", "EACCES", "EPERM", "ELOOP", "ENAMETOOLONG"]);

interface Candidate {
  name: string;
  path: string;
  score: number;
}

/**
 * Files whose names match `query`, best first, over every start folder (the roots). The
 * walk is breadth first (shallow files are met first when a limit stops it), skips hidden
 * names (a leading dot), SKIPPED_FOLDER_NAMES and SYSTEM_FOLDERS, and never follows a link
 * to a folder, so link loops cannot trap it; a link to a file is a hit only when its target
 * is granted. Only files with one of `extensions` (lower case, no leading dot) are considered;
 * an extension with a dot inside (`weft.json`) matches the end of a name (`sales.weft.json`).
 */
export async function searchFiles(
  policy: FileAccessPolicy,
  starts: readonly string[],
  { query, extensions, limit }: { query: string; extensions: ReadonlySet<string>; limit: number },
  limits: SearchLimits = SEARCH_LIMITS,
): Promise<SearchAnswer> {
  const started = performance.now();
  let truncated = false;
  // Every folder ever queued, walked or not: never more than can be visited.
  const queue: string[] = [];
  const seen = new Set<string>();
  const enqueue = (folder: string) => {
    if (seen.has(folder) || SYSTEM_FOLDERS.has(folder) || isReserved(policy, folder)) return;
    if (queue.length >= limits.maxFoldersVisited) {
      truncated = true;
      return;
    }
    seen.add(folder);
    queue.push(folder);
  };
  for (const start of starts) if (statOrUndefined(start)?.isDirectory()) enqueue(start);

  const compound = [...extensions].filter((e) => e.includes(".")).map((e) => `.${e}`);
  const candidates: Candidate[] = [];
  let scanned = 0;
  walk: for (const folder of queue) {
    if (performance.now() - started > limits.timeBudgetMs) {
      truncated = true;
      break;
    }
    const dir = await openOrSkip(folder);
    if (!dir) continue;
    for await (const dirent of dir) {
      if (dirent.name.startsWith(".")) continue;
      const path = folder === "/" ? `/${dirent.name}` : `${folder}/${dirent.name}`;
      if (dirent.isDirectory()) {
        if (!SKIPPED_FOLDER_NAMES.has(dirent.name)) enqueue(path);
        continue;
      }
      if (!dirent.isFile() && !dirent.isSymbolicLink()) continue;
      if (scanned >= limits.maxFilesScanned) {
        truncated = true;
        break walk; // leaving the loop closes the folder
      }
      scanned += 1;
      const hit = consider(dirent, path, query, extensions, compound);
      if (hit) candidates.push(hit);
    }
  }

  candidates.sort((a, b) => b.score - a.score || a.name.length - b.name.length || compare(a.path, b.path));
  const results: SearchHit[] = [];
  for (const c of candidates) {
    if (results.length >= limit) break;
    const target = grantedRealPath(policy, c.path);
    const stats = target ? statOrUndefined(target) : undefined;
    if (!stats?.isFile()) continue; // a link leading outside or to a folder, or a file gone since
    const { size, modified, extension } = fileEntry(c.name, c.path, stats);
    results.push({ name: c.name, path: c.path, size, modified, extension, score: c.score });
  }
  return { query, results, total_files_scanned: scanned, truncated };
}

function consider(
  dirent: Dirent,
  path: string,
  query: string,
  extensions: ReadonlySet<string>,
  compound: readonly string[],
): Candidate | undefined {
  const extension = extensionOf(dirent.name);
  const wanted = extension !== null && extensions.has(extension);
  if (!wanted && !hasCompoundExtension(dirent.name, compound)) return undefined;
  const score = matchScore(dirent.name, query);
  return score === undefined ? undefined : { name: dirent.name, path, score };
}

/** `sales.weft.json` has `.weft.json`; the name `.weft.json` alone does not (nothing before it). */
function hasCompoundExtension(name: string, compound: readonly string[]): boolean {
  if (compound.length === 0) return false;
  const lower = name.toLowerCase();
  return compound.some((ext) => lower.length > ext.length && lower.endsWith(ext));
}

async function openOrSkip(folder: string): Promise<Dir | undefined> {
  try {
    return await opendir(folder, { bufferSize: 256 });
  } catch (err) {
    if (UNREADABLE.has((err as NodeJS.ErrnoException).code ?? "")) return undefined;
    throw err;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
