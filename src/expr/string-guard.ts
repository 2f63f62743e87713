import pl from "nodejs-polars";
import { ExpressionError } from "./expression-error";
import type { ExprLimits } from "./literal-limits";

/** An upper bound on a text length: known without the data, or a Float64 expression per row. */
export type Bound = number | pl.Expr;

/** What Polars' failed cast carries to tool-failure.ts: `weft-string-limit:<limit>:<limit + 1>+<asked - limit - 1>`. */
export const STRING_LIMIT_MARKER = "weft-string-limit";

/** The message of a refusal: the size asked for, the limit and its setting. */
export function stringLimitMessage(asked: number, limit: number): string {
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  return `Text would grow to ${n(asked)} characters, over the limit of ${n(limit)} (setting MAX_EXPR_STRING_LENGTH)`;
}

/**
 * `input` guarded by the bound: refused now when literals decide it (an ExpressionError at
 * `pos`), else made to fail the run before it is used where the bound is over the limit.
 */
export function guarded(input: pl.Expr, bound: Bound, limits: ExprLimits, pos: number): pl.Expr {
  const limit = limits.maxExprStringLength;
  if (typeof bound === "number") {
    if (bound > limit) throw new ExpressionError(stringLimitMessage(bound, limit), pos);
    return input;
  }
  // Where the bound is over the limit, by how much past limit + 1; elsewhere null: the
  // non-strict cast makes the negative differences null, so the bound is computed once (Polars
  // does not share `str.slice(1)` between a condition and its branch). The marker text is built
  // for those rows only (a regex replace of the start skips nulls; a concat_str visits every
  // row). A strict cast of the marker fails the run before the call computes anything; null
  // casts cleanly. Polars' error lists the failing values, so the marker reaches
  // tool-failure.ts, which turns it into a 422 naming the limit and the size asked for.
  // A bound past 2^64 would cast to null as well: string-growth.ts caps its products of two
  // per-row lengths (the only way to get there) at MAX_BOUND.
  const excess = bound.sub(pl.lit(limit + 1)).cast(pl.UInt64, false);
  const marker = excess.cast(pl.Utf8).str.replace("^", `${STRING_LIMIT_MARKER}:${limit}:${limit + 1}+`);
  const failure = marker.cast(pl.Int64, true);
  return pl.when(failure.isNull()).then(input).otherwise(pl.lit(null));
}

/** The limit and size asked for of a marker in Polars' message (`<limit>:<asked>` or `<limit>:<base>+<excess>`). */
export function stringLimitOf(message: string): { limit: number; asked: number } | undefined {
  const match = new RegExp(`${STRING_LIMIT_MARKER}:(\\d+):(\\d+)(?:\\+(\\d+))?`).exec(message);
  return match ? { limit: Number(match[1]), asked: Number(match[2]) + Number(match[3] ?? 0) } : undefined;
}
