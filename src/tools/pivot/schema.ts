import { z } from "zod";

const column = z.string().min(1);

/** The aggregations a pivot cell may use (a subset of Summarize's, with the same semantics). */
export const PIVOT_AGGREGATES = ["sum", "mean", "count", "min", "max", "first", "last"] as const;
export type PivotAggregate = (typeof PIVOT_AGGREGATES)[number];

/**
 * decisions.md `pivot`: `{index, on, values, aggregate}`. `index` lists the columns that stay
 * (one row per combination of their values); `on` is the one column whose values become
 * column names; `values` is one column or a list of columns that fill the cells.
 */
export const PivotConfigSchema = z.strictObject({
  index: z.array(column).min(1).describe("Columns that stay: one output row per combination of their values"),
  on: column.describe("The column whose values become the new columns"),
  values: z.union([column, z.array(column).min(1)]).describe("The column (or columns) that fill the cells"),
  aggregate: z.enum(PIVOT_AGGREGATES).describe("How the values of one cell are combined"),
});
export type PivotConfig = z.infer<typeof PivotConfigSchema>;
