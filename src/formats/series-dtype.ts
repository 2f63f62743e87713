import type pl from "nodejs-polars";
import type { DataType } from "nodejs-polars";

/** nodejs-polars' refusal for a dtype it has no JS class for (Binary, Enum, Int128, ...). */
const NO_JS_DTYPE = /is not supported for JS conversion/;

/**
 * A series' dtype, or null when nodejs-polars 0.26.1 has no JS class for it and throws
 * (notes/formats.md: Binary columns); `displayedDtype` then names it. Any other error is a bug
 * and is thrown.
 */
export function readDtype(series: pl.Series): DataType | null {
  try {
    return series.dtype;
  } catch (error) {
    if (error instanceof Error && NO_JS_DTYPE.test(error.message)) return null;
    throw error;
  }
}

/** The type part of Polars' display of a series, e.g. `list[binary]` (no rows are printed). */
export function displayedDtype(series: pl.Series): string {
  const header = series.head(0).alias("x").toString().split("\n")[1] ?? "";
  return header.slice("Series: 'x' [".length, -1);
}
