import { closeSync, constants, openSync, readSync, statSync } from "node:fs";
import { DataSourceError } from "../shared/errors";

/**
 * Checks that `path` is a readable, non-empty regular file and answers its size. Polars'
 * scans are lazy and fail only at collection, with a message that may not name the file;
 * this runs at scan time so the user hears early which file is at fault.
 */
export function checkReadableFile(path: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch (error) {
    throw fileSystemError(path, error);
  }
  if (stat.isDirectory()) throw new DataSourceError(`Cannot read ${path}: it is a directory, not a file`);
  if (!stat.isFile()) throw new DataSourceError(`Cannot read ${path}: it is not a regular file`);
  if (stat.size === 0) throw new DataSourceError(`Cannot read ${path}: the file is empty`);
  // Opening proves read permission (stat alone does not).
  closeSync(openFile(path));
  return stat.size;
}

/** Up to `length` bytes from `position` (fewer when the file is shorter). */
export function readBytes(path: string, position: number, length: number): Buffer {
  const fd = openFile(path);
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, position);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The first byte that is not JSON whitespace (after a UTF-8 BOM), or undefined if there is none. */
export function firstSignificantByte(path: string): { byte: number | undefined; hasBom: boolean } {
  const chunk = 64 * 1024;
  let position = 0;
  let hasBom = false;
  for (;;) {
    const bytes = readBytes(path, position, chunk);
    let start = 0;
    if (position === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      hasBom = true;
      start = 3;
    }
    for (let i = start; i < bytes.length; i++) {
      const b = bytes[i];
      if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return { byte: b, hasBom };
    }
    if (bytes.length < chunk) return { byte: undefined, hasBom };
    position += bytes.length;
  }
}

/**
 * Escapes glob characters: nodejs-polars' `scanIPC` and `scanJson` always expand globs (no
 * `glob: false` option), so `data[1].arrow` would otherwise match nothing.
 */
export function escapeGlob(path: string): string {
  return path.replace(/[[*?]/g, (c) => `[${c}]`);
}

function openFile(path: string): number {
  try {
    return openSync(path, constants.O_RDONLY);
  } catch (error) {
    throw fileSystemError(path, error);
  }
}

function fileSystemError(path: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return new DataSourceError(`File not found: ${path}`, { cause: error });
  if (code === "EACCES" || code === "EPERM") {
    return new DataSourceError(`Cannot read ${path}: permission denied`, { cause: error });
  }
  return error as Error;
}
