import type { DataType } from "nodejs-polars";
import pl from "nodejs-polars";
import { ToolConfigError } from "../../shared/errors";
import { isNested } from "../column-checks";
import { dtypeName, NUMERIC_VARIANTS } from "../dtype";
import type { ToolContext } from "../types";
import { AGGREGATE_FUNCTIONS, type AggregateFunction } from "./schema";

export { AGGREGATE_FUNCTIONS, type AggregateFunction };

/** Separator of `concat`. */
export const CONCAT_SEPARATOR = ", ";

const NUMERIC_ONLY: ReadonlySet<AggregateFunction> = new Set(["sum", "mean", "median", "std", "var"]);
const NUMERIC = new Set([
  ...NUMERIC_VARIANTS,
  // Booleans count as 0/1, as in Polars (sum = number of true values, mean = their share).
  "Bool",
  // A column with no values at all aggregates to null like any other empty column.
  "Null",
]);

/**
 * Throws ToolConfigError, naming the column and its dtype, when `fn` cannot apply to it:
 * sum/mean/median/std/var need numbers (or booleans); min/max/concat cannot take nested
 * values (lists, structs). Checked at build time so the user learns it before any data is read.
 */
export function checkAggregatable(column: string, dtype: DataType, fn: AggregateFunction, ctx: ToolContext): void {
  const refused =
    (NUMERIC_ONLY.has(fn) && !NUMERIC.has(dtype.variant)) ||
    ((fn === "min" || fn === "max" || fn === "concat") && isNested(dtype));
  if (refused) {
    const needs = NUMERIC_ONLY.has(fn) ? "a numeric column" : "a column of plain values";
    throw new ToolConfigError(
      ctx.toolId,
      `Cannot apply ${fn} to column "${column}" of type ${dtypeName(dtype)}: ${fn} needs ${needs}`,
    );
  }
}

/**
 * The aggregation of one column, for `groupBy().agg()` or a whole-table `select()`.
 * Semantics (the generated Python must match them):
 * - nulls are skipped by every function except `first`/`last`, which return the value of the
 *   first/last row in input order (null if that row's value is null);
 * - `count` counts non-null values; `count_distinct` counts distinct non-null values;
 * - over no non-null values, `count`/`count_distinct` give 0 and every other function null
 *   (SQL's rule: Polars alone would give 0 for `sum` and "" for `concat`);
 * - `std`/`var` are the sample statistics (ddof 1): null for fewer than two values;
 * - `concat` joins the values' text form (Polars' cast to String) with ", ", in input order.
 */
export function aggregateExpr(column: string, fn: AggregateFunction): pl.Expr {
  const col = pl.col(column);
  const unlessEmpty = (expr: pl.Expr) => pl.when(col.count().gt(0)).then(expr).otherwise(pl.lit(null));
  switch (fn) {
    case "sum":
      return unlessEmpty(col.sum());
    case "mean":
      return col.mean();
    case "median":
      return col.median();
    case "min":
      return col.min();
    case "max":
      return col.max();
    case "count":
      return col.count();
    case "count_distinct":
      return col.dropNulls().nUnique();
    case "first":
      return col.first();
    case "last":
      return col.last();
    case "std":
      return col.std();
    case "var":
      return col.var();
    case "concat":
      return unlessEmpty(col.cast(pl.String).str.concat(CONCAT_SEPARATOR, true));
  }
}
