import { readSync } from "node:fs";
import { DataSourceError } from "../../shared/errors";
import { LzfError, lzfDecompress } from "./lzf";
import { MAX_RECORD_BYTES, type RecordLayout } from "./record-info";

/**
 * Alteryx compresses records in buffers of 256 KiB: a block never decompresses to more, and
 * a stored block (the high bit of its length set, written when LZF did not shrink it) never
 * holds more. Bigger lengths are damage, refused before anything is allocated.
 */
export const BLOCK_SIZE = 0x40000;
const STORED = 0x80000000;

/** Successive pieces of the record stream; null once the file ends where a piece could start. */
export interface ByteSource {
  next(): Buffer | null;
}

/** Reads exactly `length` bytes at `position` into `into`, or answers how many there were. */
function readAt(fd: number, into: Uint8Array, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, into, done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

/**
 * The LZF blocks from `start` to `end` (where the records end), read with positional reads
 * one block at a time. Each answer is a view of one reused buffer, valid until the next call.
 */
export class LzfBlocks implements ByteSource {
  private readonly input = Buffer.alloc(BLOCK_SIZE);
  private readonly output = Buffer.alloc(BLOCK_SIZE);
  private readonly lengthBytes = Buffer.alloc(4);
  private position: number;

  constructor(
    private readonly path: string,
    private readonly fd: number,
    start: number,
    private readonly end: number,
  ) {
    this.position = start;
  }

  next(): Buffer | null {
    if (this.position >= this.end) return null;
    const at = this.position;
    if (at + 4 > this.end || readAt(this.fd, this.lengthBytes, 4, at) < 4) throw this.cutOff(at);
    const word = this.lengthBytes.readUInt32LE(0);
    const stored = (word & STORED) !== 0;
    const length = word & ~STORED;
    if (length === 0 || length > BLOCK_SIZE) {
      throw new DataSourceError(
        `Cannot read ${this.path}: the data block at byte ${at} has an impossible length (${length}; blocks hold 1 to ${BLOCK_SIZE} bytes)`,
      );
    }
    if (at + 4 + length > this.end) throw this.cutOff(at);
    this.position = at + 4 + length;
    // A short read means the file shrank since it was measured.
    if (stored) {
      if (readAt(this.fd, this.output, length, at + 4) < length) throw this.cutOff(at);
      return this.output.subarray(0, length);
    }
    if (readAt(this.fd, this.input, length, at + 4) < length) throw this.cutOff(at);
    let produced: number;
    try {
      produced = lzfDecompress(this.input.subarray(0, length), this.output);
    } catch (error) {
      if (!(error instanceof LzfError)) throw error;
      throw new DataSourceError(
        `Cannot read ${this.path}: the data block at byte ${at} is corrupt (${error.message})`,
        {
          cause: error,
        },
      );
    }
    if (produced === 0) throw new DataSourceError(`Cannot read ${this.path}: the data block at byte ${at} is empty`);
    return this.output.subarray(0, produced);
  }

  private cutOff(at: number): DataSourceError {
    return new DataSourceError(
      `Cannot read ${this.path}: the file is truncated or damaged (the data block at byte ${at} runs past the end of the records, byte ${this.end})`,
    );
  }
}

/** The records of an uncompressed file (compression 0): the file itself, in 256 KiB pieces. */
export class StoredBytes implements ByteSource {
  private readonly buffer = Buffer.alloc(BLOCK_SIZE);
  private position: number;

  constructor(
    private readonly fd: number,
    start: number,
    private readonly end: number,
  ) {
    this.position = start;
  }

  next(): Buffer | null {
    if (this.position >= this.end) return null;
    const n = readAt(this.fd, this.buffer, Math.min(BLOCK_SIZE, this.end - this.position), this.position);
    if (n === 0) return null;
    this.position += n;
    return this.buffer.subarray(0, n);
  }
}

/** One record: `bytes` from `start` to `end`. Reused, so valid until the next read. */
export interface RecordView {
  bytes: Buffer;
  start: number;
  end: number;
}

/**
 * Cuts the byte stream into records: the fixed part, then (when the layout has variable
 * fields) a 4-byte length and that many bytes of variable data. A record inside one block
 * is answered in place (no copy, no view object: a typed-array view per record was a fifth
 * of the time on large files). A record across blocks is copied together piece by piece as
 * the blocks come, so a lying length costs no more memory than the bytes really present.
 */
export class RecordReader {
  private block: Buffer = Buffer.alloc(0);
  private pos = 0;
  private index = 0;
  private readonly view: RecordView = { bytes: this.block, start: 0, end: 0 };

  constructor(
    private readonly path: string,
    private readonly source: ByteSource,
    private readonly layout: RecordLayout,
    private readonly recordCount: number,
  ) {}

  /** The next record. */
  read(): RecordView {
    this.index++;
    const { fixedSize, hasVarData } = this.layout;
    const head = hasVarData ? fixedSize + 4 : fixedSize;
    const start = this.pos;
    const block = this.block;
    if (block.length - start >= head) {
      const total = hasVarData ? head + this.varLength(block, start + fixedSize) : head;
      if (block.length - start >= total) {
        this.pos = start + total;
        return this.answer(block, start, this.pos);
      }
    }
    const fixed = this.gather(head);
    const varLength = hasVarData ? this.varLength(fixed, fixedSize) : 0;
    const bytes = varLength === 0 ? fixed : Buffer.concat([fixed, this.gather(varLength)]);
    return this.answer(bytes, 0, bytes.length);
  }

  private answer(bytes: Buffer, start: number, end: number): RecordView {
    this.view.bytes = bytes;
    this.view.start = start;
    this.view.end = end;
    return this.view;
  }

  private varLength(bytes: Buffer, at: number): number {
    const length = bytes.readInt32LE(at);
    if (length < 0 || length > MAX_RECORD_BYTES) {
      throw new DataSourceError(
        `Cannot read ${this.path}: record ${this.index} has an impossible variable-data length (${length})`,
      );
    }
    return length;
  }

  /** The next `count` bytes, copied (taking them may decompress the next block over this one). */
  private gather(count: number): Buffer {
    const parts: Buffer[] = [];
    let needed = count;
    while (needed > 0) {
      if (this.pos === this.block.length) {
        const next = this.source.next();
        if (!next) {
          throw new DataSourceError(
            `Cannot read ${this.path}: the file is truncated or damaged (the header says ${this.recordCount} records; the data ends in record ${this.index})`,
          );
        }
        this.block = next;
        this.pos = 0;
        continue;
      }
      const n = Math.min(needed, this.block.length - this.pos);
      parts.push(Buffer.from(this.block.subarray(this.pos, this.pos + n)));
      this.pos += n;
      needed -= n;
    }
    return Buffer.concat(parts, count);
  }
}
