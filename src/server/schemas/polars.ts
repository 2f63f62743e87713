import { z } from "@hono/zod-openapi";

/** The answer of `/polars/functions` (routes/polars.ts). */

const names = z.array(z.string());
export const FunctionsSchema = z
  .object({
    polars_version: z.string(),
    table_level: names.openapi({ description: "Functions called as pl.<name>(...)" }),
    column_methods: z.object({ all: names, string: names, numeric: names, datetime: names }),
  })
  .openapi("PolarsFunctions");

export type PolarsFunctions = z.infer<typeof FunctionsSchema>;
