import { readSync } from "node:fs";
import { DataSourceError } from "../../shared/errors";
import { PositionalFile } from "../positional-file";

/** A DataSourceError in the house form: `Cannot read <path>: <problem>`. */
export function qvdError(path: string, problem: string, cause?: unknown): DataSourceError {
  return new DataSourceError(`Cannot read ${path}: ${problem}`, cause === undefined ? undefined : { cause });
}

/**
 * An open QVD file read by position. A QVD is read in three hops (header, symbol tables, the
 * needed rows of the index table), so a preview of a multi-GB file never reads it whole.
 */
export class QvdSource extends PositionalFile {
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
}
