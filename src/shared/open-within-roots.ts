import { closeSync, constants, fstatSync, openSync, readlinkSync, type Stats } from "node:fs";
import { ForbiddenError, NotFoundError, ValidationError } from "./errors";
import { type FileAccessPolicy, isGranted, type LocatedPath, locateUserPath, rootOf } from "./file-access";

/** A file or folder opened inside the roots: read it through `readPath`, never by its name again. */
export interface OpenedPath extends LocatedPath {
  fd: number;
  /** What was opened, from the descriptor: a regular file or a folder. */
  stats: Stats;
  /**
   * `/proc/self/fd/<fd>` on Linux: while the descriptor is open this names the opened file
   * or folder itself, whatever is renamed or linked at its name meanwhile; readers that take
   * a path (Polars, SQLite) are given this. The real path elsewhere.
   */
  readPath: string;
  close(): void;
}

const PROC_FD = "/proc/self/fd";
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Opens what a user's path names, and checks what was opened (decisions.md "Files"). A path
 * checked by name and then opened by name can be swapped in between (a folder replaced by a
 * link to outside the roots), so: resolve and check as `locateUserPath` does; open without
 * following a link at the last name (O_NOFOLLOW) and without waiting on a pipe or device
 * (O_NONBLOCK); refuse what is not a regular file or a folder (from the descriptor); and
 * check the descriptor's own real path against the roots. A swap caught there is a 403,
 * never what is outside. Missing is a 404.
 */
export function openWithinRoots(policy: FileAccessPolicy, path: string, access: "read" | "write"): OpenedPath {
  const located = locateUserPath(policy, path, access);
  let fd: number;
  try {
    fd = openSync(located.path, FLAGS);
  } catch (err) {
    throw openError(err, path);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() && !stats.isDirectory()) throw specialFile(path);
    const real = descriptorPath(fd) ?? located.path;
    const root = policy.mode === "open" ? undefined : rootOf(policy, real);
    if (!isGranted(policy, real) || (access === "write" && root?.readOnly)) throw changedWhileOpening(path);
    return {
      path: real,
      root,
      readOnly: root?.readOnly ?? false,
      fd,
      stats,
      readPath: hasProcFd() ? `${PROC_FD}/${fd}` : real,
      close: () => closeSync(fd),
    };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** Runs `use` with the opened path, closing it afterwards; errors naming `/proc/self/fd/N` name the real path. */
export async function withOpened<T>(
  policy: FileAccessPolicy,
  path: string,
  access: "read" | "write",
  use: (opened: OpenedPath) => T | Promise<T>,
): Promise<T> {
  const opened = openWithinRoots(policy, path, access);
  try {
    return await use(opened);
  } catch (err) {
    throw renamed(err, opened);
  } finally {
    opened.close();
  }
}

/** The error with `/proc/self/fd/N` replaced by the real path in its message (readers name what they were given). */
export function renamed(err: unknown, opened: Pick<OpenedPath, "readPath" | "path">): unknown {
  if (err instanceof Error && opened.readPath !== opened.path && err.message.includes(opened.readPath)) {
    // Not inside a longer number: /proc/self/fd/8 is no part of /proc/self/fd/80.
    const name = new RegExp(`${opened.readPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\d)`, "g");
    err.message = err.message.replace(name, opened.path);
  }
  return err;
}

/** The special-file refusal, the same everywhere. */
export function specialFile(path: string): ValidationError {
  return new ValidationError(
    `"${path}" is not a regular file or a folder (a device, pipe or socket cannot be read or written)`,
  );
}

/** A folder or link on the way was replaced between the check and the open. */
export function changedWhileOpening(path: string): ForbiddenError {
  return new ForbiddenError(
    `Access to "${path}" is not allowed: it changed while it was being opened (a folder or link on the way was replaced)`,
  );
}

let procFd: boolean | undefined;
function hasProcFd(): boolean {
  if (procFd === undefined) {
    try {
      readlinkSync(`${PROC_FD}/0`);
      procFd = true;
    } catch {
      procFd = false;
    }
  }
  return procFd;
}

/** The real path the kernel holds for a descriptor (Linux); undefined where /proc is absent. */
function descriptorPath(fd: number): string | undefined {
  if (!hasProcFd()) return undefined;
  const real = readlinkSync(`${PROC_FD}/${fd}`, "utf8");
  return real.endsWith(" (deleted)") ? real.slice(0, -" (deleted)".length) : real;
}

function openError(err: unknown, path: string): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return new NotFoundError(`No such file or folder: "${path}"`);
  // The last name became a link after it was resolved (O_NOFOLLOW), or a folder on the way did.
  if (code === "ELOOP") return changedWhileOpening(path);
  if (code === "EACCES" || code === "EPERM") return new ForbiddenError(`"${path}" cannot be read: permission denied`);
  // A socket, or a device without its driver.
  if (code === "ENXIO" || code === "ENODEV") return specialFile(path);
  return err;
}
