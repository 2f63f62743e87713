import { z } from "zod";

const ArgSchema = z.union([z.strictObject({ column: z.string().min(1) }), z.strictObject({ value: z.unknown() })]);

/** decisions.md `formula`: named functions with column and literal arguments, no expression strings. */
export const FormulaConfigSchema = z.strictObject({
  formulas: z.array(
    z.strictObject({ output: z.string().min(1), function: z.string().min(1), args: z.array(ArgSchema).default([]) }),
  ),
});
export type FormulaConfig = z.infer<typeof FormulaConfigSchema>;
