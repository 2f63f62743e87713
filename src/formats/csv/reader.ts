import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile } from "../file-checks";
import { wholeNumberOption } from "../option-checks";
import type { ReadOptions } from "../types";
import { csvDelimiter, oneAsciiChar } from "./options";

/**
 * The encodings nodejs-polars 0.26.1 reads: `utf8` fails on invalid bytes, `utf8-lossy`
 * replaces them with U+FFFD. Latin-1 and others are refused by Polars ("encoding not
 * latin1 not implemented"), so they are refused here, early and by name.
 */
const ENCODINGS: Record<string, "utf8" | "utf8-lossy"> = {
  utf8: "utf8",
  "utf-8": "utf8",
  "utf8-lossy": "utf8-lossy",
  "utf-8-lossy": "utf8-lossy",
};

/**
 * A lazy scan of a delimited text file (csv, tsv, tab, txt). A UTF-8 byte-order mark is
 * dropped by Polars, so it never ends up in the first column's name. Without a header the
 * columns are `column_1`, `column_2`, ... `skip_rows` skips rows before the header.
 * Throws DataSourceError naming the file when it is missing, a directory or empty, or an
 * option is invalid.
 */
export function scanCsv(path: string, options: ReadOptions): pl.LazyDataFrame {
  const sep = csvDelimiter(path, options.delimiter, "read");
  const quoteChar = oneAsciiChar(path, "quote_char", options.quote_char ?? '"', "read");
  const encoding = csvEncoding(path, options.encoding);
  const skipRows = wholeNumberOption(path, "skip_rows", options.skip_rows, 0);
  // nodejs-polars turns a null inference length into 0 (every column a string), so only
  // numbers are passed; 100 is Polars' own default.
  const inferSchemaLength = wholeNumberOption(path, "infer_schema_length", options.infer_schema_length, 100);
  checkReadableFile(path);
  return pl.scanCSV(path, {
    sep,
    quoteChar,
    encoding,
    hasHeader: options.has_header ?? true,
    skipRows,
    inferSchemaLength,
    // Paths are literal: `data[1].csv` must not be read as a glob pattern.
    glob: false,
  });
}

function csvEncoding(path: string, given: string | undefined): "utf8" | "utf8-lossy" {
  if (given === undefined) return "utf8";
  const encoding = ENCODINGS[given.trim().toLowerCase().replace(/_/g, "-")];
  if (!encoding) {
    throw new DataSourceError(
      `Cannot read ${path}: encoding ${JSON.stringify(given)} is not supported (supported: utf8, utf8-lossy)`,
    );
  }
  return encoding;
}
