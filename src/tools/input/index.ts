import { statSync } from "node:fs";
import { detectFormat } from "../../formats/registry";
import { DataSourceError } from "../../shared/errors";
import { defineTool } from "../types";
import { InputConfigSchema, isDatabaseInput } from "./schema";

/**
 * Reads a file through the format registry (the same readers the data-source API uses), as
 * a lazy scan where the format allows. Database reads arrive with the database sources and
 * are blocking (their results are cached); file reads are not.
 */
export const inputTool = defineTool({
  type: "input",
  ui: { label: "Input", category: "in-out", description: "Read a file or a database table" },
  config: InputConfigSchema,
  inputs: [],
  outputs: ["output"],
  blocking: false,
  blockingFor: (config) => isDatabaseInput(config),
  build(_inputs, config, ctx) {
    if (isDatabaseInput(config)) {
      throw new DataSourceError(
        `Tool "${ctx.toolId}": database sources (${config.source_type}) are not available in this version yet`,
      );
    }
    const path = ctx.resolvePath(config.source, "read");
    const { format } = detectFormat(path, config.source_type);
    return { output: format.scan(path, config.options ?? {}) };
  },
  sourceFingerprint(config, ctx) {
    if (isDatabaseInput(config)) return undefined;
    const path = ctx.resolvePath(config.source, "read");
    try {
      const stat = statSync(path);
      return `${path}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      throw new DataSourceError(`File not found: ${config.source}`);
    }
  },
});
