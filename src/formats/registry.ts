import { basename, extname } from "node:path";
import { DataSourceError } from "../shared/errors";
import { countAvroRows, scanAvro } from "./avro/reader";
import { writeAvro } from "./avro/writer";
import {
  FILE_FORMAT_TYPES,
  type FileFormatType,
  FORMAT_EXTENSIONS,
  formatOfExtension,
  supportedExtensions,
} from "./catalog";
import { csvDelimiter } from "./csv/options";
import { scanCsv } from "./csv/reader";
import { validateCsv } from "./csv/validate";
import { writeCsv } from "./csv/writer";
import { excelSheetNames, scanExcel, writeExcel } from "./excel/on-demand";
import { checkReadableFile, firstSignificantByte, readBytes } from "./file-checks";
import { scanIpc } from "./ipc/reader";
import { writeIpc } from "./ipc/writer";
import { scanJson } from "./json/reader";
import { writeJson } from "./json/writer";
import { odsSheetNames, scanOds } from "./ods/reader";
import { scanParquet } from "./parquet/reader";
import { writeParquet } from "./parquet/writer";
import { countQvdRows, scanQvd } from "./qvd/reader";
import { SNIFF_BYTES, sniffFormat } from "./sniff";
import type { FileFormat, ReadOptions } from "./types";
import { countYxdbRows, scanYxdb } from "./yxdb/reader";

export { supportedExtensions };

type Reader = Omit<FileFormat, "type" | "extensions">;

/** Each catalogue type's reader and writer; the catalogue (catalog.ts) gives the extensions. */
const READERS: Partial<Record<FileFormatType, Reader>> = {
  csv: {
    customLoader: false,
    defaultsFor: (name) => ({ delimiter: csvDelimiter(name, undefined, "read") }),
    scan: scanCsv,
    write: writeCsv,
    writeStreams: true,
    validate: validateCsv,
  },
  parquet: { customLoader: false, scan: scanParquet, write: writeParquet, writeStreams: true },
  ipc: { customLoader: false, scan: scanIpc, write: writeIpc, writeStreams: true },
  json: { customLoader: false, scan: scanJson, write: writeJson, writeStreams: true },
  avro: { customLoader: true, scan: scanAvro, countRows: countAvroRows, write: writeAvro },
  excel: {
    customLoader: true,
    // Types come from every row of the sheet (SheetJS inflates the whole package anyway), so
    // a preview reads what a run reads: no row hint, and the two always agree.
    scan: (path, options) => scanExcel(path, options),
    sheets: excelSheetNames,
    write: writeExcel,
    writeExtensions: ["xlsx"],
  },
  ods: { customLoader: true, scan: scanOds, sheets: odsSheetNames },
  qvd: { customLoader: true, scan: scanQvd, countRows: countQvdRows },
  yxdb: { customLoader: true, scan: scanYxdb, countRows: countYxdbRows },
};

/**
 * Every file format Weft reads, in one typed list: inspection, preview and the Input/Output
 * tools all look formats up here, so they agree. A new format is one catalogue entry and its
 * reader here (a test checks the two lists agree and no extension has two owners).
 */
export const FILE_FORMATS: readonly FileFormat[] = FILE_FORMAT_TYPES.flatMap((type) => {
  const reader = READERS[type];
  return reader ? [{ type, extensions: FORMAT_EXTENSIONS[type], ...reader }] : [];
});

/** The extensions a format's writer makes (none for a read-only format). */
export function writableExtensions(format: FileFormat): readonly string[] {
  return format.write ? (format.writeExtensions ?? format.extensions) : [];
}

/** The file format of a source type, or undefined for database types and types not registered. */
export function formatByType(type: string): FileFormat | undefined {
  return FILE_FORMATS.find((format) => format.type === type);
}

function explicitFormat(path: string, sourceType: string): FileFormat {
  const format = formatByType(sourceType);
  if (!format) {
    const types = FILE_FORMATS.map((f) => f.type).join(", ");
    throw new DataSourceError(`Cannot use ${path} as "${sourceType}": not a file format (file formats: ${types})`);
  }
  return format;
}

const extensionOf = (path: string) => extname(basename(path)).slice(1).toLowerCase();

/**
 * The format to write `path` with (the file may not exist yet): the explicit `sourceType`
 * when given, else the one owning the file's lower-cased extension. Throws DataSourceError
 * naming the file (and what is supported) when neither gives a file format.
 */
export function formatForPath(path: string, sourceType?: string): FileFormat {
  if (sourceType !== undefined) return explicitFormat(path, sourceType);
  const extension = extensionOf(path);
  const type = extension ? formatOfExtension(extension) : undefined;
  const format = type && formatByType(type);
  if (!format) {
    const what = extension ? `extension ".${extension}" is not supported` : "it has no extension";
    const supported = supportedExtensions()
      .map((e) => `.${e}`)
      .join(", ");
    throw new DataSourceError(`Cannot tell the format of ${path}: ${what} (supported extensions: ${supported})`);
  }
  return format;
}

/** How the format of a file to read was decided, for inspection's warnings. */
export interface DetectedFormat {
  format: FileFormat;
  /** Set when the content proves a format other than the extension's. */
  mismatch?: string;
}

/**
 * The format to read an existing file with: the explicit `sourceType` when given; else what
 * the content proves (magic bytes: Parquet, Arrow IPC, Avro, zip/OLE2 workbooks, ODS, QVD,
 * YXDB), so a mislabelled file is still read; else the extension; else, for a file with no
 * known extension, JSON when it starts with `{` or `[` and CSV otherwise. `name` is the
 * file's real name when `path` is an opened descriptor's (`/proc/self/fd/N`).
 */
export function detectFormat(path: string, sourceType?: string, name = path): DetectedFormat {
  if (sourceType !== undefined) return { format: explicitFormat(name, sourceType) };
  const size = checkReadableFile(path);
  const sniffed = sniffFormat(readBytes(path, 0, SNIFF_BYTES), readBytes(path, Math.max(0, size - 4), 4));
  const extension = extensionOf(name);
  const byExtension = extension ? formatOfExtension(extension) : undefined;
  if (sniffed) {
    const format = formatByType(sniffed);
    if (format) {
      const mismatch =
        byExtension && byExtension !== sniffed
          ? `${basename(name)} is named .${extension} but its content is ${sniffed}; it was read as ${sniffed}`
          : undefined;
      return mismatch ? { format, mismatch } : { format };
    }
  }
  if (byExtension) return { format: formatForPath(name) };
  const first = firstSignificantByte(path).byte;
  const guess = first === 0x7b || first === 0x5b ? "json" : "csv";
  return { format: explicitFormat(name, guess) };
}

/** `options` over what the file's real name implies (see FileFormat.defaultsFor). */
export function optionsForName(format: FileFormat, name: string, options: ReadOptions): ReadOptions {
  return { ...format.defaultsFor?.(name), ...options };
}
