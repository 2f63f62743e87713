import pl from "nodejs-polars";
import type { PyValue } from "./py-value";
import { textLiteral } from "./text-lengths";

/**
 * Literals as nodejs-polars expressions. `pl.lit(5)` is a Float64 in nodejs-polars and
 * `pl.lit(5n)` a UInt64 that drops the sign, so integers are cast: Int32 when they fit (as
 * Python Polars types `pl.lit(5)`), else Int64 or UInt64 from their decimal text, so that
 * values past 2^53 stay exact.
 */

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** The dtype an integer literal takes, or undefined when it does not fit in 64 bits. */
export function intLiteralType(n: bigint): "Int32" | "Int64" | "UInt64" | undefined {
  if (n >= INT32_MIN && n <= INT32_MAX) return "Int32";
  if (n >= INT64_MIN && n <= INT64_MAX) return "Int64";
  if (n >= 0n && n <= UINT64_MAX) return "UInt64";
  return undefined;
}

/** An integer literal of its Python Polars type (callers check the range first). */
export function intLiteral(value: bigint | number): pl.Expr {
  const n = BigInt(value);
  const type = intLiteralType(n);
  if (type === "Int32") return pl.lit(Number(n)).cast(pl.Int32);
  return pl.lit(n.toString()).cast(type === "UInt64" ? pl.UInt64 : pl.Int64, true);
}

/** A scalar literal: int, float, str, bool or None. */
export function scalarLiteral(value: PyValue): pl.Expr {
  switch (value.type) {
    case "int":
      return intLiteral(value.value);
    case "float":
      return pl.lit(value.value);
    case "str":
      return textLiteral(pl.lit(value.value), value.value);
    case "bool":
      return pl.lit(value.value);
    case "none":
      return pl.lit(null);
    default:
      throw new Error("scalarLiteral(): lists are not scalars");
  }
}

/** The element type a list of literals gives, or why it has none. */
export type ListType = "Int64" | "UInt64" | "Float64" | "String" | "Boolean" | "untyped" | "mixed";

/** What one Series can hold for these literals: ints, floats (ints mixed in become floats), text, bools. */
export function listType(items: readonly PyValue[]): ListType {
  const kinds = new Set(items.filter((v) => v.type !== "none").map((v) => v.type));
  if (kinds.size === 0) return "untyped";
  if ([...kinds].every((k) => k === "int")) {
    const ints = items.flatMap((v) => (v.type === "int" ? [v.value] : []));
    if (ints.every((n) => n >= INT64_MIN && n <= INT64_MAX)) return "Int64";
    return ints.every((n) => n >= 0n && n <= UINT64_MAX) ? "UInt64" : "mixed";
  }
  if ([...kinds].every((k) => k === "int" || k === "float")) return "Float64";
  if (kinds.size === 1 && kinds.has("str")) return "String";
  if (kinds.size === 1 && kinds.has("bool")) return "Boolean";
  return "mixed";
}

/** One typed Series literal for a list of literals (listType must not be untyped or mixed). */
export function seriesLiteral(items: readonly PyValue[]): pl.Expr {
  const type = listType(items);
  const scalar = (v: PyValue) => ("value" in v ? v.value : null);
  switch (type) {
    case "Int64":
    case "UInt64": {
      const text = items.map((v) => (v.type === "int" ? v.value.toString() : null));
      return pl.lit(pl.Series("values", text, pl.String).cast(type === "Int64" ? pl.Int64 : pl.UInt64, true));
    }
    case "Float64":
      return pl.lit(
        pl.Series(
          "values",
          items.map((v) => (v.type === "none" ? null : Number(scalar(v)))),
          pl.Float64,
        ),
      );
    case "String":
      return pl.lit(pl.Series("values", items.map(scalar), pl.String));
    case "Boolean":
      return pl.lit(pl.Series("values", items.map(scalar), pl.Bool));
    default:
      throw new Error(`seriesLiteral(): a ${type} list has no Series type`);
  }
}

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a valid calendar date, or undefined (2023-02-29, month 13...). */
export function epochDays(year: number, month: number, day: number): number | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return Math.round(date.getTime() / MS_PER_DAY);
}

/** A Date literal. */
export function dateLiteral(days: number): pl.Expr {
  return pl.lit(days).cast(pl.Int32).cast(pl.Date);
}

/** A Datetime literal from its count of `unit` since the epoch; with a zone, that count is wall-clock time there. */
export function datetimeLiteral(ticks: bigint, unit: "ms" | "us" | "ns", zone: string | null): pl.Expr {
  const naive = pl.lit(ticks.toString()).cast(pl.Int64, true).cast(pl.Datetime(unit));
  return zone ? naive.dt.replaceTimeZone(zone) : naive;
}
