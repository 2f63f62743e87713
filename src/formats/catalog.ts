import type { SourceType } from "./types";

/**
 * The file formats by type and extension, without their readers: the Server process answers
 * `/api/datasource/supported` and tells formats apart from this list without loading Polars
 * (readers run in executor processes). registry.ts gives every entry its reader and writer,
 * and a test checks the two lists agree.
 */
export const FORMAT_EXTENSIONS = {
  csv: ["csv", "tsv", "tab", "txt"],
  parquet: ["parquet"],
  ipc: ["ipc", "arrow", "feather"],
  json: ["json", "jsonl", "ndjson"],
  avro: ["avro"],
  excel: ["xlsx", "xls", "xlsb"],
  ods: ["ods"],
  qvd: ["qvd"],
  yxdb: ["yxdb"],
} as const satisfies Partial<Record<SourceType, readonly string[]>>;

export type FileFormatType = keyof typeof FORMAT_EXTENSIONS;

/** The file format types, in the catalogue's order. */
export const FILE_FORMAT_TYPES = Object.keys(FORMAT_EXTENSIONS) as FileFormatType[];

/** Every extension of every file format, lower case without the dot. */
export function supportedExtensions(): string[] {
  return Object.values(FORMAT_EXTENSIONS).flat();
}

/** The format owning a lower-case extension (no dot), if any. */
export function formatOfExtension(extension: string): FileFormatType | undefined {
  return FILE_FORMAT_TYPES.find((type) => (FORMAT_EXTENSIONS[type] as readonly string[]).includes(extension));
}
