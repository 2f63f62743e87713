/**
 * Whether two subjects computed the same answer (scripts/bench/suite/types.ts `Answer`): the
 * same row count and the same first rows, value by value in column order. Floats agree within
 * a relative tolerance, because engines sum in different orders (a mean over millions of
 * prices differs in its last bits between DuckDB, pandas and Polars); integers, text and nulls
 * must be equal. Integers may arrive as bigint (DuckDB's HUGEINT sums) or as whole floats
 * (pandas after a pivot fills gaps with NaN), so numbers compare by value, not by type.
 */
import type { Answer } from "../suite/types";

/** Relative tolerance for floats; 1e-9 is far above summation noise and far below any real error. */
export const FLOAT_TOLERANCE = 1e-9;

/** Why the answers differ, in words, or undefined when they agree. */
export function answerDifference(expected: Answer, actual: Answer, tolerance = FLOAT_TOLERANCE): string | undefined {
  if (expected.rows !== actual.rows) return `${actual.rows} rows where ${expected.rows} were expected`;
  if (expected.top.length !== actual.top.length)
    return `${actual.top.length} top rows where ${expected.top.length} were expected`;
  for (let r = 0; r < expected.top.length; r++) {
    const want = expected.top[r] ?? [];
    const got = actual.top[r] ?? [];
    if (want.length !== got.length) return `row ${r + 1} has ${got.length} values where ${want.length} were expected`;
    for (let c = 0; c < want.length; c++) {
      if (!sameValue(want[c], got[c], tolerance))
        return `row ${r + 1}, column ${c + 1}: ${show(got[c])} where ${show(want[c])} was expected`;
    }
  }
  return undefined;
}

export function sameValue(a: unknown, b: unknown, tolerance = FLOAT_TOLERANCE): boolean {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) {
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
    if (Number.isInteger(x) && Number.isInteger(y)) return x === y;
    return Math.abs(x - y) <= tolerance * Math.max(1, Math.abs(x), Math.abs(y));
  }
  return (a ?? null) === (b ?? null);
}

function asNumber(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  return undefined;
}

function show(v: unknown): string {
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

/**
 * An answer from a table's rows, each a list of values in column order: bigint → number, so
 * answers travel as JSON between processes and compare by value.
 */
export function answerOf(rows: number, top: unknown[][]): Answer {
  return { rows, top: top.map((row) => row.map((v) => (typeof v === "bigint" ? Number(v) : v))) };
}

/** How many rows an answer shows (the first rows of the sorted result). */
export const TOP_ROWS = 5;
