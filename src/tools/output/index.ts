import { existsSync, mkdirSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { FILE_FORMATS, formatForPath, writableExtensions } from "../../formats/registry";
import { DataSourceError, ToolConfigError } from "../../shared/errors";
import { renamed } from "../../shared/open-within-roots";
import { isSystemError } from "../../shared/tolerant-fs";
import { singleInput } from "../column-checks";
import { defineTool } from "../types";
import { outputMeta } from "./meta";

/**
 * Writes its input to a file, in full runs only (previews never write: docs/server-api.md rule 6).
 * The data passes through to the `output` socket, so a preview shows what would be written.
 */
export const outputTool = defineTool(outputMeta, {
  keepsRows: true,
  build(inputs, config, ctx) {
    const path = ctx.resolvePath(config.path, "write");
    const format = formatForPath(path, config.format);
    const extension = extname(path).slice(1).toLowerCase();
    const writable = writableExtensions(format);
    if (writable.length === 0)
      throw new ToolConfigError(ctx.toolId, `Tool "${ctx.toolId}" (output): ${format.type} files cannot be written`);
    if (format.extensions.includes(extension) && !writable.includes(extension)) {
      const as = writable.map((e) => `.${e}`).join(", ");
      throw new ToolConfigError(
        ctx.toolId,
        `Tool "${ctx.toolId}" (output): .${extension} files cannot be written; ${format.type} is written as ${as}`,
      );
    }
    // Built before its write (and nothing downstream reads its data first): a bounded run stops here.
    if (ctx.memory === "bounded" && !format.writeStreams) throw boundedRefusal(ctx.toolId, format.type);
    return { output: singleInput(inputs, "input", ctx) };
  },
  write(frame, config, ctx) {
    const path = ctx.resolvePath(config.path, "write");
    if (config.if_exists === "fail" && existsSync(path)) {
      throw new ToolConfigError(
        ctx.toolId,
        `Tool "${ctx.toolId}" (output): ${config.path} exists and if_exists is "fail"`,
      );
    }
    const format = formatForPath(path, config.format);
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (err) {
      // The folder could not be made (a file in the way, no permission, the name swapped meanwhile).
      if (!isSystemError(err)) throw err;
      throw new DataSourceError(`Tool "${ctx.toolId}" (output): cannot write ${config.path}: ${err.message}`);
    }
    // Written into the folder as opened and checked, never through its name again: a folder
    // swapped for a link to outside the roots meanwhile cannot receive the file.
    const folder = ctx.openPath(dirname(path), "write");
    const written = join(folder.path, basename(path));
    try {
      const write = format.write as NonNullable<typeof format.write>;
      const { rows } = write(frame, join(folder.readPath, basename(path)), config.options ?? {});
      return { path: written, rows };
    } catch (err) {
      throw renamed(err, { readPath: join(folder.readPath, basename(path)), path: written });
    }
  },
});

/**
 * Bounded memory mode promises a full run holds no whole frame; this format's writer collects
 * the frame before it writes (SheetJS builds the workbook in memory, Avro has no Polars sink).
 * Refused when the Output is built, before anything is written, saying what would work.
 */
function boundedRefusal(toolId: string, type: string): ToolConfigError {
  const streaming = FILE_FORMATS.filter((f) => f.writeStreams).map((f) => f.type);
  return new ToolConfigError(
    toolId,
    `Tool "${toolId}" (output): ${type} files are written from the whole table in memory, which bounded memory mode does not allow; write ${streaming.join(", ")} (streamed), or run this workflow with meta.memory "default"`,
  );
}
