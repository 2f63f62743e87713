import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { CalculateConfigSchema } from "./schema";

/** Adds or replaces columns with expressions. */
export const calculateMeta = defineToolMeta({
  type: "calculate",
  label: "Calculate",
  group: "Transform",
  description: "Add or replace columns with expressions",
  glyph: "=",
  config: CalculateConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: false,
  defaultConfig: () => ({ columns: [] }),
});
