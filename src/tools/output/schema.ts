import { z } from "zod";

export const WriteOptionsSchema = z.strictObject({
  delimiter: z.string().min(1).max(2).optional(),
  include_header: z.boolean().optional(),
  compression: z.string().optional(),
});

/** decisions.md `output`: the format comes from the extension when absent. */
export const OutputConfigSchema = z.strictObject({
  path: z.string().min(1).describe("Absolute path of the file to write"),
  format: z.enum(["csv", "parquet", "ipc", "json", "excel", "avro"]).optional(),
  options: WriteOptionsSchema.optional(),
  if_exists: z.enum(["replace", "fail"]).default("replace"),
});
export type OutputConfig = z.infer<typeof OutputConfigSchema>;
