import { defineToolMeta, SINGLE_OUTPUT } from "../tool-meta";
import { UnionConfigSchema } from "./schema";

/**
 * Stacks the rows of several inputs (one socket, many wires, in wire order), matching columns
 * by name or by position.
 */
export const unionMeta = defineToolMeta({
  type: "union",
  label: "Union",
  group: "Join",
  description: "Stack inputs by column name or position",
  glyph: "∪",
  config: UnionConfigSchema,
  inputs: [{ id: "input", required: true, multiple: true }],
  outputs: SINGLE_OUTPUT,
  blocking: false,
  defaultConfig: () => ({ mode: "by_name" }),
});
