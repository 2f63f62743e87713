import { defineToolMeta, SINGLE_INPUT } from "../tool-meta";
import { FilterConfigSchema } from "./schema";

/**
 * Splits rows by a condition: matching rows go to True, all others (nulls included) to False.
 */
export const filterMeta = defineToolMeta({
  type: "filter",
  label: "Filter",
  group: "Preparation",
  description: "Keep the rows that match a condition",
  glyph: "⊻",
  config: FilterConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: ["output-true", "output-false"],
  blocking: false,
  socketLabels: { "output-true": "T", "output-false": "F" },
  defaultConfig: () => ({ mode: "expression", expression: "" }),
});
