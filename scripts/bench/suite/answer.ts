import type pl from "nodejs-polars";
import type { Answer } from "./types";

/**
 * How many of a result's first rows an Answer holds (every row of a smaller result): the
 * peers' answers hold this many (scripts/bench/peers/answers.ts), and only this many are compared.
 */
export const TOP_ROWS = 5;

/**
 * Two floats agree when they differ by at most this fraction of the larger: engines sum in
 * different orders (DuckDB's and pandas' means differ from Polars' in the last digits).
 */
export const RELATIVE_TOLERANCE = 1e-6;

/** The Answer of a result frame: its height and its first TOP_ROWS rows, values in column order. */
export function answerOf(frame: pl.DataFrame): Answer {
  return { rows: frame.height, top: frame.head(TOP_ROWS).rows() as unknown[][] };
}

/**
 * Why `actual` is not the answer `expected` gives, in words; undefined when it is. Numbers
 * compare across representations (bigint, integer-valued float) within RELATIVE_TOLERANCE;
 * null, undefined and NaN all stand for a missing value (pandas' NaN, Arquero's undefined);
 * everything else compares by its text.
 */
export function answerDifference(expected: Answer, actual: Answer): string | undefined {
  if (actual.rows !== expected.rows) return `${actual.rows} rows, expected ${expected.rows}`;
  const count = Math.min(TOP_ROWS, expected.rows, expected.top.length);
  if (actual.top.length < count) return `${actual.top.length} top rows given, expected ${count}`;
  for (let i = 0; i < count; i++) {
    const want = expected.top[i] ?? [];
    const got = actual.top[i] ?? [];
    if (got.length !== want.length) return `row ${i + 1} has ${got.length} values, expected ${want.length}`;
    for (let j = 0; j < want.length; j++) {
      if (!sameValue(want[j], got[j])) {
        return `row ${i + 1}, value ${j + 1}: ${show(got[j])}, expected ${show(want[j])}`;
      }
    }
  }
  return undefined;
}

function isMissing(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === "number" && Number.isNaN(v));
}

function asNumber(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  return undefined;
}

/** Whether two values of an answer agree (see answerDifference). */
export function sameValue(want: unknown, got: unknown): boolean {
  if (isMissing(want) || isMissing(got)) return isMissing(want) && isMissing(got);
  const a = asNumber(want);
  const b = asNumber(got);
  if (a !== undefined || b !== undefined) {
    if (a === undefined || b === undefined) return false;
    if (a === b) return true;
    return Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
  }
  return String(want) === String(got);
}

function show(v: unknown): string {
  if (typeof v === "bigint") return `${v}`;
  return v === undefined ? "undefined" : JSON.stringify(v);
}
