import { z } from "zod";

/** One sort key: ascending with nulls last unless told otherwise. */
export const SortKeySchema = z.strictObject({
  column: z.string(),
  descending: z.boolean().default(false),
  nulls_last: z.boolean().default(true),
});
export type SortKey = z.infer<typeof SortKeySchema>;

/** The Sort tool's config: keys in priority order (an empty list is refused when built). */
export const SortConfigSchema = z.strictObject({
  by: z.array(SortKeySchema),
});
export type SortConfig = z.infer<typeof SortConfigSchema>;
