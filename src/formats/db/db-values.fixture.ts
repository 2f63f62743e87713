import pl, { type DataType } from "nodejs-polars";
import { displayedDtype, readDtype } from "../series-dtype";

/**
 * For the database tests: a column's values as plain JS that a test can compare with values
 * computed in TS, exactly. Int64, UInt64, Datetime, Duration and Time as decimal text of their
 * integer (microseconds; nanoseconds for Time), Date as days since 1970, Decimal as its
 * text, Binary as byte arrays, lists element by element the same way.
 */
export function exactValues(series: pl.Series): unknown[] {
  const dtype = readDtype(series);
  if (!dtype) {
    const shown = displayedDtype(series);
    if (shown === "binary") return series.cast(pl.List(pl.UInt8)).toArray().map(bytes);
    if (shown === "list[binary]") return series.cast(pl.List(pl.List(pl.UInt8))).toArray();
    throw new Error(`no exact values for ${shown}`);
  }
  switch (dtype.variant) {
    case "UInt64":
      return series.cast(pl.String).toArray();
    case "Int64":
    case "Datetime":
    case "Duration":
    case "Time":
      return series.cast(pl.Int64).cast(pl.String).toArray();
    case "Date":
      return series.cast(pl.Int32).toArray();
    case "Decimal":
      return series.cast(pl.String).toArray();
    case "List": {
      const inner = (dtype as unknown as { inner: [DataType] }).inner[0];
      const variant = inner.variant as string;
      if (["Int64", "Datetime", "Duration", "Time"].includes(variant)) {
        return series.cast(pl.List(pl.Int64)).cast(pl.List(pl.String)).toArray();
      }
      if (variant === "Date") return series.cast(pl.List(pl.Int32)).toArray();
      if (variant === "Decimal") return series.cast(pl.List(pl.String)).toArray();
      return series.toArray();
    }
    default:
      return series.toArray();
  }
}

const bytes = (value: unknown) => (value === null ? null : Array.from(value as ArrayLike<number>));

/** The display name of a column's type (`i64`, `datetime[μs, UTC]`, `binary`), for type checks. */
export function shownType(series: pl.Series): string {
  return displayedDtype(series);
}

/** Microseconds since 1970 of a UTC date-time with a microsecond part, as decimal text. */
export function microsText(isoMillis: string, extraMicros = 0): string {
  return String(BigInt(Date.parse(isoMillis)) * 1000n + BigInt(extraMicros));
}

/** Days since 1970 of a date (YYYY-MM-DD), from JS's own calendar. */
export function daysOf(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}
