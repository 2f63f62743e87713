import { closeSync, constants, openSync, readSync } from "node:fs";
import { DataSourceError } from "../../shared/errors";

/** A DataSourceError in the house form: `Cannot read <path>: <problem>`. */
export function qvdError(path: string, problem: string, cause?: unknown): DataSourceError {
  return new DataSourceError(`Cannot read ${path}: ${problem}`, cause === undefined ? undefined : { cause });
}

/**
 * An open QVD file read by position. A QVD is read in three hops (header, symbol tables, the
 * needed rows of the index table), so a preview of a multi-GB file never reads it whole.
 */
export class QvdSource {
  private readonly fd: number;

  /** Opens `path`, whose size the caller has checked (checkReadableFile). */
  constructor(
    readonly path: string,
    readonly size: number,
  ) {
    this.fd = openSync(path, constants.O_RDONLY);
  }

  /** Up to `length` bytes from `position`: fewer only at the end of the file. */
  readUpTo(position: number, length: number): Buffer {
    const available = Math.max(0, Math.min(length, this.size - position));
    const buffer = Buffer.allocUnsafe(available);
    let filled = 0;
    while (filled < available) {
      const read = readSync(this.fd, buffer, filled, available - filled, position + filled);
      if (read === 0) break; // The file shrank since it was measured.
      filled += read;
    }
    return buffer.subarray(0, filled);
  }

  /** Fills `buffer` from its start with exactly `length` bytes from `position`; `what` as in readExactly. */
  readInto(buffer: Buffer, position: number, length: number, what: string): void {
    let filled = 0;
    while (filled < length) {
      const read = readSync(this.fd, buffer, filled, length - filled, position + filled);
      if (read === 0) {
        throw qvdError(this.path, `the file is truncated: ${what} ends at byte ${position + length}, past its end`);
      }
      filled += read;
    }
  }

  /** Exactly `length` bytes from `position`; `what` names the part in the error of a short read. */
  readExactly(position: number, length: number, what: string): Buffer {
    const bytes = this.readUpTo(position, length);
    if (bytes.length < length) {
      throw qvdError(this.path, `the file is truncated: ${what} ends at byte ${position + length}, past its end`);
    }
    return bytes;
  }

  close(): void {
    closeSync(this.fd);
  }
}
