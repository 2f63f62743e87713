import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { compileExpression, type ExprLimits } from ".";
import { ExpressionError } from "./expression-error";

// Each expression runs on a small frame with nulls, unicode and dates; the expected column
// is computed from the rows below in plain TypeScript (never with Polars).

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
};

interface Row {
  id: number;
  price: number | null;
  qty: number | null;
  name: string | null;
  code: string | null;
  day: string | null; // YYYY-MM-DD
  ts: string | null; // YYYY-MM-DDTHH:MM:SS.ffffff (UTC)
  flag: boolean | null;
}

const ROWS: Row[] = [
  {
    id: 1,
    price: 10.5,
    qty: 3,
    name: "Apple",
    code: "a-1",
    day: "2024-01-15",
    ts: "2024-01-15T08:30:00.000000",
    flag: true,
  },
  {
    id: 2,
    price: null,
    qty: 0,
    name: "  élan ",
    code: "b-22",
    day: "2024-02-29",
    ts: "2024-02-29T23:59:59.500000",
    flag: false,
  },
  { id: 3, price: -2.25, qty: null, name: null, code: null, day: null, ts: null, flag: null },
  {
    id: 4,
    price: 0,
    qty: -7,
    name: "ÜBER straße",
    code: "c-333",
    day: "1999-12-31",
    ts: "1999-12-31T12:05:09.123456",
    flag: true,
  },
  {
    id: 5,
    price: 1e6,
    qty: 12,
    name: "日本語",
    code: "d-4",
    day: "2000-03-01",
    ts: "2000-03-01T00:00:00.000001",
    flag: false,
  },
];

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const micros = (ts: string) => {
  const [whole = "", fraction = "0"] = ts.split(".");
  return BigInt(Date.parse(`${whole}Z`)) * 1000n + BigInt(fraction.padEnd(6, "0"));
};

const FRAME = pl.DataFrame([
  pl.Series(
    "id",
    ROWS.map((r) => r.id),
    pl.Int64,
  ),
  pl.Series(
    "price",
    ROWS.map((r) => r.price),
    pl.Float64,
  ),
  pl.Series(
    "qty",
    ROWS.map((r) => r.qty),
    pl.Int64,
  ),
  pl.Series(
    "name",
    ROWS.map((r) => r.name),
    pl.String,
  ),
  pl.Series(
    "code",
    ROWS.map((r) => r.code),
    pl.String,
  ),
  pl
    .Series(
      "day",
      ROWS.map((r) => (r.day ? dayNumber(r.day) : null)),
      pl.Int32,
    )
    .cast(pl.Date),
  pl
    .Series(
      "ts",
      ROWS.map((r) => (r.ts ? micros(r.ts).toString() : null)),
      pl.String,
    )
    .cast(pl.Int64)
    .cast(pl.Datetime("us")),
  pl.Series(
    "flag",
    ROWS.map((r) => r.flag),
    pl.Bool,
  ),
]);

type Value = number | string | boolean | null;

/** Python's `%` and `//` on numbers. */
const pyMod = (a: number, b: number) => ((a % b) + b) % b;
const roundHalfEven = (x: number) => {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
};
const codePoints = (s: string) => Array.from(s);
const utc = (ts: string) => new Date(`${ts.slice(0, 23)}Z`);
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const ordinalDay = (day: string) => dayNumber(day) - dayNumber(`${day.slice(0, 4)}-01-01`) + 1;
const and3 = (a: boolean | null, b: boolean | null) =>
  a === false || b === false ? false : a === null || b === null ? null : true;
const or3 = (a: boolean | null, b: boolean | null) =>
  a === true || b === true ? true : a === null || b === null ? null : false;
const nonNull = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);
const qtys = nonNull(ROWS.map((r) => r.qty));
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const variance = (xs: number[], ddof: number) => {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - ddof);
};
const nullable =
  <T, R>(f: (v: T) => R) =>
  (v: T | null): R | null =>
    v === null ? null : f(v);

/** An elementwise expression and its expected value per row. */
const ROWWISE: Array<[string, (r: Row) => Value]> = [
  ['pl.col("qty") + 1', (r) => nullable((q: number) => q + 1)(r.qty)],
  ['1 + pl.col("qty")', (r) => nullable((q: number) => 1 + q)(r.qty)],
  ['pl.col("qty") * pl.col("price")', (r) => (r.qty === null || r.price === null ? null : r.qty * r.price)],
  ['pl.col("qty") / 2', (r) => nullable((q: number) => q / 2)(r.qty)],
  ['pl.col("qty") // 2', (r) => nullable((q: number) => Math.floor(q / 2))(r.qty)],
  ['pl.col("qty") % 5', (r) => nullable((q: number) => pyMod(q, 5))(r.qty)],
  ['pl.col("qty") ** 2', (r) => nullable((q: number) => q ** 2)(r.qty)],
  ['-pl.col("qty")', (r) => nullable((q: number) => -q)(r.qty)],
  ['10 - pl.col("qty") * 2 ** 3', (r) => nullable((q: number) => 10 - q * 8)(r.qty)],
  ['pl.col("price").abs()', (r) => nullable(Math.abs)(r.price)],
  ['pl.col("price").round()', (r) => nullable(roundHalfEven)(r.price)],
  ['pl.col("price").floor()', (r) => nullable(Math.floor)(r.price)],
  ['pl.col("price").ceil()', (r) => nullable((p: number) => Math.ceil(p) || 0)(r.price)],
  ['pl.col("price").clip(0, 100)', (r) => nullable((p: number) => Math.min(100, Math.max(0, p)))(r.price)],
  ['pl.col("price").sqrt()', (r) => nullable(Math.sqrt)(r.price)],
  ['pl.col("qty").pow(3)', (r) => nullable((q: number) => q ** 3)(r.qty)],
  ['pl.col("qty").sign()', (r) => nullable(Math.sign)(r.qty)],
  ['pl.col("qty").fill_null(0)', (r) => r.qty ?? 0],
  ['pl.col("price").is_null()', (r) => r.price === null],
  ['pl.col("name").is_not_null()', (r) => r.name !== null],
  ['pl.coalesce(pl.col("price"), "qty", 0)', (r) => r.price ?? r.qty ?? 0],
  [
    'pl.when(pl.col("qty") > 5).then(pl.lit("many")).when(pl.col("qty") > 0).then(pl.lit("some")).otherwise(pl.lit("none"))',
    (r) => (r.qty !== null && r.qty > 5 ? "many" : r.qty !== null && r.qty > 0 ? "some" : "none"),
  ],
  ['pl.when(pl.col("flag")).then("id")', (r) => (r.flag === true ? r.id : null)],
  ['pl.col("name").str.to_uppercase()', (r) => nullable((s: string) => s.toUpperCase())(r.name)],
  ['pl.col("name").str.to_lowercase()', (r) => nullable((s: string) => s.toLowerCase())(r.name)],
  ['pl.col("name").str.len_chars()', (r) => nullable((s: string) => codePoints(s).length)(r.name)],
  ['pl.col("name").str.strip_chars()', (r) => nullable((s: string) => s.trim())(r.name)],
  ['pl.col("name").str.contains("é", literal=True)', (r) => nullable((s: string) => s.includes("é"))(r.name)],
  ['pl.col("name").str.contains("^[A-Z]")', (r) => nullable((s: string) => /^[A-Z]/.test(s))(r.name)],
  ['pl.col("code").str.starts_with("b")', (r) => nullable((s: string) => s.startsWith("b"))(r.code)],
  ['pl.col("code").str.ends_with("1")', (r) => nullable((s: string) => s.endsWith("1"))(r.code)],
  ['pl.col("code").str.replace("-", "_")', (r) => nullable((s: string) => s.replace("-", "_"))(r.code)],
  ['pl.col("name").str.slice(0, 3)', (r) => nullable((s: string) => codePoints(s).slice(0, 3).join(""))(r.name)],
  ['pl.col("name").str.tail(2)', (r) => nullable((s: string) => codePoints(s).slice(-2).join(""))(r.name)],
  ['pl.col("code").str.pad_start(6, "*")', (r) => nullable((s: string) => s.padStart(6, "*"))(r.code)],
  ['pl.col("code").str.zfill(5)', (r) => nullable((s: string) => s.padStart(5, "0"))(r.code)],
  ['pl.col("code").str.split("-").list.get(1)', (r) => nullable((s: string) => s.split("-")[1] ?? null)(r.code)],
  ['pl.col("code").str.split("-").list.len()', (r) => nullable((s: string) => s.split("-").length)(r.code)],
  ['pl.col("day").dt.year()', (r) => nullable((d: string) => Number(d.slice(0, 4)))(r.day)],
  ['pl.col("day").dt.month()', (r) => nullable((d: string) => Number(d.slice(5, 7)))(r.day)],
  ['pl.col("day").dt.day()', (r) => nullable((d: string) => Number(d.slice(8, 10)))(r.day)],
  ['pl.col("day").dt.weekday()', (r) => nullable(isoWeekday)(r.day)],
  ['pl.col("day").dt.ordinal_day()', (r) => nullable(ordinalDay)(r.day)],
  [
    'pl.col("day").dt.quarter()',
    (r) => nullable((d: string) => Math.floor((Number(d.slice(5, 7)) - 1) / 3) + 1)(r.day),
  ],
  [
    'pl.col("day").dt.strftime("%d/%m/%Y")',
    (r) => nullable((d: string) => `${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}`)(r.day),
  ],
  ['pl.col("ts").dt.hour()', (r) => nullable((t: string) => utc(t).getUTCHours())(r.ts)],
  ['pl.col("ts").dt.minute()', (r) => nullable((t: string) => utc(t).getUTCMinutes())(r.ts)],
  ['pl.col("ts").dt.second()', (r) => nullable((t: string) => utc(t).getUTCSeconds())(r.ts)],
  ['pl.col("ts").dt.millisecond()', (r) => nullable((t: string) => Number(t.slice(20, 23)))(r.ts)],
  ['pl.col("ts").dt.microsecond()', (r) => nullable((t: string) => Number(t.slice(20, 26)))(r.ts)],
  ['pl.col("ts").dt.timestamp("ms")', (r) => nullable((t: string) => Number(micros(t) / 1000n))(r.ts)],
  ['pl.col("ts").dt.date() == pl.col("day")', (r) => (r.ts === null ? null : true)],
  ['pl.col("day") >= pl.date(2024, 1, 1)', (r) => nullable((d: string) => d >= "2024-01-01")(r.day)],
  [
    'pl.col("ts") < pl.datetime(2000, 3, 1, 0, 0, 0, 2)',
    (r) => nullable((t: string) => micros(t) < micros("2000-03-01T00:00:00.000002"))(r.ts),
  ],
  ['pl.col("qty").is_in([0, 12, 99])', (r) => nullable((q: number) => [0, 12, 99].includes(q))(r.qty)],
  [
    'pl.col("name").is_in(["Apple", "日本語"])',
    (r) => nullable((s: string) => ["Apple", "日本語"].includes(s))(r.name),
  ],
  ['pl.col("qty").is_in([])', (r) => (r.qty === null ? null : false)],
  ['pl.col("qty").is_between(0, 5)', (r) => nullable((q: number) => q >= 0 && q <= 5)(r.qty)],
  ['pl.col("qty").is_between(0, 3, closed="left")', (r) => nullable((q: number) => q >= 0 && q < 3)(r.qty)],
  ['pl.col("qty").cast(pl.String)', (r) => nullable(String)(r.qty)],
  ['pl.col("price").cast(pl.Int64)', (r) => nullable(Math.trunc)(r.price)],
  [
    'pl.concat_str([pl.col("code"), "name"], separator="|")',
    (r) => (r.code === null || r.name === null ? null : `${r.code}|${r.name}`),
  ],
  ['pl.format("{}#{}", "id", pl.col("code"))', (r) => nullable((c: string) => `${r.id}#${c}`)(r.code)],
  ['"ab" * 2 + pl.col("code")', (r) => nullable((c: string) => `abab${c}`)(r.code)],
  ['"%s-%03d" % ("id", 7) + pl.col("code")', (r) => nullable((c: string) => `id-007${c}`)(r.code)],
  ['pl.col("flag") & (pl.col("qty") > 0)', (r) => and3(r.flag, r.qty === null ? null : r.qty > 0)],
  ['pl.col("flag") | pl.col("price").is_null()', (r) => or3(r.flag, r.price === null)],
  ['~pl.col("flag")', (r) => nullable((f: boolean) => !f)(r.flag)],
  ['pl.col("flag") ^ True', (r) => nullable((f: boolean) => f !== true)(r.flag)],
  ['(pl.col("qty") > 0) != pl.col("flag")', (r) => (r.qty === null || r.flag === null ? null : r.qty > 0 !== r.flag)],
  ['pl.col("qty").shift(1)', (r) => ROWS[r.id - 2]?.qty ?? null],
  ['pl.col("qty").shift(-1, fill_value=100)', (r) => (r.id === ROWS.length ? 100 : (ROWS[r.id]?.qty ?? null))],
  [
    'pl.col("qty").cum_sum()',
    (r) => (r.qty === null ? null : nonNull(ROWS.slice(0, r.id).map((x) => x.qty)).reduce((s, q) => s + q, 0)),
  ],
  [
    'pl.col("qty").rank("dense")',
    (r) => nullable((q: number) => [...new Set(qtys)].sort((a, b) => a - b).indexOf(q) + 1)(r.qty),
  ],
  [
    'pl.col("qty").sum().over("flag")',
    (r) => nonNull(ROWS.filter((x) => x.flag === r.flag).map((x) => x.qty)).reduce((s, q) => s + q, 0),
  ],
  ['pl.col("qty").replace([0, 12], [100, 120])', (r) => (r.qty === 0 ? 100 : r.qty === 12 ? 120 : r.qty)],
];

/** An aggregation and its expected single value. */
const AGGREGATES: Array<[string, Value]> = [
  ['pl.col("qty").sum()', qtys.reduce((s, q) => s + q, 0)],
  ['pl.col("qty").mean()', mean(qtys)],
  ['pl.col("qty").min()', Math.min(...qtys)],
  ['pl.col("qty").max()', Math.max(...qtys)],
  ['pl.col("qty").count()', qtys.length],
  ['pl.col("qty").len()', ROWS.length],
  ['pl.col("name").n_unique()', new Set(ROWS.map((r) => r.name)).size],
  ['pl.col("name").first()', ROWS[0]?.name ?? null],
  ['pl.col("name").last()', ROWS.at(-1)?.name ?? null],
  ['pl.col("qty").std()', Math.sqrt(variance(qtys, 1))],
  ['pl.col("qty").var(ddof=0)', variance(qtys, 0)],
  [
    'pl.col("qty").median()',
    [...qtys]
      .sort((a, b) => a - b)
      .slice(1, 3)
      .reduce((s, q) => s + q, 0) / 2,
  ],
  ['pl.col("price").null_count()', ROWS.filter((r) => r.price === null).length],
  ["pl.len()", ROWS.length],
  ['pl.sum("qty")', qtys.reduce((s, q) => s + q, 0)],
];

function run(source: string): Value[] {
  const out = FRAME.lazy().select(compileExpression(source, LIMITS).alias("out")).collectSync();
  return out.getColumn("out").toArray() as Value[];
}

/** Dates and datetimes come back as JS Dates, Int64 as numbers; NaN compares equal to NaN. */
function same(actual: unknown, expected: Value): boolean {
  if (actual instanceof Date) return false;
  if (typeof actual === "number" && typeof expected === "number")
    return Number.isNaN(actual)
      ? Number.isNaN(expected)
      : Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
  return actual === expected;
}

describe("compiled expressions compute what plain TypeScript computes", () => {
  test("the table is large enough", () => {
    expect(ROWWISE.length + AGGREGATES.length).toBeGreaterThanOrEqual(80);
  });

  for (const [source, expected] of ROWWISE) {
    test(source, () => {
      const actual = run(source);
      const want = ROWS.map(expected);
      const mismatches = want.flatMap((w, i) =>
        same(actual[i], w) ? [] : [`row ${i + 1}: got ${String(actual[i])}, want ${String(w)}`],
      );
      expect(mismatches).toEqual([]);
      expect(actual.length).toBe(ROWS.length);
    });
  }

  for (const [source, expected] of AGGREGATES) {
    test(source, () => {
      const actual = run(source);
      expect(actual.length).toBe(1);
      expect(same(actual[0], expected)).toBe(true);
    });
  }
});

describe("types follow Python Polars", () => {
  const dtypeOf = (source: string) =>
    String(FRAME.lazy().select(compileExpression(source, LIMITS).alias("out")).collectSync().getColumn("out").dtype);

  test("integer literals keep integer columns integer, true division is a float", () => {
    expect(dtypeOf('pl.col("qty") + 1')).toContain("Int64");
    expect(dtypeOf('pl.col("qty") // 2')).toContain("Int64");
    expect(dtypeOf('pl.col("qty") % 2')).toContain("Int64");
    expect(dtypeOf('pl.col("qty") / 2')).toContain("Float64");
    expect(dtypeOf("pl.lit(5)")).toContain("Int32");
    expect(dtypeOf("pl.lit(2 ** 40)")).toContain("Int64");
    expect(dtypeOf("pl.lit(2 ** 63)")).toContain("UInt64");
  });

  test("integers past 2^53 stay exact", () => {
    const out = FRAME.lazy()
      .select(compileExpression("pl.lit(2 ** 60 + 1).cast(pl.String)", LIMITS).alias("x"))
      .collectSync();
    expect(out.getColumn("x").toArray()).toEqual([(2n ** 60n + 1n).toString()]);
  });

  test("a when without otherwise is null where no branch holds, typed by its then", () => {
    expect(dtypeOf('pl.when(pl.col("flag")).then(pl.lit("yes"))')).toContain("String");
  });

  test("len_chars is planned as UInt32, so arithmetic and sums on it are accepted", () => {
    // The type before any row is read (schemaOf's way): nodejs-polars plans str.lengths() as String.
    const planned = FRAME.lazy()
      .select(compileExpression('pl.col("name").str.len_chars()', LIMITS).alias("n"))
      .limit(0)
      .collectSync({ engine: "streaming" } as never);
    expect(String(planned.getColumn("n").dtype)).toContain("UInt32");
    const total = run('(pl.col("qty") + pl.col("name").fill_null("").str.len_chars()).sum()');
    const expected = ROWS.reduce((sum, r) => sum + (r.qty === null ? 0 : r.qty + codePoints(r.name ?? "").length), 0);
    expect(Number(total[0])).toBe(expected);
  });
});

describe("what nodejs-polars refuses while building is an ExpressionError at the call", () => {
  const refusedAt = (source: string, at: string, says: RegExp) => {
    let caught: unknown;
    try {
      compileExpression(source, LIMITS);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ExpressionError);
    expect((caught as ExpressionError).message).toMatch(says);
    const start = source.indexOf(at);
    expect((caught as ExpressionError).offset).toBeGreaterThanOrEqual(start);
    expect((caught as ExpressionError).offset).toBeLessThan(start + at.length);
  };

  test("unknown time zones, wherever they are named", () => {
    refusedAt('pl.col("ts").dt.convert_time_zone("Mars/Olympus")', '"Mars', /time_zone is not a known time zone/);
    refusedAt('pl.col("ts").dt.replace_time_zone("Nowhere")', '"Nowhere"', /not a known time zone/);
    refusedAt('pl.col("ts").cast(pl.Datetime("ms", "Nowhere"))', '"Nowhere"', /pl\.Datetime\(\) argument time_zone/);
    refusedAt(
      'pl.col("code").str.to_datetime(time_zone="1x")',
      "to_datetime",
      /to_datetime\(\) cannot be built: .*time zone/,
    );
    refusedAt('pl.datetime(2024, 1, 1, time_zone="Nowhere")', '"Nowhere"', /not a known time zone/);
  });

  test("exclude on something that is not a column selection", () => {
    refusedAt('pl.lit(1).exclude("a")', "exclude", /\.exclude\(\) cannot be built: expression is not a selector/);
  });

  test("text parsed to a type nodejs-polars cannot parse to", () => {
    refusedAt('pl.col("code").str.strptime(pl.Time, "%H")', "pl.Time", /must be pl\.Date or pl\.Datetime/);
  });

  test("a replace list with no type", () => {
    refusedAt('pl.col("qty").replace([], [])', "[]", /needs values with a type/);
  });
});
