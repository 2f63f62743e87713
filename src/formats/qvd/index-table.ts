import type { QvdFieldHeader, QvdHeader } from "./header";
import { type QvdSource, qvdError } from "./source";

/** Symbol indexes of one field for each decoded row; the index `symbolCount` means null. */
export type FieldIndexes =
  /** A field of BitWidth 0 (or without symbols): the same index on every row, stored once. */
  { kind: "constant"; index: number } | { kind: "rows"; indexes: Uint8Array | Uint16Array | Uint32Array };

/** Records are read this many bytes at a time, so the whole index table is never in memory at once. */
const CHUNK_BYTES = 1024 * 1024;
/** Zero bytes after the records, so a field can read a whole 32-bit word from its first byte. */
const PADDING = 8;

/**
 * Decodes the first `rows` records of the index table (all of them when `rows` is
 * NoOfRecords), reading only those bytes. `symbolCounts[f]` is the number of symbols of
 * field f: an index `bits + Bias` below 0 is null (Bias -2 marks a nullable field) and is
 * stored as `symbolCounts[f]`, the null slot after the last symbol; one at or past it is a
 * DataSourceError naming the field and row. `chunkBytes` is how much is read at a time.
 */
export function decodeIndexTable(
  source: QvdSource,
  header: QvdHeader,
  symbolCounts: readonly number[],
  rows: number,
  chunkBytes = CHUNK_BYTES,
): FieldIndexes[] {
  const decoders = header.fields.map((field, f) => new FieldDecoder(field, symbolCounts[f] ?? 0, rows, source.path));
  const varying = decoders.filter((d) => d.out.kind === "rows");
  const size = header.recordByteSize;
  if (varying.length === 0 || rows === 0) return decoders.map((d) => d.out);
  const perChunk = Math.max(1, Math.floor(chunkBytes / size));
  const buffer = Buffer.alloc(Math.min(perChunk, rows) * size + PADDING);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let first = 0; first < rows; first += perChunk) {
    const count = Math.min(perChunk, rows - first);
    const position = header.dataStart + header.tableOffset + first * size;
    source.readInto(buffer, position, count * size, "the index table");
    // Bytes past `count` records may be left from the previous chunk: fields mask them off.
    for (const decoder of varying) decoder.decode(view, size, first, count);
  }
  return decoders.map((d) => d.out);
}

/** Unpacks one field's bits from each record. */
class FieldDecoder {
  readonly out: FieldIndexes;
  private readonly byteStart: number;
  private readonly shift: number;

  constructor(
    private readonly field: QvdFieldHeader,
    private readonly symbolCount: number,
    rows: number,
    private readonly path: string,
  ) {
    this.byteStart = field.bitOffset >> 3;
    this.shift = field.bitOffset & 7;
    if (symbolCount === 0) {
      // No symbols: every row is null whatever its bits say.
      this.out = { kind: "constant", index: 0 };
    } else if (field.bitWidth === 0) {
      this.out = { kind: "constant", index: this.toIndex(0, 0) };
    } else {
      const slots = symbolCount + 1;
      const indexes =
        slots <= 2 ** 8 ? new Uint8Array(rows) : slots <= 2 ** 16 ? new Uint16Array(rows) : new Uint32Array(rows);
      this.out = { kind: "rows", indexes };
    }
  }

  /** Decodes `count` records of `view` (record `first` of the table is at byte 0; PADDING bytes follow). */
  decode(view: DataView, recordSize: number, first: number, count: number): void {
    if (this.out.kind !== "rows") return;
    const { indexes } = this.out;
    const { bitWidth: width, bias } = this.field;
    const { byteStart, shift, symbolCount } = this;
    if (shift + width < 32) {
      // The common case, kept tight: one little-endian word per record, shifted and masked.
      const mask = (1 << width) - 1;
      for (let r = 0; r < count; r++) {
        let index = ((view.getUint32(r * recordSize + byteStart, true) >>> shift) & mask) + bias;
        if (index < 0) index = symbolCount;
        else if (index >= symbolCount) this.toIndex(index - bias, first + r);
        indexes[first + r] = index;
      }
      return;
    }
    for (let r = 0; r < count; r++) {
      const base = r * recordSize;
      const bits =
        width <= 32
          ? readBits(view, base, this.field.bitOffset, width)
          : readBits(view, base, this.field.bitOffset + 32, width - 32) * 2 ** 32 +
            readBits(view, base, this.field.bitOffset, 32);
      indexes[first + r] = this.toIndex(bits, first + r);
    }
  }

  /** The symbol index of a row's bits, or the null slot. */
  private toIndex(bits: number, row: number): number {
    const index = bits + this.field.bias;
    if (index < 0) return this.symbolCount;
    if (index >= this.symbolCount) {
      throw qvdError(
        this.path,
        `row ${row + 1} of field "${this.field.name}" refers to symbol ${index}, but the field has ${this.symbolCount} symbols`,
      );
    }
    return index;
  }
}

/** `width` (at most 32) bits from bit `bitOffset` of the record at `base`, least significant bit first. */
function readBits(view: DataView, base: number, bitOffset: number, width: number): number {
  const at = base + (bitOffset >> 3);
  const shift = bitOffset & 7;
  // Five bytes hold any 32 bits at any shift; as a float, 40 bits are exact.
  const raw = view.getUint32(at, true) + view.getUint8(at + 4) * 2 ** 32;
  return Math.floor(raw / 2 ** shift) % 2 ** width;
}
