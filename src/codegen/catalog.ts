import type { ToolCatalog } from "../engine/validate";
import { TOOL_CONFIG_SCHEMAS } from "../tools/config-schemas";
import type { InputSocket, ToolType } from "../tools/types";

const single = (id: string): InputSocket => ({ id, required: true, multiple: false });
const IN = [single("input")];
const OUT = ["output"];

/**
 * Each tool type's sockets and config schema without the tools' code, so the Server process
 * validates a workflow for code generation with the engine's own plan (buildPlan) without
 * loading Polars. `blocking` only feeds lineage hashes, which code generation does not use.
 * catalog.test.ts checks this agrees with the tool registry.
 */
export const CODEGEN_CATALOG: { readonly [T in ToolType]: ToolCatalog[string] } = {
  input: { inputs: [], outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.input },
  output: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.output },
  filter: { inputs: IN, outputs: ["output-true", "output-false"], blocking: false, config: TOOL_CONFIG_SCHEMAS.filter },
  select: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.select },
  sort: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.sort },
  formula: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.formula },
  join: {
    inputs: [single("input-left"), single("input-right")],
    outputs: ["output-left", "output-match", "output-right"],
    blocking: false,
    config: TOOL_CONFIG_SCHEMAS.join,
  },
  union: {
    inputs: [{ id: "input", required: true, multiple: true }],
    outputs: OUT,
    blocking: false,
    config: TOOL_CONFIG_SCHEMAS.union,
  },
  summarize: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.summarize },
  calculate: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.calculate },
  pivot: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.pivot },
  unpivot: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.unpivot },
  sample: { inputs: IN, outputs: OUT, blocking: false, config: TOOL_CONFIG_SCHEMAS.sample },
};

/** The palette's names of the tool types (the tools' `ui.label`), for the script's comments. */
export const TOOL_NAMES: { readonly [T in ToolType]: string } = {
  input: "Input",
  output: "Output",
  filter: "Filter",
  select: "Select",
  sort: "Sort",
  formula: "Formula",
  join: "Join",
  union: "Union",
  summarize: "Summarize",
  calculate: "Calculate",
  pivot: "Pivot",
  unpivot: "Unpivot",
  sample: "Sample",
};
