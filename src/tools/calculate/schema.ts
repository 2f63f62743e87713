import { z } from "zod";

/** decisions.md `calculate`: a name that exists is replaced in place. */
export const CalculateConfigSchema = z.strictObject({
  columns: z.array(z.strictObject({ name: z.string().min(1), expression: z.string().min(1) })).min(1),
});
export type CalculateConfig = z.infer<typeof CalculateConfigSchema>;
