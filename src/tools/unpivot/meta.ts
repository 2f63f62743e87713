import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { UnpivotConfigSchema } from "./schema";

/** Turns columns into rows (wide to long): one row per column name and value. */
export const unpivotMeta = defineToolMeta({
  type: "unpivot",
  label: "Unpivot",
  group: "Transform",
  description: "Turn columns into rows",
  glyph: "⊟",
  config: UnpivotConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: true,
  defaultConfig: () => ({ index: [] }),
});
