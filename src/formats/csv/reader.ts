import { statSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile, escapeGlob, readBytes } from "../file-checks";
import type { ReadHints, ReadOptions } from "../types";
import { byteOrderMark, needsTranscoding } from "./encoding";
import { type CsvReadSettings, csvReadSettings } from "./options";
import { splitCsv } from "./split";
import { transcodeToUtf8 } from "./transcode";

/**
 * Records past `maxRows` (and the header and skipped rows) put in a transcoded prefix, so
 * a preview still gets its rows should Polars count a record differently from the quote
 * tracking that cuts the prefix.
 */
const PREFIX_SLACK = 16;

/**
 * A lazy scan of a delimited text file (csv, tsv, tab, txt). A UTF-8 byte-order mark is
 * dropped by Polars, so it never ends up in the first column's name. Without a header the
 * columns are `column_1`, `column_2`, ... `skip_rows` skips rows before the header.
 * Polars reads UTF-8 only; a file in Latin-1, windows-1252 or UTF-16 is first transcoded
 * to a UTF-8 copy (transcode.ts), and with `hints.maxRows` only enough of it for that many
 * rows. Throws DataSourceError naming the file when it is missing, a directory or empty, an
 * option is invalid, or it is UTF-16 read as UTF-8.
 */
export function scanCsv(path: string, options: ReadOptions, hints?: ReadHints): pl.LazyDataFrame {
  const settings = csvReadSettings(path, options);
  checkReadableFile(path);
  let source = path;
  if (needsTranscoding(settings.encoding)) {
    const maxRows = hints?.maxRows;
    const prefix =
      maxRows === undefined
        ? undefined
        : {
            records: settings.skipRows + (settings.hasHeader ? 1 : 0) + maxRows + PREFIX_SLACK,
            quoteChar: settings.quoteChar,
          };
    source = transcodeToUtf8(path, settings.encoding, prefix);
    // A file of a byte-order mark only: Polars would fail at collection without naming it.
    if (statSync(source).size === 0) throw new DataSourceError(`Cannot read ${path}: the file holds no text`);
  } else {
    const bom = byteOrderMark(readBytes(path, 0, 3));
    if (bom === "utf-16le" || bom === "utf-16be") {
      // Polars would read it as one column of garbage, or fail on the zero bytes.
      throw new DataSourceError(
        `Cannot read ${path}: it starts with a ${bom.toUpperCase()} byte-order mark; set encoding to "utf-16"`,
      );
    }
  }
  const scanOptions = {
    sep: settings.sep,
    quoteChar: settings.quoteChar,
    encoding: settings.encoding === "utf8-lossy" ? ("utf8-lossy" as const) : ("utf8" as const),
    hasHeader: settings.hasHeader,
    skipRows: settings.skipRows,
    inferSchemaLength: settings.inferSchemaLength,
    // Off by default: parsing dates triples the cost of a filtered 100-row preview
    // (measured 24 ms → 83 ms on the 5M-row benchmark file).
    parseDates: options.parse_dates ?? false,
    // Paths are literal: `data[1].csv` must not be read as a glob pattern.
    glob: false,
  };
  const whole = pl.scanCSV(source, scanOptions);
  // Rows skipped before the header are not repeated in each part: such a file is read whole.
  if (!hints?.spillDir || hints.maxRows !== undefined || settings.skipRows > 0) return whole;
  if (statSync(source).size <= PART_BYTES) return whole;
  return scanInParts(whole, source, hints.spillDir(), settings, scanOptions);
}

/**
 * Bytes per part of a CSV file read in parts (bounded memory mode). Measured on the 1M-row
 * P1 pipeline (66 MB CSV) in an engine process: peak 232-238 MiB with 2 MiB parts, 235-251
 * with 4, 265-277 with 8, 280-299 with 16 (Polars reads several parts ahead); the query over
 * 2 MiB parts took what it takes over the whole file (193 against 184 ms, medians of 5).
 */
const PART_BYTES = 2 * 1024 * 1024;

/**
 * The file copied into parts (split.ts) and scanned over them with the schema Polars infers
 * from the whole file's first rows, so every part parses as the whole file would.
 */
function scanInParts(
  whole: pl.LazyDataFrame,
  source: string,
  dir: string,
  settings: CsvReadSettings,
  scanOptions: Parameters<typeof pl.scanCSV>[1],
): pl.LazyDataFrame {
  const columns = whole
    .limit(0)
    .collectSync({ engine: "streaming" } as never)
    .getColumns();
  // A schema is a plain object, which puts integer-like keys ("2024") first: such a header is read whole.
  if (columns.some((c) => /^(0|[1-9]\d*)$/.test(c.name))) return whole;
  const schema = Object.fromEntries(columns.map((c) => [c.name, c.dtype]));
  const { hasHeader, quoteChar } = settings;
  const parts = splitCsv(source, dir, { hasHeader, quoteChar, partBytes: PART_BYTES });
  if (parts.length < 2) return whole;
  // The header line of each part is skipped; the names come from the schema.
  return pl.scanCSV(join(escapeGlob(dir), "part-*.csv"), { ...scanOptions, schema, glob: true } as never);
}
