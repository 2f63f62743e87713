import pl, { type DataType } from "nodejs-polars";

/** Rows per batch: each column's batch becomes a Series chunk, and its JS memory goes. */
export const BATCH_ROWS = 65_536;

/**
 * Column stores for database reads. A reader pushes one value per row into each column and
 * calls `flush` every batch: the batch becomes a Series chunk on the Rust side and its JS
 * memory is let go, so a large result never sits in JS whole next to its frame. Numbers go
 * into typed arrays (nodejs-polars builds a Series from one without a per-value conversion
 * and keeps NaN); Int64 goes into a BigInt64Array, written through an Int32Array view of
 * the same memory so most values need no BigInt (nodejs-polars 0.26.1 makes nulls of a
 * plain array of bigints). Null rows are set after the Series is built.
 */
export interface ColumnBuilder {
  readonly name: string;
  pushNull(): void;
  /** Moves the rows pushed since the last flush into a Series chunk. */
  flush(): void;
  /** The whole column; the builder is done. */
  finish(): pl.Series;
}

/** A column of chunks: what every builder does with its batches. */
abstract class ChunkedBuilder implements ColumnBuilder {
  private chunks: pl.Series[] = [];
  protected nulls: number[] = [];
  protected count = 0;

  constructor(readonly name: string) {}

  pushNull(): void {
    this.nulls.push(this.count);
    this.pushFiller();
    this.count++;
  }

  /** Stores a placeholder for a null row. */
  protected abstract pushFiller(): void;
  /** The batch as a Series, without its nulls; resets the batch. */
  protected abstract batch(): pl.Series;
  /** The batch with its nulls set, as a Series of the final type. */
  protected convert(series: pl.Series): pl.Series {
    return series;
  }

  flush(): void {
    if (this.count === 0 && this.chunks.length > 0) return;
    const raw = this.batch();
    if (this.nulls.length > 0) raw.scatter(this.nulls, null as never);
    const series = this.convert(raw);
    this.nulls = [];
    this.count = 0;
    const first = this.chunks[0];
    if (first) first.append(series);
    else this.chunks.push(series);
  }

  finish(): pl.Series {
    this.flush();
    const [series] = this.chunks;
    this.chunks = [];
    return (series as pl.Series).rename(this.name);
  }
}

export type NumberArray =
  | Int8Array
  | Int16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | Uint8Array
  | Uint16Array;

/** Casts in turn: a type, or several (Int64 → Int32 → Date). */
type Casts = DataType | readonly DataType[];

function castAll(series: pl.Series, casts: Casts | undefined): pl.Series {
  if (!casts) return series;
  const list: readonly DataType[] = Array.isArray(casts) ? casts : [casts as DataType];
  return list.reduce((done: pl.Series, dtype: DataType) => done.cast(dtype, true), series);
}

/** Numbers in a typed array, cast to `dtype` at each flush when given (Int32 days → Date). */
export class NumberBuilder extends ChunkedBuilder {
  private values: NumberArray;

  constructor(
    name: string,
    private readonly make: (size: number) => NumberArray,
    private readonly dtype?: Casts,
  ) {
    super(name);
    this.values = make(1024);
  }

  push(value: number): void {
    if (this.count === this.values.length) this.grow();
    this.values[this.count++] = value;
  }

  protected pushFiller(): void {
    if (this.count === this.values.length) this.grow();
    this.values[this.count] = 0;
  }

  private grow(): void {
    const bigger = this.make(this.values.length * 2);
    bigger.set(this.values as never);
    this.values = bigger;
  }

  protected batch(): pl.Series {
    return pl.Series(this.name, this.values.slice(0, this.count) as never);
  }

  protected override convert(series: pl.Series): pl.Series {
    return castAll(series, this.dtype);
  }
}

export const int8s = (size: number) => new Int8Array(size);
export const uint8s = (size: number) => new Uint8Array(size);
export const int16s = (size: number) => new Int16Array(size);
export const uint16s = (size: number) => new Uint16Array(size);
export const int32s = (size: number) => new Int32Array(size);
export const uint32s = (size: number) => new Uint32Array(size);
export const float32s = (size: number) => new Float32Array(size);
export const float64s = (size: number) => new Float64Array(size);

const TWO_32 = 2 ** 32;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * 64-bit integers, then cast to `dtype` (Datetime, Duration, Time). `pushHiLo` takes the two
 * 32-bit halves (high signed, low unsigned), as the wire gives them, so no BigInt is made.
 */
export class Int64Builder extends ChunkedBuilder {
  private values = new BigInt64Array(1024);
  private halves = new Int32Array(this.values.buffer);
  private readonly hi = LITTLE_ENDIAN ? 1 : 0;
  private readonly lo = LITTLE_ENDIAN ? 0 : 1;

  constructor(
    name: string,
    private readonly dtype?: Casts,
  ) {
    super(name);
  }

  pushHiLo(hi: number, lo: number): void {
    if (this.count === this.values.length) this.grow();
    const at = this.count++ * 2;
    this.halves[at + this.hi] = hi;
    this.halves[at + this.lo] = lo;
  }

  /** A safe integer (|value| <= 2^53 - 1). */
  pushNumber(value: number): void {
    this.pushHiLo(Math.floor(value / TWO_32), value >>> 0);
  }

  pushBigInt(value: bigint): void {
    if (this.count === this.values.length) this.grow();
    this.values[this.count++] = value;
  }

  protected pushFiller(): void {
    if (this.count === this.values.length) this.grow();
    this.values[this.count] = 0n;
  }

  private grow(): void {
    const bigger = new BigInt64Array(this.values.length * 2);
    bigger.set(this.values);
    this.values = bigger;
    this.halves = new Int32Array(bigger.buffer);
  }

  protected batch(): pl.Series {
    return pl.Series(this.name, this.values.slice(0, this.count) as never);
  }

  protected override convert(series: pl.Series): pl.Series {
    return castAll(series, this.dtype);
  }
}

/**
 * Values nodejs-polars converts itself (strings, booleans, lists as JS arrays), cast to
 * `castTo` at each flush when given: decimal text to Decimal (strict: a value that does not
 * fit is a bug, not a null), base64 to Binary, lists of text to lists of Int64; a list of
 * types is cast in turn.
 */
export class ValueBuilder<V> extends ChunkedBuilder {
  private values: (V | null)[] = [];

  constructor(
    name: string,
    private readonly dtype: DataType,
    private readonly castTo?: Casts | "base64",
  ) {
    super(name);
  }

  push(value: V): void {
    this.values.push(value);
    this.count++;
  }

  protected pushFiller(): void {
    this.values.push(null);
  }

  /** nodejs-polars sets nulls itself from a JS array, so no scatter is needed. */
  override flush(): void {
    this.nulls = [];
    super.flush();
  }

  protected batch(): pl.Series {
    const values = this.values;
    this.values = [];
    if (this.dtype.variant === "List" && !values.some((value) => value !== null)) {
      // nodejs-polars 0.26.1 cannot build a List Series of no values or only nulls; a
      // String Series of nulls casts to one.
      return pl.Series(this.name, values, pl.String).cast(this.dtype);
    }
    return pl.Series(this.name, values, this.dtype);
  }

  protected override convert(series: pl.Series): pl.Series {
    if (this.castTo === "base64") return series.str.decode("base64");
    return castAll(series, this.castTo);
  }
}

/** Text that becomes Binary: nodejs-polars 0.26.1 cannot build a Series from Buffers. */
export const binaryBuilder = (name: string) => new ValueBuilder<string>(name, pl.String, "base64");

/** How many digits a plain decimal text has before its point (leading zeros not counted) and after it. */
export interface DecimalDigits {
  integer: number;
  fraction: number;
}

/** The digits of `-0012.50` ({ integer: 2, fraction: 2 }); null for anything but sign, digits, point, digits. */
export function decimalDigits(text: string): DecimalDigits | null {
  const m = /^[-+]?0*(\d*)(?:\.(\d+))?$/.exec(text);
  if (!m || !/\d/.test(text)) return null;
  return { integer: (m[1] as string).length, fraction: m[2]?.length ?? 0 };
}

/** A Decimal type, or null: keep the text (more digits than Polars' 38). */
export type DecimalType = { precision: number; scale: number } | null;

/**
 * Decimal numbers from their exact text (`-12.50`), kept as String chunks and cast once at
 * `finish`, when the digits of every value are known: Decimal(p, s) by Polars' own parse of
 * the text, or the text itself when `typeOf` answers null. The parse is exact (nodejs-polars
 * 0.26.1, 20,000 random values of up to 38 digits at every scale), where building a Decimal
 * from BigInts is not (it drops the sign and wraps past 2^63). The scale must cover the most
 * fraction digits of any value: Polars rounds extra digits silently (`1.255` as
 * Decimal(10, 2) is 1.26), and pads fewer (`1.5` is 1.50).
 */
export class DecimalTextBuilder implements ColumnBuilder {
  private readonly text: ValueBuilder<string>;
  /** The most digits seen before and after the point; `fraction` is -1 until a value shows it. */
  readonly seen: DecimalDigits = { integer: 0, fraction: -1 };

  constructor(
    readonly name: string,
    private readonly typeOf: (seen: DecimalDigits) => DecimalType,
  ) {
    this.text = new ValueBuilder<string>(name, pl.String);
  }

  /** Adds a value; false (and nothing added) when the text is not a plain decimal. */
  push(text: string): boolean {
    if (!this.note(text)) return false;
    this.text.push(text);
    return true;
  }

  /**
   * Adds a value whose digits the caller has counted, as `decimalDigits` counts them (a reader
   * that scanned its bytes), without matching the text again.
   */
  pushCounted(text: string, integer: number, fraction: number): void {
    if (integer > this.seen.integer) this.seen.integer = integer;
    if (fraction > this.seen.fraction) this.seen.fraction = fraction;
    this.text.push(text);
  }

  /** Counts a value's digits without adding a row: a value of the same type read elsewhere. */
  note(text: string): boolean {
    const digits = decimalDigits(text);
    if (!digits) return false;
    this.seen.integer = Math.max(this.seen.integer, digits.integer);
    this.seen.fraction = Math.max(this.seen.fraction, digits.fraction);
    return true;
  }

  pushNull(): void {
    this.text.pushNull();
  }

  flush(): void {
    this.text.flush();
  }

  finish(): pl.Series {
    const series = this.text.finish();
    const type = this.typeOf(this.seen);
    return type ? series.cast(pl.Decimal(type.precision, type.scale), true) : series;
  }
}
