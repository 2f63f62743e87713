import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { SelectConfigSchema } from "./schema";

/** Chooses, orders, renames and changes the type of columns. */
export const selectMeta = defineToolMeta({
  type: "select",
  label: "Select",
  group: "Preparation",
  description: "Choose, order, rename and retype columns",
  glyph: "☰",
  config: SelectConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: false,
  defaultConfig: () => ({ columns: [], keep_others: true }),
});
