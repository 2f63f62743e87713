import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { SortConfigSchema } from "./schema";

/** Orders rows by one or more columns (blocking: it needs every row). */
export const sortMeta = defineToolMeta({
  type: "sort",
  label: "Sort",
  group: "Preparation",
  description: "Order rows by columns",
  glyph: "⇅",
  config: SortConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: true,
  defaultConfig: () => ({ by: [] }),
});
