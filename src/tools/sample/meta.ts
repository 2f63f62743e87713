import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { SampleConfigSchema } from "./schema";

/** Keeps the first, last, every n-th or a random share of the rows. */
export const sampleMeta = defineToolMeta({
  type: "sample",
  label: "Sample",
  group: "Preparation",
  description: "Keep the first, last, every n-th or random rows",
  glyph: "⋯",
  config: SampleConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: false,
  defaultConfig: () => ({ method: "first", n: 100 }),
});
