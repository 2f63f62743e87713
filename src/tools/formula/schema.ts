import { z } from "zod";
import { FORMULA_FUNCTION_NAMES, formulaCatalogue } from "./catalog";

/** The key of the JSON schema under which the function catalogue is served. */
export const CATALOGUE_KEY = "x-weft-catalogue";

/** A literal argument: text, a number, true/false, or null. */
export const FormulaValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const ArgSchema = z.union([
  z.strictObject({ column: z.string().min(1) }),
  z.strictObject({ value: FormulaValueSchema }),
]);

/**
 * decisions.md `formula`: named functions with column and literal arguments, no expression
 * strings. Formulas apply in order, so a later one may use an earlier one's output; an output
 * that names an existing column replaces it in place. The catalogue travels in the schema's
 * metadata: zod copies it into the JSON schema the Server serves, under `x-weft-catalogue`.
 */
export const FormulaConfigSchema = z
  .strictObject({
    formulas: z.array(
      z.strictObject({
        output: z.string().min(1),
        function: z.enum(FORMULA_FUNCTION_NAMES, {
          error: (issue) =>
            `unknown function ${JSON.stringify(issue.input)}: the catalogue (this tool's schema) lists the functions`,
        }),
        args: z.array(ArgSchema).default([]),
      }),
    ),
  })
  .meta({ [CATALOGUE_KEY]: formulaCatalogue() });
export type FormulaConfig = z.infer<typeof FormulaConfigSchema>;
export type FormulaSpec = FormulaConfig["formulas"][number];
export type FormulaArgument = FormulaSpec["args"][number];
