import { ToolConfigError } from "../../shared/errors";
import { defineTool } from "../types";
import { FormulaConfigSchema } from "./schema";

/** The no-code column builder. Its function catalogue arrives with the expression language. */
export const formulaTool = defineTool({
  type: "formula",
  ui: {
    label: "Formula",
    category: "preparation",
    description: "Add or replace columns with functions picked from a catalogue",
  },
  config: FormulaConfigSchema,
  inputs: [{ id: "input", required: true, multiple: false }],
  outputs: ["output"],
  blocking: false,
  build(_inputs, _config, ctx) {
    throw new ToolConfigError(
      ctx.toolId,
      `Tool "${ctx.toolId}" (formula): the function catalogue is not available in this version yet`,
    );
  },
});
