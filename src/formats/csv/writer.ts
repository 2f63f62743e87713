import { statSync } from "node:fs";
import pl from "nodejs-polars";
import { writeAtomically } from "../atomic-write";
import { checkUncompressed } from "../option-checks";
import type { WriteOptions } from "../types";
import { csvDelimiter } from "./options";

/**
 * Writes the frame as delimited text (comma, or tab for .tsv/.tab targets, unless
 * `delimiter` says otherwise) with a header unless `include_header` is false. Streams
 * through Polars' CSV sink into a temp file beside the target, then renames it.
 */
export function writeCsv(frame: pl.LazyDataFrame, path: string, options: WriteOptions): { rows: number } {
  const separator = csvDelimiter(path, options.delimiter, "write");
  const includeHeader = options.include_header ?? true;
  checkUncompressed(path, "CSV", options.compression);
  return writeAtomically(path, (tempPath) => {
    frame.sinkCSV(tempPath, { separator, includeHeader }).collectSync({ engine: "streaming" } as never);
    return { rows: countCsvRows(tempPath, separator, includeHeader) };
  });
}

/**
 * Rows in a CSV file just written, counted by Polars' CSV reader (which knows about quoted
 * line breaks) with every column read as text, which is cheaper than running the plan twice.
 */
function countCsvRows(path: string, sep: string, hasHeader: boolean): number {
  // A frame without columns writes an empty file, which Polars refuses to scan.
  if (statSync(path).size === 0) return 0;
  const counted = pl
    .scanCSV(path, { sep, hasHeader, inferSchemaLength: 0, glob: false })
    .select(pl.len().alias("rows"))
    .collectSync({ engine: "streaming" } as never);
  return Number(counted.getColumn("rows").get(0));
}
