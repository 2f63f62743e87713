import { z } from "zod";

/** The aggregation functions of Summarize (decisions.md "Tool configs"); Pivot uses a subset. */
export const AGGREGATE_FUNCTIONS = [
  "sum",
  "mean",
  "median",
  "min",
  "max",
  "count",
  "count_distinct",
  "first",
  "last",
  "std",
  "var",
  "concat",
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

const column = z.string().min(1);

/** One aggregation: `output` defaults to `<column>_<function>`. */
export const AggregationSchema = z.strictObject({
  column: column.describe("The column to aggregate"),
  function: z.enum(AGGREGATE_FUNCTIONS).describe("The aggregation function"),
  output: column.optional().describe("Name of the result column (default: <column>_<function>)"),
});
export type Aggregation = z.infer<typeof AggregationSchema>;

/**
 * decisions.md `summarize`: `{group_by, aggregations}`. An empty `group_by` aggregates the
 * whole table into one row; no aggregations gives the distinct group keys.
 */
export const SummarizeConfigSchema = z
  .strictObject({
    group_by: z.array(column).default([]).describe("Columns whose value combinations form the groups"),
    aggregations: z.array(AggregationSchema).default([]).describe("The aggregations, in output order"),
  })
  .refine((c) => c.group_by.length > 0 || c.aggregations.length > 0, {
    message: "Summarize needs group_by columns or at least one aggregation",
  });
export type SummarizeConfig = z.infer<typeof SummarizeConfigSchema>;
