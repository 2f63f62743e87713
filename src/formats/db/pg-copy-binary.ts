import { DataSourceError } from "../../shared/errors";
import { BATCH_ROWS } from "./column-builders";
import { type PgColumnReader, PgValueError } from "./pg-oids";

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // PGCOPY\n\377\r\n\0
const HEADER_BYTES = 19; // signature, flags (int32), header extension length (int32)

/**
 * Decodes the stream of `COPY (...) TO STDOUT (FORMAT binary)` into column builders, chunk by
 * chunk as it arrives: a header, then per row a field count (int16) and per field a length
 * (int32, -1 for null) and the value in its type's binary send format, then -1. A row split
 * across chunks waits for the rest; a large value waits until enough bytes are there, so
 * chunks are joined once, not once per chunk.
 */
export class CopyBinaryDecoder {
  rows = 0;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private need = HEADER_BYTES;
  private header = false;
  private done = false;

  constructor(private readonly readers: readonly PgColumnReader[]) {}

  /** Decodes every complete row in `chunk` and what was left of the last one. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    if (this.done) throw this.corrupt("data after the end of the rows");
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.need) return;
    const data = this.pending.length === 1 ? chunk : Buffer.concat(this.pending, this.pendingBytes);
    const used = this.decode(data);
    const rest = data.subarray(used);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
  }

  /** Checks the stream ended where it should, and flushes the last batch. */
  end(): void {
    if (!this.done) throw this.corrupt(this.header ? "the stream ended inside a row" : "no COPY header");
    for (const reader of this.readers) reader.builder.flush();
  }

  private decode(data: Uint8Array): number {
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let pos = 0;
    if (!this.header) {
      if (data.length < HEADER_BYTES) return 0;
      if (SIGNATURE.some((byte, i) => data[i] !== byte)) throw this.corrupt("no COPY signature");
      const extension = view.getInt32(15);
      if (data.length < HEADER_BYTES + extension) {
        this.need = HEADER_BYTES + extension;
        return 0;
      }
      pos = HEADER_BYTES + extension;
      this.header = true;
    }
    const columns = this.readers.length;
    const length = data.length;
    this.need = 1;
    while (!this.done) {
      if (pos + 2 > length) return this.wait(pos, 2);
      const fields = view.getInt16(pos);
      if (fields === -1) {
        this.done = true;
        return pos + 2;
      }
      if (fields !== columns) throw this.corrupt(`a row of ${fields} fields (expected ${columns})`);
      // First the row's extent, so that a row is decoded only when all of it is here.
      let end = pos + 2;
      for (let i = 0; i < columns; i++) {
        if (end + 4 > length) return this.wait(pos, end + 4 - pos);
        const size = view.getInt32(end);
        end += 4;
        if (size > 0) end += size;
        if (end > length) return this.wait(pos, end - pos);
      }
      let at = pos + 2;
      for (let i = 0; i < columns; i++) {
        const size = view.getInt32(at);
        at += 4;
        const reader = this.readers[i] as PgColumnReader;
        if (size < 0) {
          reader.builder.pushNull();
          continue;
        }
        try {
          reader.read(bytes, view, at, size);
        } catch (error) {
          if (!(error instanceof PgValueError)) throw error;
          throw new DataSourceError(`Column "${reader.builder.name}" at row ${this.rows + 1} ${error.message}`);
        }
        at += size;
      }
      pos = end;
      this.rows++;
      if (this.rows % BATCH_ROWS === 0) for (const reader of this.readers) reader.builder.flush();
    }
    return pos;
  }

  /** Keeps the bytes from `pos` until at least `need` of them are there. */
  private wait(pos: number, need: number): number {
    this.need = need;
    return pos;
  }

  private corrupt(what: string): DataSourceError {
    return new DataSourceError(`PostgreSQL sent an unreadable COPY stream: ${what}`);
  }
}
