import { expect } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { DataSourceError } from "../../src/shared/errors";

/** One row of the sample table the format tests write and read back. */
export interface SampleRow {
  id: number | null;
  price: number | null;
  name: string | null;
  ok: boolean | null;
  day: Date | null;
  at: Date | null;
}

const utc = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(Date.UTC(y, m - 1, d, h, min, s, ms));

/** Rows covering nulls, unicode, quotes and line breaks in text, negative and large numbers, old dates. */
export const SAMPLE_ROWS: SampleRow[] = [
  { id: 1, price: 1.5, name: "plain", ok: true, day: utc(2024, 1, 2), at: utc(2024, 1, 2, 3, 4, 5, 678) },
  { id: null, price: null, name: null, ok: null, day: null, at: null },
  {
    id: -42,
    price: -0.1,
    name: '日本語 "quoted", comma\nnew line é 🚀',
    ok: false,
    day: utc(1969, 12, 31),
    at: utc(1970, 1, 1),
  },
  { id: 9007199254740991, price: 1e-300, name: "", ok: true, day: utc(2000, 2, 29), at: utc(1900, 1, 1, 23, 59, 59) },
];

/** SAMPLE_ROWS as a frame with explicit types (Int64, Float64, String, Boolean, Date, Datetime ms). */
export function sampleFrame(rows: SampleRow[] = SAMPLE_ROWS): pl.DataFrame {
  return pl.DataFrame([
    pl.Series(
      "id",
      rows.map((r) => r.id),
      pl.Int64,
    ),
    pl.Series(
      "price",
      rows.map((r) => r.price),
      pl.Float64,
    ),
    pl.Series(
      "name",
      rows.map((r) => r.name),
      pl.Utf8,
    ),
    pl.Series(
      "ok",
      rows.map((r) => r.ok),
      pl.Bool,
    ),
    pl.Series(
      "day",
      rows.map((r) => r.day),
      pl.Date,
    ),
    pl.Series(
      "at",
      rows.map((r) => r.at),
      pl.Datetime("ms"),
    ),
  ]);
}

/** `2024-01-02` for a date at UTC midnight. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A fresh temp folder with helpers to fill it and list it. */
export function tempFolder(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `weft-${prefix}-`));
  return {
    dir,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
    /** The names in the folder, sorted. */
    files: () => readdirSync(dir).sort(),
    /** Writes a file in the folder and answers its path. */
    file: (name: string, content: string | Uint8Array) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    /** Makes a sub-folder and answers its path. */
    folder: (name: string) => {
      const path = join(dir, name);
      mkdirSync(path, { recursive: true });
      return path;
    },
  };
}

/** A lazy frame whose collection fails part-way (a strict cast of text that is not a number). */
export function failingFrame(): pl.LazyDataFrame {
  const rows = Array.from({ length: 50_000 }, (_, i) => (i === 49_999 ? "not a number" : String(i)));
  return pl.DataFrame({ a: rows }).lazy().select(pl.col("a").cast(pl.Int64, true));
}

/** Collects a lazy frame on the streaming engine, as the engine does. */
export function collect(frame: pl.LazyDataFrame): pl.DataFrame {
  return frame.collectSync({ engine: "streaming" } as never);
}

/** Runs `fn` and checks it throws a DataSourceError whose message holds every fragment. */
export function expectDataSourceError(fn: () => unknown, ...fragments: string[]): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DataSourceError);
  for (const fragment of fragments) expect((caught as Error).message).toContain(fragment);
}

/** The rows of a frame (collected first when lazy) as plain objects, typed loosely for `toEqual`. */
export function rowsOf(frame: pl.LazyDataFrame | pl.DataFrame): unknown[] {
  return (pl.LazyDataFrame.isLazyDataFrame(frame) ? collect(frame) : frame).toRecords() as unknown[];
}
