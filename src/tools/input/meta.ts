import { defineToolMeta, SINGLE_OUTPUT } from "../tool-meta";
import { InputConfigSchema } from "./schema";

/**
 * The source of every workflow: a file read lazily, or a database table or query (blocking:
 * its rows are fetched once).
 */
export const inputMeta = defineToolMeta({
  type: "input",
  label: "Input",
  group: "In/Out",
  description: "Read a file or a database table",
  glyph: "⇥",
  config: InputConfigSchema,
  inputs: [],
  outputs: SINGLE_OUTPUT,
  blocking: false,
  defaultConfig: () => ({ source: "" }),
});
