import { statSync } from "node:fs";
import { PositionalFile } from "../positional-file";

/**
 * The rows of a Parquet file, read from its footer alone (`FileMetaData.num_rows`), without
 * planning a Polars query: one counting a just-written file cost about 0.4 ms even for 3
 * rows, a fixed cost of every Parquet write; this is two reads and a few hundred bytes parsed.
 *
 *   "PAR1" | row groups | FileMetaData (Thrift compact) | int32 footer length | "PAR1"
 *   FileMetaData { 1: i32 version, 2: list<SchemaElement> schema, 3: i64 num_rows, ... }
 *
 * Answers undefined when the footer is not laid out as expected (the caller counts another
 * way); throws only what the system throws (a missing file).
 */
export function parquetFileRows(path: string): number | undefined {
  const file = new PositionalFile(path, statSync(path).size);
  try {
    const { size } = file;
    if (size < 12) return undefined;
    const tail = file.readComplete(size - 8, 8);
    if (!tail || tail.toString("latin1", 4) !== MAGIC) return undefined;
    const footerLength = tail.readInt32LE(0);
    if (footerLength <= 0 || footerLength > size - 12) return undefined;
    const footer = file.readComplete(size - 8 - footerLength, footerLength);
    return footer && numRows(footer);
  } finally {
    file.close();
  }
}

const MAGIC = "PAR1";
const NUM_ROWS = 3;

/** Thrift compact protocol types. */
const T = {
  STOP: 0,
  TRUE: 1,
  FALSE: 2,
  BYTE: 3,
  I16: 4,
  I32: 5,
  I64: 6,
  DOUBLE: 7,
  BINARY: 8,
  LIST: 9,
  SET: 10,
  MAP: 11,
  STRUCT: 12,
} as const;

/** Metadata the reader does not follow: out of its bytes, or of a type compact Thrift has not. */
class Malformed extends Error {}

/** FileMetaData's field 3, skipping the fields before it. */
function numRows(buf: Buffer): number | undefined {
  const reader = new CompactReader(buf);
  try {
    let id = 0;
    for (;;) {
      const header = reader.byte();
      const type = header & 0x0f;
      if (type === T.STOP) return undefined;
      const delta = header >> 4;
      id = delta === 0 ? reader.zigzag() : id + delta;
      if (id === NUM_ROWS && type === T.I64) return reader.zigzag();
      reader.skip(type);
    }
  } catch (err) {
    if (err instanceof Malformed) return undefined;
    throw err;
  }
}

/** Reads Thrift's compact encoding from a buffer, as far as skipping values and reading integers. */
class CompactReader {
  private at = 0;

  constructor(private readonly buf: Buffer) {}

  byte(): number {
    if (this.at >= this.buf.length) throw new Malformed();
    return this.buf[this.at++] as number;
  }

  /** An unsigned varint, as a number (exact below 2^53: row counts are). */
  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return value;
      scale *= 128;
    }
    throw new Malformed();
  }

  /** A zigzag-encoded signed varint (i16, i32, i64). */
  zigzag(): number {
    const n = this.varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }

  private advance(bytes: number): void {
    if (bytes < 0 || this.at + bytes > this.buf.length) throw new Malformed();
    this.at += bytes;
  }

  /** Skips one value of compact type `type`. */
  skip(type: number): void {
    switch (type) {
      case T.TRUE:
      case T.FALSE:
        return; // a struct field's boolean is in its header
      case T.BYTE:
        this.advance(1);
        return;
      case T.I16:
      case T.I32:
      case T.I64:
        this.varint();
        return;
      case T.DOUBLE:
        this.advance(8);
        return;
      case T.BINARY:
        this.advance(this.varint());
        return;
      case T.LIST:
      case T.SET: {
        const header = this.byte();
        const size = header >> 4 === 15 ? this.varint() : header >> 4;
        for (let i = 0; i < size; i++) this.skipElement(header & 0x0f);
        return;
      }
      case T.MAP: {
        const size = this.varint();
        if (size === 0) return;
        const types = this.byte();
        for (let i = 0; i < size; i++) {
          this.skipElement(types >> 4);
          this.skipElement(types & 0x0f);
        }
        return;
      }
      case T.STRUCT:
        for (;;) {
          const header = this.byte();
          if ((header & 0x0f) === T.STOP) return;
          if (header >> 4 === 0) this.zigzag();
          this.skip(header & 0x0f);
        }
      default:
        throw new Malformed();
    }
  }

  /** A collection's element: a boolean there takes a byte of its own. */
  private skipElement(type: number): void {
    if (type === T.TRUE || type === T.FALSE) this.advance(1);
    else this.skip(type);
  }
}
