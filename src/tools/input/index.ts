import { statSync } from "node:fs";
import { detectFormat, optionsForName } from "../../formats/registry";
import { NotFoundError } from "../../shared/errors";
import { defineTool } from "../types";
import { databaseFingerprint, loadDatabase } from "./database";
import { inputMeta } from "./meta";
import { isDatabaseInput } from "./schema";

/**
 * Reads a file through the format registry (the same readers the data-source API uses), as
 * a lazy scan where the format allows, or a database table or query (database.ts): that read
 * is asynchronous and blocking, so its result is what the cache keeps; a file read is neither.
 */
export const inputTool = defineTool(inputMeta, {
  blockingFor: (config) => isDatabaseInput(config),
  load(config, ctx) {
    return isDatabaseInput(config) ? loadDatabase(config, ctx) : undefined;
  },
  build(_inputs, config, ctx) {
    if (isDatabaseInput(config)) throw new Error("a database Input is read by load(), asynchronously");
    // Read through the opened descriptor, named by its real path for the format and options.
    const { readPath, path } = ctx.openPath(config.source, "read");
    const { format } = detectFormat(readPath, config.source_type, path);
    const hints = ctx.spillDir ? { spillDir: ctx.spillDir } : undefined;
    return { output: format.scan(readPath, optionsForName(format, path, config.options ?? {}), hints) };
  },
  sourceFingerprint(config, ctx) {
    if (isDatabaseInput(config)) return databaseFingerprint(config, ctx);
    const path = ctx.resolvePath(config.source, "read");
    try {
      const stat = statSync(path);
      return `${path}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      throw new NotFoundError(`File not found: ${config.source}`);
    }
  },
});
