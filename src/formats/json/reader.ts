import { readFileSync } from "node:fs";
import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile, escapeGlob, firstSignificantByte } from "../file-checks";
import { wholeNumberOption } from "../option-checks";
import type { ReadOptions } from "../types";
import { jsonShape } from "./json-shape";

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {

/**
 * A frame over a JSON file, told apart by its content rather than its extension (a `.json`
 * file often holds JSON lines), as `jsonShape` finds it before Polars sees the file:
 * - one object per line: newline-delimited JSON, scanned lazily with `scanJson`;
 * - `[`: an array of objects. nodejs-polars has no lazy scan for that (`scanJson` reads
 *   lines only), so it is read whole with `readJSON` and made lazy;
 * - one object over several lines (pretty-printed): read whole as one row.
 * `infer_schema_length` defaults to 100 rows, as in Polars; for JSON, 0 means every row.
 * A UTF-8 byte-order mark is skipped (`scanJson` fails on one, so such a file is read whole).
 */
export function scanJson(path: string, options: ReadOptions): pl.LazyDataFrame {
  const inferSchemaLength = wholeNumberOption(path, "infer_schema_length", options.infer_schema_length, 100);
  checkReadableFile(path);
  const { byte, hasBom } = firstSignificantByte(path);
  if (byte === undefined) throw new DataSourceError(`Cannot read ${path}: the file is empty (whitespace only)`);
  if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
    const shape = jsonShape(path, hasBom ? 3 : 0);
    if (shape === "lines" && !hasBom) return pl.scanJson(escapeGlob(path), { inferSchemaLength });
    return readWhole(path, shape === "lines" ? "lines" : "json", hasBom, inferSchemaLength);
  }
  throw new DataSourceError(`Cannot read ${path}: it is neither a JSON array of objects nor JSON lines`);
}

function readWhole(path: string, format: "json" | "lines", hasBom: boolean, inferSchemaLength: number) {
  const bytes = readFileSync(path);
  try {
    return pl.readJSON(hasBom ? bytes.subarray(3) : bytes, { format, inferSchemaLength }).lazy();
  } catch (error) {
    throw new DataSourceError(`Cannot read ${path} as JSON: ${(error as Error).message}`, { cause: error });
  }
}
