import { basename, extname } from "node:path";
import { DataSourceError } from "../shared/errors";
import { scanCsv } from "./csv/reader";
import { writeCsv } from "./csv/writer";
import { scanIpc } from "./ipc/reader";
import { writeIpc } from "./ipc/writer";
import { scanJson } from "./json/reader";
import { writeJson } from "./json/writer";
import { scanParquet } from "./parquet/reader";
import { writeParquet } from "./parquet/writer";
import type { FileFormat } from "./types";

/**
 * Every file format Weft reads, in one typed list: inspection, preview and the Input/Output
 * tools all look formats up here, so they agree. A new format is one more entry (its
 * extensions must not clash with another's; a test checks).
 */
export const FILE_FORMATS: readonly FileFormat[] = [
  { type: "csv", extensions: ["csv", "tsv", "tab", "txt"], customLoader: false, scan: scanCsv, write: writeCsv },
  { type: "parquet", extensions: ["parquet"], customLoader: false, scan: scanParquet, write: writeParquet },
  { type: "ipc", extensions: ["ipc", "arrow", "feather"], customLoader: false, scan: scanIpc, write: writeIpc },
  { type: "json", extensions: ["json", "jsonl", "ndjson"], customLoader: false, scan: scanJson, write: writeJson },
];

/** The file format of a source type, or undefined for database types and types not registered. */
export function formatByType(type: string): FileFormat | undefined {
  return FILE_FORMATS.find((format) => format.type === type);
}

/**
 * The format to read or write `path` with: the explicit `sourceType` when given, else the
 * one owning the file's lower-cased extension. Throws DataSourceError naming the file (and
 * what is supported) when neither gives a file format.
 */
export function formatForPath(path: string, sourceType?: string): FileFormat {
  if (sourceType !== undefined) {
    const format = formatByType(sourceType);
    if (!format) {
      const types = FILE_FORMATS.map((f) => f.type).join(", ");
      throw new DataSourceError(`Cannot use ${path} as "${sourceType}": not a file format (file formats: ${types})`);
    }
    return format;
  }
  const extension = extname(basename(path)).slice(1).toLowerCase();
  const format = extension ? FILE_FORMATS.find((f) => f.extensions.includes(extension)) : undefined;
  if (!format) {
    const what = extension ? `extension ".${extension}" is not supported` : "it has no extension";
    const supported = supportedExtensions()
      .map((e) => `.${e}`)
      .join(", ");
    throw new DataSourceError(`Cannot tell the format of ${path}: ${what} (supported extensions: ${supported})`);
  }
  return format;
}

/** Every extension of every registered format, lower case without the dot. */
export function supportedExtensions(): string[] {
  return FILE_FORMATS.flatMap((format) => [...format.extensions]);
}
