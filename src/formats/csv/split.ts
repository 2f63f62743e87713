import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";

const BLOCK = 1 << 20;
const NEWLINE = 0x0a;

export interface SplitOptions {
  hasHeader: boolean;
  quoteChar: string;
  /** A part is cut at the first record boundary past this many bytes. */
  partBytes: number;
}

/**
 * Copies a delimited text file into `dir` as parts of about `partBytes` each
 * (`part-000000.csv`, …), cut only between records (at a line break outside quotes) and each
 * starting with the file's header line, so a glob scan of the parts reads the same records in
 * the same order. Why: Polars maps a local CSV file whole into memory and keeps every page
 * it read mapped until the scan ends, so a run's resident size grows by the file's size (a
 * 66 MB file: 62 MB more at the peak); over parts it holds about one part at a time. The copy
 * streams through one 1 MiB buffer. Answers the parts' paths; none when the file holds no
 * records past its header.
 */
export function splitCsv(path: string, dir: string, options: SplitOptions): string[] {
  const quote = options.quoteChar.charCodeAt(0);
  const input = openSync(path, "r");
  const parts: string[] = [];
  let part: number | undefined;
  let partSize = 0;
  /** Whether the position reached is inside a quoted field (quotes seen so far are odd). */
  let quoted = false;
  let header: Buffer | undefined = options.hasHeader ? undefined : Buffer.alloc(0);
  let pendingHeader = Buffer.alloc(0);
  const write = (bytes: Buffer) => {
    if (bytes.length === 0) return;
    if (part === undefined) {
      const next = join(dir, `part-${String(parts.length).padStart(6, "0")}.csv`);
      part = openSync(next, "wx");
      parts.push(next);
      writeFully(part, header as Buffer);
      partSize = 0;
    }
    writeFully(part, bytes);
    partSize += bytes.length;
  };
  const closePart = () => {
    if (part !== undefined) closeSync(part);
    part = undefined;
  };
  try {
    const buffer = Buffer.alloc(BLOCK);
    for (let read = readSync(input, buffer, 0, BLOCK, null); read > 0; read = readSync(input, buffer, 0, BLOCK, null)) {
      let block = buffer.subarray(0, read);
      if (header === undefined) {
        // The header line ends at the first line break outside quotes (it may span blocks).
        pendingHeader = Buffer.concat([pendingHeader, block]);
        const end = recordEnd(pendingHeader, 0, false, quote);
        if (end === undefined) continue;
        header = Buffer.from(pendingHeader.subarray(0, end + 1));
        block = pendingHeader.subarray(end + 1);
        pendingHeader = Buffer.alloc(0);
      }
      while (block.length > 0) {
        // Cut at the first record end that brings the part to `partBytes` or more.
        const from = Math.max(0, options.partBytes - (part === undefined ? 0 : partSize) - 1);
        const end = from < block.length ? recordEnd(block, from, quoted, quote) : undefined;
        if (end === undefined) {
          quoted = quoted !== (countByte(block, quote, block.length) % 2 === 1);
          write(block);
          break;
        }
        write(block.subarray(0, end + 1));
        closePart();
        quoted = false;
        block = block.subarray(end + 1);
      }
    }
  } finally {
    closePart();
    closeSync(input);
  }
  return parts;
}

/**
 * The index of the first line break at or after `from` that ends a record (outside quotes,
 * `quoted` telling whether the block starts inside a quoted field); undefined when none does.
 */
function recordEnd(block: Buffer, from: number, quoted: boolean, quote: number): number | undefined {
  for (let at = block.indexOf(NEWLINE, from); at !== -1; at = block.indexOf(NEWLINE, at + 1)) {
    if (quoted === (countByte(block, quote, at) % 2 === 0)) continue;
    return at;
  }
  return undefined;
}

/** Occurrences of `byte` in block[0, end). */
function countByte(block: Buffer, byte: number, end: number): number {
  let count = 0;
  for (let at = block.indexOf(byte); at !== -1 && at < end; at = block.indexOf(byte, at + 1)) count++;
  return count;
}

function writeFully(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}
