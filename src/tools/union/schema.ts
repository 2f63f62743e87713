import { z } from "zod";

/**
 * Union config (decisions.md "Tool configs"). `by_name` matches columns by name;
 * `by_position` by place, taking the names of the first input. `fill_missing` applies to
 * `by_name` only: a column some input lacks is null there (true) or an error (false).
 */
export const UnionConfigSchema = z.strictObject({
  mode: z.enum(["by_name", "by_position"]).default("by_name"),
  fill_missing: z.boolean().default(true),
});

export type UnionConfig = z.output<typeof UnionConfigSchema>;
