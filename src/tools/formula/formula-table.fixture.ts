import { pl, runTool } from "../../../tests/helpers/tool-harness";
import { formulaTool } from "./index";

/**
 * The Formula tool's test table: rows written out in plain TypeScript (nulls, negatives,
 * halves, unicode, leap days, dates before 1970), the same rows as a Polars frame, and plain
 * TypeScript versions of the semantics the catalogue documents, so expected outputs are
 * computed without Polars.
 */

export type Row = {
  id: number;
  x: number | null;
  n: number | null;
  m: number | null;
  s: string | null;
  t: string | null;
  d: Date | null;
  d2: Date | null;
  ts: Date | null;
  p: boolean | null;
  q: boolean | null;
  num: string | null;
  dtext: string | null;
};

export const day = (y: number, mo: number, dd: number) => new Date(Date.UTC(y, mo - 1, dd));
const X = [2.5, -2.5, 0.125, null, 7.75, -0.5, 3, 1e6];
const N = [7, -7, null, 0, 12, -3, 5, 1];
const M = [3, 3, 2, -5, null, 4, -2, 7];
const S = ["  Zoë\t ", "日本語", "Straße", null, "", "a.b.c", "😀x", "ärger"];
const T = ["Zo", "本", "x", "y", null, ".", "😀", "ä"];
const D = [
  day(2024, 2, 29),
  day(1999, 12, 31),
  null,
  day(1969, 12, 31),
  day(2021, 1, 3),
  day(2024, 12, 30),
  day(2000, 3, 1),
  day(2023, 6, 15),
];
const D2 = [
  day(2024, 3, 1),
  day(2000, 1, 1),
  day(2020, 1, 1),
  null,
  day(2020, 12, 25),
  day(2025, 1, 1),
  day(2000, 2, 28),
  day(2023, 6, 15),
];
const TS = D.map((v, i) =>
  v === null || i === 4 ? null : new Date(v.getTime() + ((i * 3 + 1) * 3_600_000 + i * 61_000 + i * 7_000)),
);
const P = [true, false, null, true, false, null, true, false];
const Q = [true, true, true, null, null, null, false, false];
const NUM = ["3.5", "10", "-2", "abc", null, "1e3", "0", "7"];
const DTEXT = ["2024-02-29", "31/12/1999", null, "2000-01-01", "2023-02-30", "1969-07-20", "x", "2000-1-1"];

export const source: Row[] = X.map((x, i) => ({
  id: i,
  x,
  n: N[i] ?? null,
  m: M[i] ?? null,
  s: S[i] ?? null,
  t: T[i] ?? null,
  d: D[i] ?? null,
  d2: D2[i] ?? null,
  ts: TS[i] ?? null,
  p: P[i] ?? null,
  q: Q[i] ?? null,
  num: NUM[i] ?? null,
  dtext: DTEXT[i] ?? null,
}));

export const input = pl.DataFrame([
  pl.Series(
    "id",
    source.map((r) => r.id),
    pl.Int64,
  ),
  pl.Series(
    "x",
    source.map((r) => r.x),
    pl.Float64,
  ),
  pl.Series(
    "n",
    source.map((r) => r.n),
    pl.Int64,
  ),
  pl.Series(
    "m",
    source.map((r) => r.m),
    pl.Int64,
  ),
  pl.Series(
    "s",
    source.map((r) => r.s),
    pl.String,
  ),
  pl.Series(
    "t",
    source.map((r) => r.t),
    pl.String,
  ),
  pl.Series(
    "d",
    source.map((r) => r.d),
    pl.Date,
  ),
  pl.Series(
    "d2",
    source.map((r) => r.d2),
    pl.Date,
  ),
  pl.Series(
    "ts",
    source.map((r) => r.ts),
    pl.Datetime("us"),
  ),
  pl.Series(
    "p",
    source.map((r) => r.p),
    pl.Bool,
  ),
  pl.Series(
    "q",
    source.map((r) => r.q),
    pl.Bool,
  ),
  pl.Series(
    "num",
    source.map((r) => r.num),
    pl.String,
  ),
  pl.Series(
    "dtext",
    source.map((r) => r.dtext),
    pl.String,
  ),
]);

export function run(formulas: unknown[], frame: pl.DataFrame = input, limits = {}): pl.DataFrame {
  return runTool(formulaTool, { input: [frame] }, { formulas }, { limits }).output as pl.DataFrame;
}

/** The values of one formula's output column. */
export function results(fn: string, ...args: unknown[]): unknown[] {
  return run([{ output: "out", function: fn, args }])
    .getColumn("out")
    .toArray() as unknown[];
}

export const col = (column: keyof Row) => ({ column });
export const val = (value: string | number | boolean | null) => ({ value });

// Plain TypeScript versions of the semantics the catalogue documents.
export const lift =
  <A extends unknown[], R>(f: (...a: A) => R) =>
  (...a: { [K in keyof A]: A[K] | null }): R | null =>
    a.some((v) => v === null) ? null : f(...(a as A));
export const chars = (s: string) => [...s];
export const floorMod = (a: number, b: number) => (b === 0 ? null : a - Math.floor(a / b) * b);
export function halfEven(v: number, digits: number): number {
  const scale = 10 ** digits;
  const scaled = v * scale;
  const down = Math.floor(scaled);
  const diff = scaled - down;
  const r = diff === 0.5 ? (down % 2 === 0 ? down : down + 1) : Math.round(scaled);
  // As IEEE rounding, the sign of a value rounded to zero stays (-0.5 → -0).
  return r === 0 && v < 0 ? -0 : r / scale;
}
export const epochDays = (d: Date) => Math.floor(d.getTime() / 86_400_000);
export function isoWeek(d: Date): number {
  const t = new Date(d.getTime());
  t.setUTCDate(t.getUTCDate() + 4 - (t.getUTCDay() || 7));
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7);
}
export const pad2 = (v: number) => String(v).padStart(2, "0");
export const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
/** Python Polars writes a float with a fractional part: 3.0, not 3. */
export const floatText = (v: number) => (Number.isInteger(v) && Math.abs(v) < 1e16 ? `${v}.0` : String(v));
export const and3 = (a: boolean | null, b: boolean | null) =>
  a === false || b === false ? false : a === null || b === null ? null : true;
export const or3 = (a: boolean | null, b: boolean | null) =>
  a === true || b === true ? true : a === null || b === null ? null : false;
export function parseDate(text: string, order: "ymd" | "dmy"): Date | null {
  // chrono, which Polars parses with, takes one or two digits for %m and %d.
  const m = order === "ymd" ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text) : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [y, mo, dd] = order === "ymd" ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const date = day(Number(y), Number(mo), Number(dd));
  return date.getUTCMonth() + 1 === Number(mo) && date.getUTCDate() === Number(dd) ? date : null;
}
