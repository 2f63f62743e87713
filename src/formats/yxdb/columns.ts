import pl, { type DataType } from "nodejs-polars";

/**
 * Growable column stores. Numbers go into typed arrays (nodejs-polars builds a Series from
 * one without a per-value conversion, and keeps NaN, which a JS array of numbers would turn
 * into null) with the null rows set afterwards; Int64 needs a BigInt64Array, since
 * nodejs-polars 0.26.1 makes nulls of a plain array of bigints.
 */

interface Store<V> {
  [index: number]: V;
  readonly length: number;
  set(values: ArrayLike<V>, offset?: number): void;
  slice(start: number, end: number): Store<V>;
}

/** A typed-array column; `finish` gives the Series, cast to `dtype` when given. */
export class TypedColumn<V extends number | bigint> {
  private values: Store<V>;
  private count = 0;
  private readonly nulls: number[] = [];

  constructor(
    private readonly name: string,
    private readonly make: (size: number) => Store<V>,
    private readonly zero: V,
    capacity: number,
    private readonly dtype?: DataType,
  ) {
    this.values = make(Math.max(16, capacity));
  }

  push(value: V | null): void {
    if (this.count === this.values.length) {
      const bigger = this.make(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    if (value === null) {
      this.nulls.push(this.count);
      this.values[this.count] = this.zero;
    } else {
      this.values[this.count] = value;
    }
    this.count++;
  }

  finish(): pl.Series {
    const series = pl.Series(this.name, this.values.slice(0, this.count) as never);
    if (this.nulls.length > 0) series.scatter(this.nulls, null as never);
    return this.dtype ? series.cast(this.dtype) : series;
  }
}

/** A column of JS values (text, booleans) of the given dtype. */
export class ListColumn<V> {
  private readonly values: (V | null)[] = [];

  constructor(
    private readonly name: string,
    private readonly dtype: DataType,
  ) {}

  push(value: V | null): void {
    this.values.push(value);
  }

  finish(): pl.Series {
    return pl.Series(this.name, this.values, this.dtype);
  }
}

export const uint8s = (size: number) => new Uint8Array(size);
export const int16s = (size: number) => new Int16Array(size);
export const int32s = (size: number) => new Int32Array(size);
export const int64s = (size: number) => new BigInt64Array(size);
export const float32s = (size: number) => new Float32Array(size);
export const float64s = (size: number) => new Float64Array(size);
