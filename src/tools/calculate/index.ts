import { ToolConfigError } from "../../shared/errors";
import { defineTool } from "../types";
import { CalculateConfigSchema } from "./schema";

/** Columns from Python-Polars expression strings. The sandboxed evaluator arrives next. */
export const calculateTool = defineTool({
  type: "calculate",
  ui: { label: "Calculate", category: "preparation", description: "Add or replace columns with expressions" },
  config: CalculateConfigSchema,
  inputs: [{ id: "input", required: true, multiple: false }],
  outputs: ["output"],
  blocking: false,
  build(_inputs, _config, ctx) {
    throw new ToolConfigError(
      ctx.toolId,
      `Tool "${ctx.toolId}" (calculate): expressions are not available in this version yet`,
    );
  },
});
