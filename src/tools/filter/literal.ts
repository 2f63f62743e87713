import type { DataType } from "nodejs-polars";
import pl from "nodejs-polars";
import { ToolConfigError } from "../../shared/errors";
import { datetimeParts, dtypeName, NUMERIC_VARIANTS } from "../dtype";
import type { FilterScalar } from "./schema";
import { type ParsedDateTime, parseDate, parseDateTime, parseTime } from "./temporal-text";

/** How a filter treats a column's dtype when it turns a config value into a literal. */
export type ValueKind = "number" | "string" | "boolean" | "date" | "datetime" | "time" | "other";

const STRING_VARIANTS = new Set(["String", "Utf8", "Categorical", "Enum"]);

/** The kind of a dtype; `other` (lists, structs, binary, durations, Null) allows only null checks. */
export function kindOf(dtype: DataType): ValueKind {
  const v = dtype.variant;
  if (NUMERIC_VARIANTS.has(v)) return "number";
  if (STRING_VARIANTS.has(v)) return "string";
  if (v === "Bool") return "boolean";
  if (v === "Date") return "date";
  if (v === "Datetime") return "datetime";
  if (v === "Time") return "time";
  return "other";
}

/** The column a filter compares, with what its messages need. */
export interface FilterColumn {
  toolId: string;
  name: string;
  dtype: DataType;
  kind: ValueKind;
}

/** What a value is used for: text columns refuse numbers where order would be lexical. */
export type ValuePurpose = "equality" | "order" | "text";

const HINTS: Record<ValueKind, string> = {
  number: "a number",
  string: "text",
  boolean: "true or false",
  date: "a date as YYYY-MM-DD",
  datetime: "a date-time in ISO 8601 (YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS[.fff], optional Z or ±HH:MM)",
  time: "a time as HH:MM[:SS[.fff]]",
  other: "nothing (only is_null and is_not_null apply)",
};

/** The ToolConfigError for a value that cannot be compared with the column. */
export function mismatch(column: FilterColumn, value: unknown, extra = ""): ToolConfigError {
  return new ToolConfigError(
    column.toolId,
    `Filter value ${JSON.stringify(value)} cannot be compared with column "${column.name}" of type ` +
      `${dtypeName(column.dtype)}: expected ${HINTS[column.kind]}${extra}`,
  );
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

type ParsedNumber = { int: bigint } | { float: number };

/** A number, or a number written as text ("5", "-2.5e3"); integers stay exact (BigInt). */
function parseNumber(value: FilterScalar): ParsedNumber | undefined {
  if (typeof value === "number") {
    if (Number.isSafeInteger(value)) return { int: BigInt(value) };
    return Number.isFinite(value) ? { float: value } : undefined;
  }
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (/^[+-]?\d+$/.test(text)) return { int: BigInt(text.replace(/^\+/, "")) };
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) {
    const float = Number(text);
    return Number.isFinite(float) ? { float } : undefined;
  }
  return undefined;
}

/**
 * Integers become Int64 (or UInt64) literals through a cast of their text, so that values past
 * 2^53 stay exact; `pl.lit(number)` would make every number a Float64.
 */
function numberLiteral(parsed: ParsedNumber): pl.Expr {
  if ("float" in parsed) return pl.lit(parsed.float);
  if (parsed.int >= INT64_MIN && parsed.int <= INT64_MAX) return pl.lit(parsed.int.toString()).cast(pl.Int64, true);
  if (parsed.int >= 0n && parsed.int <= UINT64_MAX) return pl.lit(parsed.int.toString()).cast(pl.UInt64, true);
  return pl.lit(Number(parsed.int));
}

function parseBoolean(value: FilterScalar): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase();
  return text === "true" ? true : text === "false" ? false : undefined;
}

/** Text for a text column: numbers are accepted as their decimal text, except where order matters. */
function textOf(column: FilterColumn, value: FilterScalar, purpose: ValuePurpose): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && purpose !== "order") return String(value);
  const extra =
    typeof value === "number" ? ` (text orders character by character: give "${value}" as text if that is meant)` : "";
  throw mismatch(column, value, extra);
}

const PER_SECOND = { ms: 1_000n, us: 1_000_000n, ns: 1_000_000_000n } as const;

function int64(value: bigint): pl.Expr {
  return pl.lit(value.toString()).cast(pl.Int64, true);
}

/**
 * A Datetime literal in the column's unit and zone. Text without an offset is wall-clock time
 * in the column's zone; with an offset (or Z) it is that instant. A column without a zone is
 * taken as UTC, so a value copied from a preview (ISO with Z) matches.
 */
function datetimeLiteral(column: FilterColumn, parsed: ParsedDateTime): pl.Expr {
  const { unit, timeZone: zone } = datetimeParts(column.dtype);
  const perSecond = PER_SECOND[unit];
  const fraction = (parsed.nanos * perSecond) / PER_SECOND.ns;
  const local = parsed.seconds * perSecond + fraction;
  if (parsed.offsetMinutes !== undefined) {
    const utc = local - BigInt(parsed.offsetMinutes) * 60n * perSecond;
    return int64(utc).cast(zone ? pl.Datetime(unit, zone) : pl.Datetime(unit));
  }
  const naive = int64(local).cast(pl.Datetime(unit));
  return zone ? naive.dt.replaceTimeZone(zone) : naive;
}

/** The literal to compare `column` with, cast to fit its dtype; throws ToolConfigError on a mismatch. */
export function literalFor(column: FilterColumn, value: FilterScalar, purpose: ValuePurpose): pl.Expr {
  switch (column.kind) {
    case "number": {
      const parsed = parseNumber(value);
      if (!parsed) throw mismatch(column, value);
      return numberLiteral(parsed);
    }
    case "string":
      return pl.lit(textOf(column, value, purpose));
    case "boolean": {
      const parsed = parseBoolean(value);
      if (parsed === undefined) throw mismatch(column, value);
      return pl.lit(parsed);
    }
    case "date": {
      const days = typeof value === "string" ? parseDate(value) : undefined;
      if (days === undefined) throw mismatch(column, value);
      return pl.lit(days).cast(pl.Int32, true).cast(pl.Date);
    }
    case "datetime": {
      const parsed = typeof value === "string" ? parseDateTime(value) : undefined;
      if (!parsed) throw mismatch(column, value);
      return datetimeLiteral(column, parsed);
    }
    case "time": {
      const nanos = typeof value === "string" ? parseTime(value) : undefined;
      if (nanos === undefined) throw mismatch(column, value);
      return int64(nanos).cast(pl.Time);
    }
    case "other":
      throw mismatch(column, value);
  }
}

/**
 * `column in values` for a column expression that is already text where the column is a
 * category. Numbers, text and booleans use one list literal (fast for long lists); dates and
 * times are few in practice and use a chain of equalities, so each value gets its own cast.
 */
export function membership(column: FilterColumn, columnExpr: pl.Expr, values: readonly FilterScalar[]): pl.Expr {
  switch (column.kind) {
    case "string":
      return columnExpr.isIn(
        pl.lit(
          pl.Series(
            "value",
            values.map((v) => textOf(column, v, "equality")),
            pl.String,
          ),
        ),
      );
    case "boolean": {
      const bools = values.map((v) => {
        const parsed = parseBoolean(v);
        if (parsed === undefined) throw mismatch(column, v);
        return parsed;
      });
      return columnExpr.isIn(pl.lit(pl.Series("value", bools, pl.Bool)));
    }
    case "number":
      return columnExpr.isIn(pl.lit(numberList(column, values)));
    default:
      return values.reduce<pl.Expr>(
        (any, v) => any.or(columnExpr.eq(literalFor(column, v, "equality"))),
        pl.lit(false),
      );
  }
}

/** One Series for a list of numbers: Int64 (or UInt64) when all are integers that fit, else Float64. */
function numberList(column: FilterColumn, values: readonly FilterScalar[]): pl.Series {
  const parsed = values.map((v) => {
    const p = parseNumber(v);
    if (!p) throw mismatch(column, v);
    return p;
  });
  const ints = parsed.flatMap((p) => ("int" in p ? [p.int] : []));
  if (ints.length === parsed.length) {
    const text = ints.map(String);
    if (ints.every((i) => i >= INT64_MIN && i <= INT64_MAX))
      return pl.Series("value", text, pl.String).cast(pl.Int64, true);
    if (ints.every((i) => i >= 0n && i <= UINT64_MAX)) return pl.Series("value", text, pl.String).cast(pl.UInt64, true);
  }
  return pl.Series(
    "value",
    parsed.map((p) => ("int" in p ? Number(p.int) : p.float)),
    pl.Float64,
  );
}
