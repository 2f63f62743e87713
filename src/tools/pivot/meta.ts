import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { PivotConfigSchema } from "./schema";

/** Turns the values of a column into columns (long to wide), aggregating the cells. */
export const pivotMeta = defineToolMeta({
  type: "pivot",
  label: "Pivot",
  group: "Transform",
  description: "Turn a column's values into columns",
  glyph: "⊞",
  config: PivotConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: true,
  defaultConfig: () => ({ index: [], on: "", values: [], aggregate: "sum" }),
});
