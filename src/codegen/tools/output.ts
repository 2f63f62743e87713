import { extname } from "node:path";
import { formatOfExtension, supportedExtensions } from "../../formats/catalog";
import { csvDelimiter } from "../../formats/csv/options";
import { checkUncompressed } from "../../formats/option-checks";
import { DataSourceError, ToolConfigError } from "../../shared/errors";
import type { OutputConfig } from "../../tools/output/schema";
import { WRITE_HELPER } from "../prelude";
import { pyStr } from "../python-text";
import type { ToolCodegen } from "../types";

/** The compressions each writer takes (src/formats/<format>/writer.ts) and its default. */
const COMPRESSIONS: Record<string, { supported: readonly string[]; fallback: string; name: string }> = {
  parquet: {
    supported: ["zstd", "snappy", "gzip", "lz4", "brotli", "uncompressed"],
    fallback: "zstd",
    name: "Parquet",
  },
  ipc: { supported: ["uncompressed", "lz4", "zstd"], fallback: "uncompressed", name: "Arrow IPC" },
  avro: { supported: ["uncompressed", "deflate", "snappy"], fallback: "uncompressed", name: "Avro" },
};

function compressionOf(path: string, format: string, given: string | undefined): string {
  const { supported, fallback, name } = COMPRESSIONS[format] as (typeof COMPRESSIONS)[string];
  if (given === undefined) return fallback;
  const compression = supported.find((c) => c === given.toLowerCase());
  if (!compression) {
    throw new DataSourceError(
      `Cannot write ${path}: compression ${JSON.stringify(given)} is not supported for ${name} (supported: ${supported.join(", ")})`,
    );
  }
  return compression;
}

const WRITTEN_AS = new Set(["csv", "parquet", "ipc", "json", "excel", "avro"]);
const EXCEL_ONLY_XLSX = new Set(["xls", "xlsb", "xlsm", "xltm", "xlam"]);

/** The format to write: `format`, else the extension's; a format Weft does not write is a 400 as in the tool. */
function formatOf(config: OutputConfig, toolId: string): string {
  const extension = extname(config.path).slice(1).toLowerCase();
  const format = config.format ?? formatOfExtension(extension);
  if (!format) {
    const what = extension ? `extension ".${extension}" is not supported` : "it has no extension";
    const supported = supportedExtensions()
      .map((e) => `.${e}`)
      .join(", ");
    throw new DataSourceError(`Cannot tell the format of ${config.path}: ${what} (supported extensions: ${supported})`);
  }
  if (!WRITTEN_AS.has(format))
    throw new ToolConfigError(toolId, `Tool "${toolId}" (output): ${format} files cannot be written`);
  if (format === "excel" && EXCEL_ONLY_XLSX.has(extension)) {
    throw new ToolConfigError(
      toolId,
      `Tool "${toolId}" (output): .${extension} files cannot be written; excel is written as .xlsx`,
    );
  }
  return format;
}

/** The `lambda temp: ...` that writes `frame` in `format` to the temp path. */
function writer(config: OutputConfig, format: string, frame: string): string {
  const { path } = config;
  const options = config.options ?? {};
  switch (format) {
    case "csv": {
      checkUncompressed(path, "CSV", options.compression);
      const separator = csvDelimiter(path, options.delimiter, "write");
      const header = (options.include_header ?? true) ? "True" : "False";
      return `lambda temp: ${frame}.sink_csv(temp, separator=${pyStr(separator)}, include_header=${header})`;
    }
    case "parquet":
      return `lambda temp: ${frame}.sink_parquet(temp, compression=${pyStr(compressionOf(path, format, options.compression))})`;
    case "ipc":
      return `lambda temp: ${frame}.sink_ipc(temp, compression=${pyStr(compressionOf(path, format, options.compression))})`;
    case "json": {
      checkUncompressed(path, "JSON", options.compression);
      // JSON lines for .jsonl/.ndjson targets, else one array of objects (Weft's writer).
      const lines = ["jsonl", "ndjson"].includes(extname(path).slice(1).toLowerCase());
      return lines ? `lambda temp: ${frame}.sink_ndjson(temp)` : `lambda temp: ${frame}.collect().write_json(temp)`;
    }
    case "excel": {
      if (options.compression !== undefined) {
        throw new DataSourceError(
          `Cannot write ${path}: compression is not an option for Excel (an .xlsx package is always ZIP-compressed)`,
        );
      }
      const header = (options.include_header ?? true) ? "True" : "False";
      return `lambda temp: ${frame}.collect().write_excel(temp, worksheet="Sheet1", include_header=${header})`;
    }
    default:
      return `lambda temp: ${frame}.collect().write_avro(temp, compression=${pyStr(compressionOf(path, format, options.compression))})`;
  }
}

/**
 * Output: the data passes through (so a preview shows what is written), and `main()` writes
 * the file once every tool is planned, atomically, with Weft's writer defaults spelled out
 * (zstd Parquet, uncompressed IPC, a tab for .tsv, JSON lines for .jsonl).
 */
export const outputCodegen: ToolCodegen<OutputConfig> = (config, inputs, ctx) => {
  const out = ctx.outputs.output as string;
  const format = formatOf(config, ctx.toolId);
  if (format === "excel") ctx.requires("xlsxwriter", "Polars' Excel writer");
  const write = ctx.helper(WRITE_HELPER);
  const ifExists = config.if_exists === "fail" ? `, if_exists=${pyStr("fail")}` : "";
  ctx.write([`${write}(${pyStr(config.path)}, ${writer(config, format, out)}${ifExists})`]);
  return [`${out} = ${inputs.input?.[0] as string}`];
};
