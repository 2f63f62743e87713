import { closeSync, constants, openSync, readSync } from "node:fs";

/**
 * A file opened for reads by position: the readers that decode a format themselves (Avro,
 * QVD) read a header, then only the parts they need, never the whole of a large file.
 */
export class PositionalFile {
  protected readonly fd: number;

  /** Opens `path`, whose size the caller has measured (checkReadableFile). */
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

  /** Exactly `length` bytes from `position`, or undefined when the file ends first. */
  readComplete(position: number, length: number): Buffer | undefined {
    const bytes = this.readUpTo(position, length);
    return bytes.length === length ? bytes : undefined;
  }

  close(): void {
    closeSync(this.fd);
  }
}
