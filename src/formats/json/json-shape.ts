import { closeSync, openSync, readSync } from "node:fs";
import { DataSourceError } from "../../shared/errors";

/**
 * Deepest nesting a JSON file may have: the reader's own bound, not the MAX_JSON_DEPTH
 * setting (which bounds request bodies and workflow files). Polars' JSON reader recurses per
 * level: a file nested 100,000 deep crashed the engine process (SIGSEGV) and one 2,000 deep
 * ran for minutes; tables nest a few levels (GeoJSON about 6), so 64 is far above any table
 * and far below the harm.
 */
export const MAX_JSON_FILE_DEPTH = 64;

/** How a JSON file holds its rows. */
export type JsonShape = "array" | "lines" | "object";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const CHUNK = 1 << 20;

/**
 * Walks a JSON file's bytes once (strings skipped) to tell what Polars may be given, before
 * it is: `array` (one array of objects), `lines` (one object per line) or `object` (one
 * object written over several lines, read as one row). Refused, with a DataSourceError
 * naming the line: nesting deeper than MAX_JSON_FILE_DEPTH, a top-level value that is not an
 * object (or one array), anything after the array, an object that is not valid JSON, and a
 * file that ends inside a value. An array is left to Polars, which reads it at once and
 * whose errors are caught there; JSON lines are scanned lazily, and a bad line would only
 * fail when collecting.
 */
export function jsonShape(path: string, start: number): JsonShape {
  const fd = openSync(path, "r");
  const buffer = Buffer.alloc(CHUNK);
  let position = start;
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let values = 0;
  let multiLine = false;
  let first = 0;
  /** The bytes of the object being walked (lines only), each checked with JSON.parse when it closes. */
  let pieces: Buffer[] = [];
  let valueStart = -1;
  let valueLine = 1;
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK, position);
      if (read === 0) break;
      position += read;
      for (let i = 0; i < read; i++) {
        const b = buffer[i] as number;
        if (b === NEWLINE) line += 1;
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) inString = false;
          continue;
        }
        if (b === QUOTE) inString = true;
        else if (b === 0x7b || b === 0x5b) {
          if (depth === 0) {
            values += 1;
            if (values === 1) first = b;
            else if (first === 0x5b || b === 0x5b) throw shapeError(path, line, "more than one top-level value");
            if (b === 0x7b) [valueStart, valueLine] = [i, line];
          }
          depth += 1;
          if (depth > MAX_JSON_FILE_DEPTH) {
            throw shapeError(path, line, `nested deeper than ${MAX_JSON_FILE_DEPTH} levels (the most Weft reads)`);
          }
        } else if (b === 0x7d || b === 0x5d) {
          depth -= 1;
          if (depth < 0) throw shapeError(path, line, "a closing bracket without its opening one");
          if (depth === 0 && valueStart >= 0) {
            checkObject(path, valueLine, Buffer.concat([...pieces, buffer.subarray(valueStart, i + 1)]));
            [pieces, valueStart] = [[], -1];
          }
        } else if (depth > 0) {
          if (b === NEWLINE) multiLine = true;
        } else if (b !== 0x20 && b !== 0x09 && b !== 0x0d && b !== NEWLINE) {
          throw shapeError(path, line, "a top-level value that is not an object (one row per line) or an array");
        }
      }
      if (valueStart >= 0) [pieces, valueStart] = [[...pieces, Buffer.from(buffer.subarray(valueStart, read))], 0];
    }
  } finally {
    closeSync(fd);
  }
  if (depth > 0 || inString) throw shapeError(path, line, "the file ends inside a value (cut short?)");
  if (first === 0x5b) return "array";
  return multiLine ? (values === 1 ? "object" : shapeFail(path)) : "lines";
}

/** Polars would fail on a bad line only when collecting, where no error names the file. */
function checkObject(path: string, line: number, bytes: Buffer): void {
  try {
    JSON.parse(bytes.toString("utf8"));
  } catch (err) {
    throw shapeError(path, line, `not valid JSON (${(err as Error).message})`);
  }
}

function shapeError(path: string, line: number, what: string): DataSourceError {
  return new DataSourceError(`Cannot read ${path} as JSON: line ${line}: ${what}`);
}

function shapeFail(path: string): never {
  throw new DataSourceError(
    `Cannot read ${path} as JSON: several objects written over several lines; JSON lines hold one object per line`,
  );
}
