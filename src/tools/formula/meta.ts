import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { FormulaConfigSchema } from "./schema";

/** Adds or replaces columns with functions picked from a catalogue. */
export const formulaMeta = defineToolMeta({
  type: "formula",
  label: "Formula",
  group: "Preparation",
  description: "Add columns with no-code functions",
  glyph: "ƒ",
  config: FormulaConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: false,
  defaultConfig: () => ({ formulas: [] }),
});
