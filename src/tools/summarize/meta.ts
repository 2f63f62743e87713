import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { SummarizeConfigSchema } from "./schema";

/** Groups rows and aggregates columns: sum, mean, count, min, max and more. */
export const summarizeMeta = defineToolMeta({
  type: "summarize",
  label: "Summarize",
  group: "Transform",
  description: "Group rows and aggregate",
  glyph: "Σ",
  config: SummarizeConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: true,
  defaultConfig: () => ({ group_by: [], aggregations: [] }),
});
