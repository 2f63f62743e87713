import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { acceptedFunctions, compileExpression, type ExprLimits } from ".";
import { ExpressionError } from "./expression-error";

// Golden results of valid expressions: each source is compiled, evaluated with
// `df.select(expr.alias("r"))`, and compared with the value Python Polars gives, computed
// here in plain TypeScript from the same rows (never with Polars).

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
};

interface Row {
  i: number | null;
  f: number | null;
  s: string | null;
  t: string | null;
  b: boolean | null;
  d: Date | null;
  ts: Date | null;
  /** d as text, for parsing. */
  ds: string | null;
}

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const at = (y: number, m: number, d: number, h: number, min: number, s: number) =>
  new Date(Date.UTC(y, m - 1, d, h, min, s));

const ROWS: Row[] = (
  [
    { i: 3, f: 1.5, s: "  Zo\u00eb ", t: "x", b: true, d: day(2024, 2, 29), ts: at(2024, 2, 29, 13, 45, 7) },
    { i: -7, f: -2.25, s: "abc", t: null, b: false, d: day(1999, 12, 31), ts: at(1999, 12, 31, 23, 59, 59) },
    { i: null, f: null, s: null, t: "z", b: null, d: null, ts: null },
    { i: 0, f: 0, s: "ÄÖÜ straße", t: "ü", b: true, d: day(2000, 1, 1), ts: at(2000, 1, 1, 0, 0, 0) },
    { i: 12, f: 3.2718, s: "", t: "", b: false, d: day(2023, 7, 9), ts: at(2023, 7, 9, 6, 5, 4) },
    { i: -1, f: -0.5, s: " a,b ", t: "w", b: null, d: day(1970, 1, 1), ts: at(1970, 1, 1, 12, 30, 0) },
  ] as Omit<Row, "ds">[]
).map((row) => ({ ...row, ds: row.d === null ? null : row.d.toISOString().slice(0, 10) }));

const column = <K extends keyof Row>(key: K) => ROWS.map((row) => row[key]);
const DF = pl.DataFrame([
  pl.Series("i", column("i"), pl.Int64),
  pl.Series("f", column("f"), pl.Float64),
  pl.Series("s", column("s"), pl.Utf8),
  pl.Series("t", column("t"), pl.Utf8),
  pl.Series("b", column("b"), pl.Bool),
  pl.Series("d", column("d"), pl.Date),
  pl.Series("ts", column("ts"), pl.Datetime("us")),
  pl.Series("ds", column("ds"), pl.Utf8),
]);

// ── Python semantics, in plain TypeScript ────────────────────────────────────────────────

type V = number | string | boolean | Date | null;
/** Applies `fn` unless an input is null (Polars propagates nulls through most operations). */
function lift<T extends unknown[]>(fn: (...args: T) => V): (...args: { [K in keyof T]: T[K] | null }) => V {
  return (...args) => (args.some((a) => a === null) ? null : fn(...(args as T)));
}
const floorDiv = (a: number, b: number) => Math.floor(a / b);
const pyMod = (a: number, b: number) => a - b * Math.floor(a / b);
/** Kleene logic, as Polars' `&` and `|` on booleans with nulls. */
const and3 = (a: boolean | null, b: boolean | null) =>
  a === false || b === false ? false : a === null || b === null ? null : true;
const or3 = (a: boolean | null, b: boolean | null) =>
  a === true || b === true ? true : a === null || b === null ? null : false;
const chars = (s: string) => [...s];
const isoWeekday = (d: Date) => ((d.getUTCDay() + 6) % 7) + 1;
const pad2 = (n: number) => String(n).padStart(2, "0");
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
const hms = (d: Date) => `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
/** Round half away from zero; the data has no ties at the digits used, so any mode agrees. */
const round = (x: number, digits: number) => (Math.sign(x) * Math.round(Math.abs(x) * 10 ** digits)) / 10 ** digits;
const nonNull = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);
const ints = () => nonNull(column("i"));
const floats = () => nonNull(column("f"));

/** A golden case: `row` gives one value per input row; `all` gives the one-row result of an aggregation. */
interface Golden {
  src: string;
  row?: (r: Row) => V;
  all?: (rows: Row[]) => V;
  /** The Polars dtype Python Polars gives (checked where Python's result type is well known). */
  dtype?: string;
}

const ARITHMETIC: Golden[] = [
  { src: 'pl.col("i") + 1', row: (r) => lift((i: number) => i + 1)(r.i), dtype: "Int64" },
  { src: 'pl.col("i") - pl.col("i") * 2', row: (r) => lift((i: number) => i - i * 2)(r.i), dtype: "Int64" },
  { src: 'pl.col("i") // 2', row: (r) => lift((i: number) => floorDiv(i, 2))(r.i), dtype: "Int64" },
  { src: 'pl.col("i") // -3', row: (r) => lift((i: number) => floorDiv(i, -3))(r.i), dtype: "Int64" },
  { src: 'pl.col("i") % 3', row: (r) => lift((i: number) => pyMod(i, 3))(r.i), dtype: "Int64" },
  { src: 'pl.col("i") % -5', row: (r) => lift((i: number) => pyMod(i, -5))(r.i), dtype: "Int64" },
  { src: 'pl.col("f") % 1', row: (r) => lift((f: number) => pyMod(f, 1))(r.f), dtype: "Float64" },
  { src: 'pl.col("i") / 2', row: (r) => lift((i: number) => i / 2)(r.i), dtype: "Float64" },
  { src: 'pl.col("i") / pl.col("f")', row: (r) => lift((i: number, f: number) => i / f)(r.i, r.f) },
  { src: 'pl.col("i") ** 2', row: (r) => lift((i: number) => i ** 2)(r.i) },
  { src: 'pl.col("f") ** 3', row: (r) => lift((f: number) => f ** 3)(r.f), dtype: "Float64" },
  { src: 'pl.col("i") + pl.col("f")', row: (r) => lift((i: number, f: number) => i + f)(r.i, r.f), dtype: "Float64" },
  { src: 'pl.col("i") * 1.5', row: (r) => lift((i: number) => i * 1.5)(r.i), dtype: "Float64" },
  { src: '10 - pl.col("i")', row: (r) => lift((i: number) => 10 - i)(r.i), dtype: "Int64" },
  { src: '1 + pl.col("f") * 2', row: (r) => lift((f: number) => 1 + f * 2)(r.f) },
  { src: '100 / pl.col("f")', row: (r) => lift((f: number) => 100 / f)(r.f) },
  { src: '-pl.col("i")', row: (r) => lift((i: number) => -i)(r.i), dtype: "Int64" },
  { src: '(pl.col("i") + 1) * (pl.col("i") - 1)', row: (r) => lift((i: number) => (i + 1) * (i - 1))(r.i) },
  { src: '(\n  pl.col("i")\n  + 1\n)', row: (r) => lift((i: number) => i + 1)(r.i) },
  // Python Polars: true division is float division (inf, -inf, NaN); integer floor division by zero is null.
  { src: 'pl.col("i") / 0', row: (r) => lift((i: number) => i / 0)(r.i), dtype: "Float64" },
  { src: 'pl.col("i") // 0', row: () => null },
  { src: '~pl.col("i")', row: (r) => lift((i: number) => -i - 1)(r.i), dtype: "Int64" },
  { src: 'pl.col("i") & 6', row: (r) => lift((i: number) => i & 6)(r.i) },
];

const COMPARISONS_AND_LOGIC: Golden[] = [
  { src: 'pl.col("i") > 0', row: (r) => lift((i: number) => i > 0)(r.i), dtype: "Bool" },
  { src: 'pl.col("i") == 0', row: (r) => lift((i: number) => i === 0)(r.i) },
  { src: 'pl.col("f") <= 0', row: (r) => lift((f: number) => f <= 0)(r.f) },
  { src: 'pl.col("s") != "abc"', row: (r) => lift((s: string) => s !== "abc")(r.s) },
  { src: '0 < pl.col("i")', row: (r) => lift((i: number) => 0 < i)(r.i) },
  { src: 'pl.col("t") == "\\u00fc"', row: (r) => lift((t: string) => t === "ü")(r.t) },
  { src: '(pl.col("i") > 0) & pl.col("b")', row: (r) => and3(r.i === null ? null : r.i > 0, r.b) },
  { src: '(pl.col("i") > 0) | pl.col("b")', row: (r) => or3(r.i === null ? null : r.i > 0, r.b) },
  { src: '~pl.col("b")', row: (r) => lift((b: boolean) => !b)(r.b) },
  { src: '~(pl.col("f") < 0)', row: (r) => lift((f: number) => !(f < 0))(r.f) },
  { src: 'pl.col("b") ^ True', row: (r) => lift((b: boolean) => !b)(r.b) },
  { src: 'pl.col("i").is_between(0, 5)', row: (r) => lift((i: number) => i >= 0 && i <= 5)(r.i) },
  { src: 'pl.col("d") < pl.date(2000, 1, 1)', row: (r) => lift((d: Date) => d < day(2000, 1, 1))(r.d) },
];

const WHEN_AND_NULLS: Golden[] = [
  {
    src: 'pl.when(pl.col("i") > 0).then(pl.lit("pos")).when(pl.col("i") < 0).then(pl.lit("neg")).otherwise(pl.lit("other"))',
    row: (r) => (r.i !== null && r.i > 0 ? "pos" : r.i !== null && r.i < 0 ? "neg" : "other"),
  },
  { src: 'pl.when(pl.col("b")).then(pl.col("i")).otherwise(-1)', row: (r) => (r.b === true ? r.i : -1) },
  { src: 'pl.when(pl.col("f") > 0).then(1)', row: (r) => (r.f !== null && r.f > 0 ? 1 : null) },
  { src: 'pl.when(pl.col("s") == "abc").then("t").otherwise("s")', row: (r) => (r.s === "abc" ? r.t : r.s) },
  { src: 'pl.col("i").fill_null(0)', row: (r) => r.i ?? 0, dtype: "Int64" },
  { src: 'pl.col("s").fill_null("?")', row: (r) => r.s ?? "?" },
  { src: 'pl.col("b").fill_null(False)', row: (r) => r.b ?? false },
  { src: 'pl.col("i").is_null()', row: (r) => r.i === null },
  { src: 'pl.col("t").is_not_null()', row: (r) => r.t !== null },
  { src: 'pl.col("i") * 0', row: (r) => lift((i: number) => i * 0)(r.i) },
  { src: 'pl.coalesce(pl.col("i"), pl.col("f"), 0)', row: (r) => r.i ?? r.f ?? 0 },
];

const STRINGS: Golden[] = [
  { src: 'pl.col("s").str.to_uppercase()', row: (r) => lift((s: string) => s.toUpperCase())(r.s) },
  { src: 'pl.col("s").str.to_lowercase()', row: (r) => lift((s: string) => s.toLowerCase())(r.s) },
  { src: 'pl.col("s").str.strip_chars()', row: (r) => lift((s: string) => s.trim())(r.s) },
  { src: 'pl.col("s").str.len_chars()', row: (r) => lift((s: string) => chars(s).length)(r.s), dtype: "UInt32" },
  { src: 'pl.col("s").str.contains(",", literal=True)', row: (r) => lift((s: string) => s.includes(","))(r.s) },
  { src: 'pl.col("s").str.contains("a.b")', row: (r) => lift((s: string) => /a.b/.test(s))(r.s) },
  { src: 'pl.col("s").str.starts_with(" ")', row: (r) => lift((s: string) => s.startsWith(" "))(r.s) },
  { src: 'pl.col("s").str.ends_with("e")', row: (r) => lift((s: string) => s.endsWith("e"))(r.s) },
  { src: 'pl.col("s").str.replace("a", "A")', row: (r) => lift((s: string) => s.replace("a", "A"))(r.s) },
  { src: 'pl.col("s").str.replace(".", "-", literal=True)', row: (r) => lift((s: string) => s.replace(".", "-"))(r.s) },
  { src: 'pl.col("s").str.slice(1, 3)', row: (r) => lift((s: string) => chars(s).slice(1, 4).join(""))(r.s) },
  { src: 'pl.col("s").str.slice(-2)', row: (r) => lift((s: string) => chars(s).slice(-2).join(""))(r.s) },
  {
    src: 'pl.concat_str([pl.col("s"), pl.col("t")], separator="-")',
    row: (r) => lift((s: string, t: string) => `${s}-${t}`)(r.s, r.t),
  },
  { src: 'pl.col("t") + "!"', row: (r) => lift((t: string) => `${t}!`)(r.t) },
  {
    src: 'pl.col("s").str.pad_start(8, "*")',
    row: (r) => lift((s: string) => "*".repeat(Math.max(0, 8 - chars(s).length)) + s)(r.s),
  },
];

const DATES: Golden[] = [
  { src: 'pl.col("d").dt.year()', row: (r) => lift((d: Date) => d.getUTCFullYear())(r.d) },
  { src: 'pl.col("d").dt.month()', row: (r) => lift((d: Date) => d.getUTCMonth() + 1)(r.d) },
  { src: 'pl.col("d").dt.day()', row: (r) => lift((d: Date) => d.getUTCDate())(r.d) },
  { src: 'pl.col("d").dt.weekday()', row: (r) => lift(isoWeekday)(r.d) },
  { src: 'pl.col("ts").dt.hour()', row: (r) => lift((d: Date) => d.getUTCHours())(r.ts) },
  { src: 'pl.col("ts").dt.minute()', row: (r) => lift((d: Date) => d.getUTCMinutes())(r.ts) },
  { src: 'pl.col("ts").dt.strftime("%Y-%m-%d %H:%M:%S")', row: (r) => lift((d: Date) => `${ymd(d)} ${hms(d)}`)(r.ts) },
  {
    src: 'pl.col("d").dt.strftime("%d/%m/%Y")',
    row: (r) => lift((d: Date) => `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`)(r.d),
  },
  { src: 'pl.col("ds").str.to_date("%Y-%m-%d")', row: (r) => r.d, dtype: "Date" },
  {
    src: 'pl.col("ds").str.strptime(pl.Date, "%Y-%m-%d").dt.month()',
    row: (r) => lift((d: Date) => d.getUTCMonth() + 1)(r.d),
  },
  { src: 'pl.col("ts").dt.timestamp("ms")', row: (r) => lift((d: Date) => d.getTime())(r.ts) },
  {
    src: 'pl.col("ts").dt.date()',
    row: (r) => lift((d: Date) => day(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()))(r.ts),
  },
];

const NUMBERS_AND_CASTS: Golden[] = [
  { src: 'pl.col("i").fill_null(99).is_in([0, 3, 12])', row: (r) => [0, 3, 12].includes(r.i ?? 99) },
  { src: 'pl.col("s").fill_null("?").is_in(["abc", ""])', row: (r) => ["abc", ""].includes(r.s ?? "?") },
  { src: 'pl.col("f").cast(pl.Int64)', row: (r) => lift((f: number) => Math.trunc(f) + 0)(r.f), dtype: "Int64" },
  { src: 'pl.col("i").cast(pl.Float64) / 4', row: (r) => lift((i: number) => i / 4)(r.i), dtype: "Float64" },
  { src: 'pl.col("i").cast(pl.Utf8)', row: (r) => lift((i: number) => String(i))(r.i) },
  { src: 'pl.col("i").cast(pl.String)', row: (r) => lift((i: number) => String(i))(r.i) },
  { src: 'pl.col("f").round(2)', row: (r) => lift((f: number) => round(f, 2))(r.f) },
  { src: 'pl.col("f").abs()', row: (r) => lift(Math.abs)(r.f) },
  { src: 'pl.col("i").abs()', row: (r) => lift(Math.abs)(r.i), dtype: "Int64" },
  { src: 'pl.col("f").clip(-1, 2)', row: (r) => lift((f: number) => Math.min(2, Math.max(-1, f)))(r.f) },
  { src: 'pl.col("i").clip(0, 5)', row: (r) => lift((i: number) => Math.min(5, Math.max(0, i)))(r.i) },
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const AGGREGATIONS: Golden[] = [
  { src: 'pl.col("i").sum()', all: () => sum(ints()) },
  { src: 'pl.col("f").mean()', all: () => sum(floats()) / floats().length },
  { src: 'pl.col("i").max()', all: () => Math.max(...ints()) },
  { src: 'pl.col("i").min()', all: () => Math.min(...ints()) },
  { src: 'pl.col("s").count()', all: () => nonNull(column("s")).length },
  { src: 'pl.col("i") - pl.col("i").mean()', row: (r) => lift((i: number) => i - sum(ints()) / ints().length)(r.i) },
  // A window: the sum of i within each value of b, null being a group of its own.
  {
    src: 'pl.col("i").sum().over("b")',
    row: (r) => sum(nonNull(ROWS.filter((other) => other.b === r.b).map((other) => other.i))),
  },
];

const FOLDED_LITERALS: Golden[] = [
  { src: 'pl.col("i") + 2 ** 10', row: (r) => lift((i: number) => i + 1024)(r.i) },
  { src: 'pl.concat_str([pl.col("t"), pl.lit("ab" * 3)])', row: (r) => lift((t: string) => `${t}ababab`)(r.t) },
  { src: 'pl.col("s").fill_null("%s-%03d" % ("a", 7))', row: (r) => r.s ?? "a-007" },
  { src: 'pl.col("t").fill_null("a" "b")', row: (r) => r.t ?? "ab" },
  { src: 'pl.lit("ab" * 3)', all: () => "ababab" },
  { src: "pl.lit(2 ** 10 - 1)", all: () => 1023 },
];

const GROUPS: Record<string, Golden[]> = {
  arithmetic: ARITHMETIC,
  "comparisons and boolean logic": COMPARISONS_AND_LOGIC,
  "when/then/otherwise and nulls": WHEN_AND_NULLS,
  strings: STRINGS,
  "dates and datetimes": DATES,
  "is_in, casts and number functions": NUMBERS_AND_CASTS,
  aggregations: AGGREGATIONS,
  "constant-folded literals": FOLDED_LITERALS,
};

/** Dates as epoch milliseconds, so that toEqual compares them by value. */
const plain = (v: unknown): unknown => (v instanceof Date ? v.getTime() : typeof v === "bigint" ? Number(v) : v);

/** Equal, with floats within a relative 1e-9 (Polars may sum in another order). */
function expectSame(actual: unknown[], expected: V[]): void {
  const a = actual.map(plain);
  const e = expected.map(plain);
  const close = a.map((x, k) => {
    const y = e[k];
    if (typeof x === "number" && typeof y === "number" && Number.isFinite(y)) {
      return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y)) ? y : x;
    }
    return x;
  });
  expect(close).toEqual(e);
}

/** Compiles `src`; a refusal of a valid expression fails with the accepted names, to tell a gap from a bug. */
function compile(src: string): pl.Expr {
  try {
    return compileExpression(src, LIMITS);
  } catch (error) {
    if (error instanceof ExpressionError && /not allowed|unknown|not accepted/i.test(error.message)) {
      const names = JSON.stringify(acceptedFunctions()).slice(0, 2000);
      throw new Error(`${error.message}\nA valid Python Polars expression was refused. Accepted: ${names}`);
    }
    throw error;
  }
}

describe("valid expressions give Python Polars' results", () => {
  test("the corpus is large enough", () => {
    expect(Object.values(GROUPS).flat().length).toBeGreaterThanOrEqual(50);
  });

  for (const [group, cases] of Object.entries(GROUPS)) {
    test.each(cases.map((c): [string, Golden] => [c.src, c]))(`${group}: %s`, (src, c) => {
      const out = DF.select(compile(src).alias("r"));
      const result = out.getColumn("r");
      if (c.row) {
        expectSame(result.toArray(), ROWS.map(c.row));
      } else if (c.all) {
        // An aggregation alone in a select gives one row.
        expect(out.height).toBe(1);
        expectSame(result.toArray(), [c.all(ROWS)]);
      } else {
        throw new Error(`golden case ${src} has no expected values`);
      }
      if (c.dtype) expect(result.dtype.variant).toBe(c.dtype);
    });
  }

  test("the same source compiles to the same result twice (no state kept between compilations)", () => {
    const src = 'pl.when(pl.col("i") > 0).then(pl.col("i") * 2).otherwise(0)';
    const first = DF.select(compile(src).alias("r")).getColumn("r").toArray();
    const second = DF.select(compile(src).alias("r")).getColumn("r").toArray();
    expect(second).toEqual(first);
    expect(first).toEqual(ROWS.map((r) => (r.i !== null && r.i > 0 ? r.i * 2 : 0)));
  });

  test("an empty frame gives an empty result of the same expression", () => {
    const empty = DF.head(0);
    const out = empty.select(compile('pl.col("s").str.to_uppercase() + "!"').alias("r"));
    expect(out.height).toBe(0);
    expect(out.getColumn("r").dtype.variant).toBe("String");
  });
});
