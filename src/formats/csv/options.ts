import { extname } from "node:path";
import { DataSourceError } from "../../shared/errors";
import { wholeNumberOption } from "../option-checks";
import type { ReadOptions } from "../types";
import { type CsvEncoding, csvEncoding } from "./encoding";

/** Extensions whose default delimiter is a tab rather than a comma. */
const TAB_EXTENSIONS = new Set(["tsv", "tab"]);

/**
 * The one-byte delimiter for reading or writing `path`: the given one (a typed `\t` counts
 * as a tab, since that is what users type in a text box), else a tab for .tsv/.tab files,
 * else a comma. `verb` says which way, for the message.
 */
export function csvDelimiter(path: string, given: string | undefined, verb: "read" | "write"): string {
  if (given === undefined) return TAB_EXTENSIONS.has(extname(path).slice(1).toLowerCase()) ? "\t" : ",";
  return oneAsciiChar(path, "delimiter", given === "\\t" ? "\t" : given, verb);
}

/** Checks a single-character option: Polars takes exactly one ASCII byte. */
export function oneAsciiChar(path: string, option: string, value: string, verb: "read" | "write"): string {
  if (value.length !== 1 || value.charCodeAt(0) > 0x7f) {
    throw new DataSourceError(
      `Cannot ${verb} ${path}: ${option} ${JSON.stringify(value)} must be exactly one ASCII character`,
    );
  }
  return value;
}

/** The reading options of a delimited text file, checked and with their defaults. */
export interface CsvReadSettings {
  sep: string;
  quoteChar: string;
  encoding: CsvEncoding;
  hasHeader: boolean;
  skipRows: number;
  inferSchemaLength: number;
}

/**
 * Checks the reading options of `path` and fills in the defaults, so the reader and the
 * validator agree. Throws DataSourceError naming the file and the option at fault.
 */
export function csvReadSettings(path: string, options: ReadOptions): CsvReadSettings {
  return {
    sep: csvDelimiter(path, options.delimiter, "read"),
    quoteChar: oneAsciiChar(path, "quote_char", options.quote_char ?? '"', "read"),
    encoding: csvEncoding(path, options.encoding),
    hasHeader: options.has_header ?? true,
    skipRows: wholeNumberOption(path, "skip_rows", options.skip_rows, 0),
    // nodejs-polars turns a null inference length into 0 (every column a string), so only
    // numbers are passed; 100 is Polars' own default.
    inferSchemaLength: wholeNumberOption(path, "infer_schema_length", options.infer_schema_length, 100),
  };
}
