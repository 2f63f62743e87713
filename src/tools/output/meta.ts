import { defineToolMeta, SINGLE_INPUT, SINGLE_OUTPUT } from "../tool-meta";
import { OutputConfigSchema } from "./schema";

/** Writes its input to a file on full runs; its output passes the same rows on. */
export const outputMeta = defineToolMeta({
  type: "output",
  label: "Output",
  group: "In/Out",
  description: "Write the data to a file",
  glyph: "⇤",
  config: OutputConfigSchema,
  inputs: SINGLE_INPUT,
  outputs: SINGLE_OUTPUT,
  blocking: false,
  defaultConfig: () => ({ path: "" }),
});
