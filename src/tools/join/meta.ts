import { defineToolMeta } from "../tool-meta";
import { JoinConfigSchema } from "./schema";

/**
 * Matches rows of two inputs on key columns (inner, left, right, full or cross); also outputs
 * the left and the right rows that found no match. Null keys never match.
 */
export const joinMeta = defineToolMeta({
  type: "join",
  label: "Join",
  group: "Join",
  description: "Match rows of two inputs on keys",
  glyph: "⋈",
  config: JoinConfigSchema,
  inputs: [
    { id: "input-left", required: true, multiple: false },
    { id: "input-right", required: true, multiple: false },
  ],
  outputs: ["output-left", "output-match", "output-right"],
  blocking: true,
  socketLabels: { "input-left": "L", "input-right": "R", "output-left": "L", "output-match": "J", "output-right": "R" },
  defaultConfig: () => ({ how: "inner", left_on: [], right_on: [] }),
});
