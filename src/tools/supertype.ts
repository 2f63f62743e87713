import type { DataType as PolarsDataType } from "nodejs-polars";
import pl from "nodejs-polars";

type DataType = PolarsDataType;

/** Integer types by variant: [signed, bits]. */
const INTEGERS: Record<string, readonly [boolean, number]> = {
  Int8: [true, 8],
  Int16: [true, 16],
  Int32: [true, 32],
  Int64: [true, 64],
  UInt8: [false, 8],
  UInt16: [false, 16],
  UInt32: [false, 32],
  UInt64: [false, 64],
};
const SIGNED: Record<number, DataType> = { 8: pl.Int8, 16: pl.Int16, 32: pl.Int32, 64: pl.Int64 };
const UNSIGNED: Record<number, DataType> = { 8: pl.UInt8, 16: pl.UInt16, 32: pl.UInt32, 64: pl.UInt64 };
const TIME_UNIT_RANK: Record<string, number> = { ms: 0, us: 1, ns: 2 };

/** True for the integer types (signed and unsigned). */
export function isInteger(dtype: DataType): boolean {
  return dtype.variant in INTEGERS;
}

/** True for Float32 and Float64. */
export function isFloat(dtype: DataType): boolean {
  return dtype.variant === "Float32" || dtype.variant === "Float64";
}

function isText(dtype: DataType): boolean {
  return ["String", "Utf8", "Categorical", "Enum"].includes(dtype.variant);
}

function integerSupertype(a: readonly [boolean, number], b: readonly [boolean, number]): DataType {
  const [aSigned, aBits] = a;
  const [bSigned, bBits] = b;
  if (aSigned === bSigned) return (aSigned ? SIGNED : UNSIGNED)[Math.max(aBits, bBits)] as DataType;
  const signedBits = aSigned ? aBits : bBits;
  const unsignedBits = aSigned ? bBits : aBits;
  if (signedBits > unsignedBits) return SIGNED[signedBits] as DataType;
  // A signed type twice as wide holds every value of both; none holds UInt64 and negatives (Polars: Float64).
  return unsignedBits < 64 ? (SIGNED[unsignedBits * 2] as DataType) : pl.Float64;
}

/** Decimal digits each integer type needs for its widest value. */
const INTEGER_DIGITS: Record<string, number> = {
  Int8: 3,
  Int16: 5,
  Int32: 10,
  Int64: 19,
  UInt8: 3,
  UInt16: 5,
  UInt32: 10,
  UInt64: 20,
};
/** Polars' widest Decimal. */
const MAX_DECIMAL_PRECISION = 38;

/** [precision, scale] of a Decimal; an integer type as a Decimal of scale 0. */
function decimalShape(dtype: DataType): readonly [number, number] | undefined {
  if (dtype.variant === "Decimal") {
    const [precision, scale] = (dtype as unknown as { inner: [number, number] }).inner;
    return [precision ?? MAX_DECIMAL_PRECISION, scale ?? 0];
  }
  const digits = INTEGER_DIGITS[dtype.variant];
  return digits === undefined ? undefined : [digits, 0];
}

/**
 * The Decimal with both scales' fraction digits and both types' whole digits, at most 38
 * digits in all. Past 38 the whole digits give way (a database's Decimal(38, s) rarely holds
 * that many): a value that does not fit then fails the run with a 422 naming the tool, never
 * a rounded number.
 */
function decimalSupertype(a: readonly [number, number], b: readonly [number, number]): DataType {
  const scale = Math.max(a[1], b[1]);
  const whole = Math.max(a[0] - a[1], b[0] - b[1]);
  return pl.Decimal(Math.min(whole + scale, MAX_DECIMAL_PRECISION), scale);
}

function datetimeSupertype(a: pl.Datetime, b: pl.Datetime): DataType | undefined {
  const [aUnit, aZone] = a.inner;
  const [bUnit, bZone] = b.inner;
  // Mixing time zones (or zoned with naive) changes meaning: the user must convert first.
  if ((aZone ?? null) !== (bZone ?? null)) return undefined;
  const unit = (TIME_UNIT_RANK[aUnit ?? "us"] ?? 1) >= (TIME_UNIT_RANK[bUnit ?? "us"] ?? 1) ? aUnit : bUnit;
  return pl.Datetime((unit ?? "us") as "us", aZone ?? undefined);
}

/**
 * The type two columns are widened to when they are stacked, or undefined when they cannot be
 * combined without changing meaning. Rules: equal types stay; Null gives way to the other;
 * integers widen to an integer that holds both (UInt64 with a signed type → Float64, as
 * Polars); integer with float, or two floats → Float64; text (String, Categorical) → String;
 * Date with Datetime → the Datetime; two Datetimes of one time zone → the finer unit;
 * Decimals, or a Decimal with an integer → the Decimal holding both (at most 38 digits, see
 * decimalSupertype); a Decimal with a float → Float64. Text with a number is refused: numbers are
 * never silently turned into text.
 */
export function supertype(a: DataType, b: DataType): DataType | undefined {
  if (a.equals(b)) return a;
  if (a.variant === "Null") return b;
  if (b.variant === "Null") return a;
  const aInt = INTEGERS[a.variant];
  const bInt = INTEGERS[b.variant];
  if (aInt && bInt) return integerSupertype(aInt, bInt);
  if ((aInt || isFloat(a)) && (bInt || isFloat(b))) return pl.Float64;
  if (a.variant === "Decimal" || b.variant === "Decimal") {
    const aShape = decimalShape(a);
    const bShape = decimalShape(b);
    if (aShape && bShape) return decimalSupertype(aShape, bShape);
    if (isFloat(a) || isFloat(b)) return pl.Float64;
    return undefined;
  }
  if (isText(a) && isText(b)) return pl.String;
  if (a.variant === "Datetime" && b.variant === "Datetime")
    return datetimeSupertype(a as pl.Datetime, b as pl.Datetime);
  if (a.variant === "Date" && b.variant === "Datetime") return b;
  if (a.variant === "Datetime" && b.variant === "Date") return a;
  return undefined;
}
