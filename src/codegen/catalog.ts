import type { ToolCatalog } from "../engine/validate";
import { mapCatalog } from "../tools/catalog";
import type { ToolType } from "../tools/tool-meta";

/**
 * Each tool type's sockets and config schema without the tools' code, so the Server process
 * validates a workflow for code generation with the engine's own plan (buildPlan) without
 * loading Polars. `blocking` only feeds lineage hashes, which code generation does not use,
 * so it is false throughout as before: a database Input's blocking (the engine's
 * `blockingFor`) is not known here.
 */
export const CODEGEN_CATALOG: { readonly [T in ToolType]: ToolCatalog[string] } = mapCatalog((meta) => ({
  inputs: meta.inputs,
  outputs: meta.outputs,
  blocking: false,
  config: meta.config,
}));
