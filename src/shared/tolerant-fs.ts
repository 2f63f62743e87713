import { type Dirent, readdirSync, rmdirSync, unlinkSync } from "node:fs";

/**
 * File operations that tolerate a concurrent remover: several executor processes, the
 * maintenance task and cache clears touch the same folders (the run archive's retention
 * task and its readers too), so a file listed a moment ago may be gone now. Only "does not
 * exist" is tolerated; every other error is thrown.
 */

/**
 * An error the operating system gave a file operation (ENOENT, EACCES, ENOSPC…): it carries
 * the call and its errno. What nodejs-polars throws has a `code` too ("GenericFailure"), but
 * neither of these: a Polars failure is not taken for one.
 */
export function isSystemError(err: unknown): err is NodeJS.ErrnoException {
  const e = err as NodeJS.ErrnoException | undefined;
  return err instanceof Error && typeof e?.errno === "number" && typeof e.syscall === "string";
}

/** Whether an fs error says the file (or its folder) does not exist. */
export function isNoEntry(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

/** Removes a file; false when it was already gone. */
export function unlinkIfExists(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch (err) {
    if (isNoEntry(err)) return false;
    throw err;
  }
}

/** Removes a folder if it is empty; false when it is not empty or already gone. */
export function rmdirIfEmpty(path: string): boolean {
  try {
    rmdirSync(path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTEMPTY" || code === "EEXIST") return false;
    throw err;
  }
}

/** A folder's entries with their types; none when the folder does not exist (yet, or any more). */
export function readDirents(path: string): Dirent[] {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch (err) {
    if (isNoEntry(err)) return [];
    throw err;
  }
}
