import { lstatSync, readlinkSync, type Stats, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { ForbiddenError, ValidationError } from "./errors";

/** A granted directory; a read-only root may be read but not written. */
export interface AccessRoot {
  path: string;
  readOnly: boolean;
  /**
   * The root's real path, resolved once at startup by `withRealRoots` (a root that is itself
   * a symbolic link keeps the target it had then); resolved on each check when absent.
   */
  realPath?: string;
}

/** `open` allows any path; `restricted` only paths under the roots. */
export interface FileAccessPolicy {
  mode: "open" | "restricted";
  roots: readonly AccessRoot[];
  /**
   * The Server's data directory (logs, archive, connection store, cache): out of reach in
   * every mode whatever the roots say, save its `files/` folder (see `isReserved`). Made
   * real by `withRealRoots`.
   */
  dataDir?: string;
}

/** The one folder of the data directory that routes and tools may use. */
export const DATA_DIR_FILES = "files";

/** Where a user's path leads: its real path, and the root that grants it (none in open mode). */
export interface LocatedPath {
  path: string;
  root: AccessRoot | undefined;
  readOnly: boolean;
}

/** Longer paths are refused before any file-system call (Linux's PATH_MAX, in bytes). */
export const MAX_PATH_LENGTH = 4096;
/** Longer names (one folder or file name) are refused likewise (NAME_MAX, in bytes). */
export const MAX_NAME_LENGTH = 255;
/** As the kernel's ELOOP limit: more links than this in one path is a loop. */
const MAX_SYMLINKS = 40;

/** Reported when a path has more links than MAX_SYMLINKS (almost surely a loop). */
class LinkLoop extends Error {}

/**
 * Resolves a path a user names (an Input tool's source, an Output tool's target, a browse, a
 * SQLite file) to its real path and checks it against the policy (decisions.md "Files"):
 * outside every root is 403, also after `..` and symbolic links are resolved, and also when
 * it does not exist (existence outside the roots is never revealed); writing into a
 * read-only root is 403. The answer is what callers must open: it names the same file the
 * operating system would reach from `path`. See `canonicalPath` for the rules.
 */
export function resolveUserPath(policy: FileAccessPolicy, path: string, access: "read" | "write"): string {
  return locateUserPath(policy, path, access).path;
}

/** `resolveUserPath`, also telling which root grants the path and whether it is read-only. */
export function locateUserPath(policy: FileAccessPolicy, path: string, access: "read" | "write"): LocatedPath {
  checkSyntax(path);
  let real: string;
  try {
    real = canonicalPath(path);
  } catch (err) {
    if (!(err instanceof LinkLoop)) throw err;
    // A loop outside the roots is as forbidden as anything there, and says nothing more.
    if (policy.mode === "restricted" && !rootOf(policy, resolve(path))) throw outside(path);
    throw new ValidationError(`"${path}" cannot be resolved: ${err.message}`);
  }
  // Links may lengthen a path: what is opened must fit too (else ENAMETOOLONG, a 500).
  if (real !== path) checkLengths(real, `"${path}" leads to a path that`);
  if (isReserved(policy, real)) throw reserved(path);
  const root = policy.mode === "open" ? undefined : rootOf(policy, real);
  if (policy.mode === "restricted" && !root) throw outside(path);
  if (access === "write" && root?.readOnly) {
    throw new ForbiddenError(`"${path}" is in a read-only folder (${root.path}): outputs cannot be written there`);
  }
  refuseSpecialFile(path, real);
  return { path: real, root, readOnly: root?.readOnly ?? false };
}

/**
 * The real path of an absolute path, walking it one name at a time as the kernel does:
 * a symbolic link is replaced by its target (relative to its folder) before the next name,
 * and `..` goes up from the real folder reached so far (so `link/..` is the link target's
 * parent, never the link's folder). Empty names (`//`, a trailing `/`) and `.` are skipped.
 * From the first name that does not exist, the rest is kept as written, `..` still going
 * up: nothing there can be a link, so this is where a new file would be created. A `\` is
 * an ordinary character of a name on POSIX systems, and `%` is never decoded here.
 */
export function canonicalPath(absolute: string): string {
  const pending = absolute.split("/").reverse();
  let real = "/";
  const missing: string[] = [];
  let links = 0;
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (name === "" || name === ".") continue;
    if (name === "..") {
      if (missing.length > 0) missing.pop();
      else real = parentOf(real);
      continue;
    }
    if (missing.length > 0) {
      missing.push(name);
      continue;
    }
    const candidate = real === "/" ? `/${name}` : `${real}/${name}`;
    const stats = lstatOrMissing(candidate);
    if (!stats) missing.push(name);
    else if (stats.isSymbolicLink()) {
      links += 1;
      if (links > MAX_SYMLINKS) throw new LinkLoop(`more than ${MAX_SYMLINKS} symbolic links (a loop?)`);
      const target = readLinkOrRetry(candidate);
      // Swapped for a folder or removed since the lstat (readlink fails EINVAL or ENOENT): look again.
      if (target === undefined) {
        pending.push(name);
        continue;
      }
      if (target.startsWith("/")) real = "/";
      for (const part of target.split("/").reverse()) pending.push(part);
    } else real = candidate;
  }
  return missing.length > 0 ? join(real, ...missing) : real;
}

/** The policy with each root's real path resolved now: call it once, at startup. */
export function withRealRoots(policy: FileAccessPolicy): FileAccessPolicy {
  return {
    ...policy,
    roots: policy.roots.map((r) => ({ ...r, realPath: canonicalPath(resolve(r.path)) })),
    ...(policy.dataDir === undefined ? {} : { dataDir: canonicalPath(resolve(policy.dataDir)) }),
  };
}

/**
 * Is this real path the data directory or inside it, other than its `files/` folder? The
 * default data directory is under the home folder, a default root: without this an Output
 * could overwrite the audit logs, the archive or the connection store, and a listing of the
 * home folder would show them. Checked once here for every route and tool (through
 * `locateUserPath`, and `isGranted` for links met while listing or searching).
 */
export function isReserved(policy: FileAccessPolicy, real: string): boolean {
  const { dataDir } = policy;
  if (dataDir === undefined || !isInside(dataDir, real)) return false;
  return !isInside(join(dataDir, DATA_DIR_FILES), real);
}

/** The real path of a root (resolved at startup when `withRealRoots` ran). */
export function realRootPath(root: AccessRoot): string {
  return root.realPath ?? canonicalPath(resolve(root.path));
}

/** The innermost root holding a real path, if any (open mode has no roots). */
export function rootOf(policy: FileAccessPolicy, real: string): AccessRoot | undefined {
  let best: { root: AccessRoot; length: number } | undefined;
  for (const root of policy.roots) {
    const base = realRootPath(root);
    if (!isInside(base, real)) continue;
    if (!best || base.length > best.length) best = { root, length: base.length };
  }
  return best?.root;
}

/**
 * The real path a path found on disk (a link met while listing or searching) leads to, when
 * the policy grants it; undefined when it leads outside the roots or into a loop.
 */
export function grantedRealPath(policy: FileAccessPolicy, path: string): string | undefined {
  try {
    const real = canonicalPath(path);
    return isGranted(policy, real) ? real : undefined;
  } catch (err) {
    if (err instanceof LinkLoop) return undefined;
    throw err;
  }
}

/** May this real path be read under the policy? */
export function isGranted(policy: FileAccessPolicy, real: string): boolean {
  if (isReserved(policy, real)) return false;
  return policy.mode === "open" || rootOf(policy, real) !== undefined;
}

/** Is `path` the folder `base` or inside it? Both are real, absolute and normalised. */
export function isInside(base: string, path: string): boolean {
  if (path === base || base === "/") return true;
  return path.startsWith(`${base}/`);
}

function checkSyntax(path: string): void {
  if (typeof path !== "string" || path.trim() === "") throw new ValidationError("A file path is required");
  if (path.includes("\u0000")) throw new ValidationError("A file path must not contain NUL characters");
  checkLengths(path, "A file path");
  // Relative paths would depend on the Server's working folder, which the user cannot see.
  // `C:\...` and `\\server\share` land here too: they are not absolute on this system.
  if (!path.startsWith("/")) {
    throw new ValidationError(`File paths must be absolute (start with "/"): "${path}"`);
  }
}

/**
 * The system's limits on a path (PATH_MAX) and on each name in it (NAME_MAX), in UTF-8 bytes
 * as the kernel counts: past them every file-system call fails with ENAMETOOLONG.
 */
function checkLengths(path: string, what: string): void {
  const bytes = Buffer.byteLength(path);
  if (bytes > MAX_PATH_LENGTH) {
    throw new ValidationError(`${what} must be at most ${MAX_PATH_LENGTH} bytes long (got ${bytes})`);
  }
  for (const name of path.split("/")) {
    const nameBytes = Buffer.byteLength(name);
    if (nameBytes > MAX_NAME_LENGTH) {
      throw new ValidationError(
        `${what} must not hold a name longer than ${MAX_NAME_LENGTH} bytes (got ${nameBytes}: "${name.slice(0, 40)}…")`,
      );
    }
  }
}

function outside(path: string): ForbiddenError {
  return new ForbiddenError(`Access to "${path}" is not allowed: it is outside the granted folders`);
}

function reserved(path: string): ForbiddenError {
  return new ForbiddenError(
    `Access to "${path}" is not allowed: it is inside Weft's data directory (only its ${DATA_DIR_FILES}/ folder may be used)`,
  );
}

/** FIFOs, sockets and devices would block or never end a read or a write; folders may be datasets. */
function refuseSpecialFile(path: string, real: string): void {
  const stats = statOrMissing(real);
  if (stats && !stats.isFile() && !stats.isDirectory()) {
    throw new ValidationError(`"${path}" is not a regular file (a device, pipe or socket cannot be read or written)`);
  }
}

function parentOf(real: string): string {
  const cut = real.lastIndexOf("/");
  return cut <= 0 ? "/" : real.slice(0, cut);
}

/**
 * Errors that mean "nothing there" for a name: it, or a folder above it, does not exist, or a
 * folder above cannot be searched (then this process cannot open it either).
 */
const ABSENT = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG", "EACCES"]);

function lstatOrMissing(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch (err) {
    if (ABSENT.has((err as NodeJS.ErrnoException).code ?? "")) return undefined;
    throw err;
  }
}

function readLinkOrRetry(path: string): string | undefined {
  try {
    return readlinkSync(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EINVAL" || code === "ENOENT") return undefined;
    throw err;
  }
}

function statOrMissing(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (err) {
    if (ABSENT.has((err as NodeJS.ErrnoException).code ?? "")) return undefined;
    throw err;
  }
}
