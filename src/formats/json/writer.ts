import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { extname } from "node:path";
import type pl from "nodejs-polars";
import { withTempFile, writeAtomically } from "../atomic-write";
import { checkUncompressed } from "../option-checks";
import type { WriteOptions } from "../types";

/** Targets with these extensions get one object per line; any other gets an array of objects. */
const LINES_EXTENSIONS = new Set(["jsonl", "ndjson"]);
const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

/**
 * Writes the frame as JSON: JSON lines for .jsonl/.ndjson targets, else an array of
 * objects. Both go through Polars' streaming NDJSON sink; for an array the lines are then
 * copied chunk by chunk between `[` and `]` with commas, so the frame is never held in
 * memory. Dates and datetimes are written as text; NaN and ±Infinity become null (JSON has
 * no such numbers).
 */
export function writeJson(frame: pl.LazyDataFrame, path: string, options: WriteOptions): { rows: number } {
  checkUncompressed(path, "JSON", options.compression);
  const sink = (target: string) => frame.sinkNdJson(target).collectSync({ engine: "streaming" } as never);
  if (LINES_EXTENSIONS.has(extname(path).slice(1).toLowerCase())) {
    return writeAtomically(path, (tempPath) => {
      sink(tempPath);
      return { rows: copyLines(tempPath, undefined) };
    });
  }
  return writeAtomically(path, (arrayPath) =>
    withTempFile(path, (linesPath) => {
      sink(linesPath);
      return { rows: copyLines(linesPath, arrayPath) };
    }),
  );
}

/**
 * Counts the records of a JSON-lines file and, when `arrayPath` is given, writes them there
 * as a JSON array. Polars escapes line breaks inside strings, so every raw newline ends a record.
 */
function copyLines(linesPath: string, arrayPath: string | undefined): number {
  const input = openSync(linesPath, "r");
  const output = arrayPath === undefined ? undefined : openSync(arrayPath, "w");
  const write = (data: string | Uint8Array) => {
    if (output !== undefined) writeFully(output, typeof data === "string" ? Buffer.from(data) : data);
  };
  try {
    const buffer = Buffer.alloc(CHUNK);
    let rows = 0;
    let inRecord = false; // bytes of a record seen since the last newline
    write("[");
    for (let read = readSync(input, buffer, 0, CHUNK, null); read > 0; read = readSync(input, buffer, 0, CHUNK, null)) {
      let position = 0;
      while (position < read) {
        const newline = buffer.indexOf(NEWLINE, position);
        const end = newline === -1 || newline >= read ? read : newline;
        if (end > position) {
          if (!inRecord) write(rows === 0 ? "\n" : ",\n");
          write(buffer.subarray(position, end));
          inRecord = true;
        }
        if (end === read) break;
        if (inRecord) rows += 1;
        inRecord = false;
        position = end + 1;
      }
    }
    if (inRecord) rows += 1;
    write(rows === 0 ? "]\n" : "\n]\n");
    return rows;
  } finally {
    closeSync(input);
    if (output !== undefined) closeSync(output);
  }
}

/** writeSync may write less than asked; loop until every byte is out. */
function writeFully(fd: number, data: Uint8Array): void {
  for (let offset = 0; offset < data.length; ) offset += writeSync(fd, data, offset);
}
