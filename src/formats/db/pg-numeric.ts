import pl from "nodejs-polars";
import { type ColumnBuilder, ValueBuilder } from "./column-builders";
import { decimalOf, MAX_DECIMAL_PRECISION } from "./pg-oids";

/**
 * How a numeric column is read (README.md, "Types"): Decimal(p, s) when its typmod says
 * p <= 38; "text" (PostgreSQL's exact text, String) when its typmod says more digits, by
 * the declaration so that the type does not change with the data, as MySQL's DECIMAL; and
 * "values" without a typmod (`sum()`, `avg()`, arithmetic, `numeric` columns): the values
 * read decide (`decimalByValues`).
 */
export type PgNumericType = { precision: number; scale: number } | "text" | "values";

/** The reading of a numeric of typmod `typmod` (-1: none). */
export function pgNumericType(typmod: number): PgNumericType {
  if (typmod < 4) return "values";
  return decimalOf(typmod) ?? "text";
}

/** The typmod of `numeric(precision, scale)`, as PostgreSQL packs it. */
export function numericTypmod(precision: number, scale: number): number {
  return ((precision << 16) | (scale & 0x7ff)) + 4;
}

/**
 * The digits a numeric's text (`-0012.500`) shows: before the point, leading zeros not
 * counted (`0.5` has none); after it; and after it up to the last one that is not zero.
 * Null for `NaN`, `Infinity` and `-Infinity`, which no Decimal holds.
 */
export interface NumericDigits {
  integer: number;
  fraction: number;
  significant: number;
}

export function numericDigits(text: string): NumericDigits | null {
  let start = text.charCodeAt(0) === 45 ? 1 : 0; // "-"
  const first = text.charCodeAt(start);
  if (first < 48 || first > 57) return null; // "NaN", "Infinity": not a digit
  const point = text.indexOf(".", start);
  const end = point < 0 ? text.length : point;
  while (start < end && text.charCodeAt(start) === 48) start++;
  if (point < 0) return { integer: end - start, fraction: 0, significant: 0 };
  let last = text.length;
  while (last > point + 1 && text.charCodeAt(last - 1) === 48) last--;
  return { integer: end - start, fraction: text.length - point - 1, significant: last - point - 1 };
}

/** What the values of a column showed so far: the most digits of each kind, and whether one had no Decimal form. */
export interface NumericSeen extends NumericDigits {
  /** -1 until a number is seen. */
  fraction: number;
  special: boolean;
}

/**
 * The Decimal that holds every value seen exactly, or null (String): Decimal(38, s), s the
 * most fraction digits any value shows (its display scale, so `sum()` of numeric(12,2) is
 * Decimal(38, 2)), lowered as far as 38 digits need when only zeros are dropped (Polars
 * parses `1.500` into scale 1 exactly); 0 when no value was seen. Null when a value is NaN
 * or ±Infinity, or when no scale keeps both the widest integer part and the last nonzero
 * fraction digit within 38 digits.
 */
export function decimalByValues(seen: NumericSeen): { precision: number; scale: number } | null {
  if (seen.special) return null;
  if (seen.fraction < 0) return { precision: MAX_DECIMAL_PRECISION, scale: 0 };
  const scale = Math.min(seen.fraction, MAX_DECIMAL_PRECISION - seen.integer);
  return scale >= seen.significant ? { precision: MAX_DECIMAL_PRECISION, scale } : null;
}

/**
 * A numeric column typed by its values (`decimalByValues`): the exact text of each value is
 * kept as String chunks, in Polars' memory, and cast once at `finish`, when every value's
 * digits are known. With `list`, each row is a list of texts and the column becomes a List.
 */
export class NumericByValuesBuilder<V extends string | (string | null)[]> implements ColumnBuilder {
  private readonly values: ValueBuilder<V>;
  readonly seen: NumericSeen = { integer: 0, fraction: -1, significant: 0, special: false };

  constructor(
    readonly name: string,
    private readonly list = false,
  ) {
    this.values = new ValueBuilder<V>(name, list ? pl.List(pl.String) : pl.String);
  }

  /** Counts the digits of one value (a row's, or an element of a row's list); gives the text back. */
  note(text: string): string {
    const digits = numericDigits(text);
    const seen = this.seen;
    if (!digits) seen.special = true;
    else {
      if (digits.integer > seen.integer) seen.integer = digits.integer;
      if (digits.fraction > seen.fraction) seen.fraction = digits.fraction;
      if (digits.significant > seen.significant) seen.significant = digits.significant;
    }
    return text;
  }

  push(value: V): void {
    this.values.push(value);
  }

  pushNull(): void {
    this.values.pushNull();
  }

  flush(): void {
    this.values.flush();
  }

  finish(): pl.Series {
    const series = this.values.finish();
    const type = decimalByValues(this.seen);
    if (!type) return series;
    const decimal = pl.Decimal(type.precision, type.scale);
    return series.cast(this.list ? pl.List(decimal) : decimal, true);
  }
}
