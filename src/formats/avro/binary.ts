/**
 * Avro's binary encoding (zig-zag varints, length-prefixed bytes, little-endian floats) over
 * byte arrays: a cursor that reads and an output that grows. Everything that does not decode
 * throws CorruptAvroError, which the reader turns into a DataSourceError naming the file.
 */

/** The bytes are not valid Avro; the message says what and where, the reader adds the file. */
export class CorruptAvroError extends Error {}

/** The bytes ended in the middle of a value (a truncated file, or a short read of a header). */
export class EndOfDataError extends CorruptAvroError {}

const TWO_POW_53 = 2 ** 53;

/** A position in a byte array, reading Avro primitives; `what` names the region in errors ("block 3"). */
export class AvroCursor {
  pos = 0;

  constructor(
    readonly bytes: Uint8Array,
    readonly what: string,
  ) {}

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  fail(problem: string): never {
    throw new CorruptAvroError(`${this.what}: ${problem} (at byte ${this.pos} of ${this.bytes.length})`);
  }

  private end(): never {
    throw new EndOfDataError(`${this.what}: the data ends in the middle of a value (at byte ${this.pos})`);
  }

  byte(): number {
    const b = this.bytes[this.pos];
    if (b === undefined) this.end();
    this.pos++;
    return b;
  }

  /** A zig-zag varint long: a number when it is a safe integer, else a BigInt (exact either way). */
  long(): number | bigint {
    const start = this.pos;
    let unsigned = 0;
    let scale = 1;
    // Seven 7-bit groups stay below 2^49, exact in a double; longer varints take the BigInt path.
    for (let i = 0; i < 7; i++) {
      const b = this.byte();
      unsigned += (b & 0x7f) * scale;
      if (b < 0x80) return unsigned % 2 === 0 ? unsigned / 2 : -(unsigned + 1) / 2;
      scale *= 128;
    }
    this.pos = start;
    return this.bigLong();
  }

  private bigLong(): number | bigint {
    let unsigned = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      unsigned |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) {
        if (i === 9 && b > 1) this.fail("a long does not fit in 64 bits");
        const value = unsigned & 1n ? -((unsigned + 1n) >> 1n) : unsigned >> 1n;
        return value >= -TWO_POW_53 + 1 && value <= TWO_POW_53 - 1 ? Number(value) : value;
      }
      shift += 7n;
    }
    return this.fail("a long is longer than 10 bytes");
  }

  /** A long that must be a count or index between 0 and `max` (a block count, a length, a branch). */
  count(what: string, max: number): number {
    const value = this.long();
    if (typeof value !== "number" || value < 0 || value > max) this.fail(`${what} ${value} is out of range 0..${max}`);
    return value;
  }

  /** An Avro int (a varint in the int32 range). */
  int(): number {
    const value = this.long();
    if (typeof value !== "number" || value < -2147483648 || value > 2147483647)
      this.fail(`int ${value} is out of range`);
    return value;
  }

  /** The next `n` bytes, as a view (no copy). */
  take(n: number): Uint8Array {
    if (n > this.remaining) this.end();
    const view = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return view;
  }

  /** Length-prefixed bytes (Avro `bytes` and `string`), as a view. */
  lengthPrefixed(): Uint8Array {
    const n = this.long();
    if (typeof n !== "number" || n < 0) this.fail(`a length of ${n} is invalid`);
    return this.take(n);
  }

  float(): number {
    const view = this.take(4);
    return new DataView(view.buffer, view.byteOffset, 4).getFloat32(0, true);
  }

  double(): number {
    const view = this.take(8);
    return new DataView(view.buffer, view.byteOffset, 8).getFloat64(0, true);
  }

  /**
   * Copies one varint unchanged to `out`, checking it fits: at most `maxBytes` bytes (5 for
   * an int, 10 for a long) and a last byte of at most `lastMax` when it uses all of them.
   */
  copyVarint(out: AvroOutput, maxBytes: number, lastMax: number): void {
    const start = this.pos;
    for (let i = 0; i < maxBytes; i++) {
      const b = this.byte();
      if (b < 0x80) {
        if (i === maxBytes - 1 && b > lastMax) this.fail(`a varint does not fit in ${maxBytes === 5 ? 32 : 64} bits`);
        out.copy(this.bytes, start, this.pos - start);
        return;
      }
    }
    this.fail(`a varint is longer than ${maxBytes} bytes`);
  }

  /** Copies the next `n` bytes to `out`. */
  copyBytes(out: AvroOutput, n: number): void {
    if (n > this.remaining) this.end();
    out.copy(this.bytes, this.pos, n);
    this.pos += n;
  }

  /** Copies length-prefixed bytes (Avro `bytes`, `string`) to `out`, prefix included. */
  copyLengthPrefixed(out: AvroOutput): void {
    const n = this.long();
    if (typeof n !== "number" || n < 0) this.fail(`a length of ${n} is invalid`);
    out.long(n);
    this.copyBytes(out, n);
  }
}

/** A growing byte buffer that Avro values are written to. */
export class AvroOutput {
  private buffer: Uint8Array;
  length = 0;

  constructor(initialSize = 64 * 1024) {
    this.buffer = new Uint8Array(initialSize);
  }

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  byte(b: number): void {
    this.reserve(1);
    this.buffer[this.length++] = b;
  }

  /**
   * Appends `n` bytes of `from` starting at `start`. Short runs are copied byte by byte:
   * making a subarray view per value cost more than the copy itself (measured).
   */
  copy(from: Uint8Array, start: number, n: number): void {
    this.reserve(n);
    if (n > 32) {
      this.buffer.set(from.subarray(start, start + n), this.length);
    } else {
      const buffer = this.buffer;
      for (let i = 0; i < n; i++) buffer[this.length + i] = from[start + i] as number;
    }
    this.length += n;
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A zig-zag varint long (exact for BigInt and for safe integers). */
  long(value: number | bigint): void {
    if (typeof value === "bigint" || Math.abs(value) >= 2 ** 52) {
      this.bigLong(BigInt(value));
      return;
    }
    let unsigned = value >= 0 ? value * 2 : -value * 2 - 1;
    this.reserve(10);
    while (unsigned >= 0x80) {
      this.buffer[this.length++] = (unsigned % 0x80) | 0x80;
      unsigned = Math.floor(unsigned / 0x80);
    }
    this.buffer[this.length++] = unsigned;
  }

  private bigLong(value: bigint): void {
    let unsigned = BigInt.asUintN(64, (value << 1n) ^ (value >> 63n));
    this.reserve(10);
    while (unsigned >= 0x80n) {
      this.buffer[this.length++] = Number(unsigned & 0x7fn) | 0x80;
      unsigned >>= 7n;
    }
    this.buffer[this.length++] = Number(unsigned);
  }

  double(value: number): void {
    this.reserve(8);
    new DataView(this.buffer.buffer, this.buffer.byteOffset + this.length, 8).setFloat64(0, value, true);
    this.length += 8;
  }

  lengthPrefixed(bytes: Uint8Array): void {
    this.long(bytes.length);
    this.raw(bytes);
  }

  /** The bytes written so far, as a view. */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  reset(): void {
    this.length = 0;
  }
}
