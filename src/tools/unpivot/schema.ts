import { z } from "zod";

const column = z.string().min(1);

/**
 * decisions.md `unpivot`: `{index, on?, variable_name?, value_name?}` (wide to long). `on`
 * defaults to every column not in `index`.
 */
export const UnpivotConfigSchema = z.strictObject({
  index: z.array(column).default([]).describe("Columns that stay, repeated on every output row"),
  on: z.array(column).min(1).optional().describe("Columns to turn into rows (default: every column not in index)"),
  variable_name: column.default("variable").describe("Name of the column that holds the former column names"),
  value_name: column.default("value").describe("Name of the column that holds the values"),
});
export type UnpivotConfig = z.infer<typeof UnpivotConfigSchema>;
