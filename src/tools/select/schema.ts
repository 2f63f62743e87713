import { z } from "zod";

/**
 * One listed column. `rename` and `dtype` may be empty strings or null, meaning "unchanged",
 * because a form in the designer sends its empty fields that way.
 */
export const SelectColumnSchema = z.strictObject({
  name: z.string(),
  selected: z.boolean().default(true),
  rename: z.string().nullish(),
  dtype: z.string().nullish(),
});
export type SelectColumn = z.infer<typeof SelectColumnSchema>;

/**
 * The Select tool's config: the output follows the order of `columns`; columns marked
 * `selected: false` are dropped; with `keep_others` the columns not listed follow in their
 * input order.
 */
export const SelectConfigSchema = z.strictObject({
  columns: z.array(SelectColumnSchema),
  keep_others: z.boolean().default(false),
});
export type SelectConfig = z.infer<typeof SelectConfigSchema>;
