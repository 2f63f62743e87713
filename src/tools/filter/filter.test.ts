import { describe, expect, test } from "bun:test";
import { seededRandom as rng } from "../../../tests/helpers/seeded-random";
import { pl, rowsOf, runTool, testContext } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { filterTool } from "./index";

type Row = Record<string, unknown>;

const NAMES = ["apple", "Äpfel", "ápple", "banana", "cherry.pie", "a(b)", "日本語", "😀 smile", "", "zebra", "b"];
const DAYS = ["2024-01-01", "2024-01-15", "2024-01-31", "2024-02-29", "2023-12-31", "1969-07-20"];
const TIMES = [
  "2024-01-01T11:59:59.999Z",
  "2024-01-01T12:00:00.000Z",
  "2024-01-01T12:00:00.001Z",
  "2024-06-30T22:00:00Z",
];
const N = 80;

/** The input table: every column has nulls except `id`; names and one column name are not ASCII. */
function makeInput(): pl.DataFrame {
  const r = rng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const maybe = <T>(v: T): T | null => (r() < 0.2 ? null : v);
  const ids = Array.from({ length: N }, (_, i) => i);
  return pl.DataFrame([
    pl.Series("id", ids, pl.Int64),
    pl.Series(
      "qty",
      ids.map(() => maybe(Math.floor(r() * 26) - 5)),
      pl.Int32,
    ),
    pl.Series(
      "prix €",
      ids.map(() => maybe(Math.floor(r() * 25) * 0.25 - 3)),
      pl.Float64,
    ),
    pl.Series(
      "名前",
      ids.map(() => maybe(pick(NAMES))),
      pl.String,
    ),
    pl.Series(
      "ok",
      ids.map(() => maybe(r() < 0.5)),
      pl.Bool,
    ),
    pl
      .Series(
        "day",
        ids.map(() => maybe(new Date(`${pick(DAYS)}T00:00:00Z`))),
      )
      .cast(pl.Date),
    pl
      .Series(
        "ts",
        ids.map(() => maybe(new Date(pick(TIMES)))),
      )
      .cast(pl.Datetime("us")),
    pl
      .Series(
        "t",
        ids.map(() => maybe(Math.floor(r() * 4) * 1_800_000_000_000)),
        pl.Int64,
      )
      .cast(pl.Time),
  ]);
}

const input = makeInput();
const records = rowsOf(input);
/** Nanoseconds since midnight of the Time column (read back as integers: JS has no time-of-day type). */
const timeNanos = [...input.getColumn("t").cast(pl.Int64)].map((v: unknown) => (v === null ? null : Number(v)));

/** Byte order of UTF-8, as Polars compares strings (JS compares UTF-16 code units). */
const cmp = (a: string, b: string) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
const ms = (iso: string) => Date.parse(iso);
const num = (r: Row, c: string) => r[c] as number | null;
const str = (r: Row, c: string) => r[c] as string | null;
const time = (r: Row, c: string) => (r[c] === null ? null : (r[c] as Date).getTime());

/** A predicate over a row; null in the compared cell must give false (handled by each case). */
type Case = [column: string, operator: string, value: unknown, expected: (r: Row) => boolean];

const CASES: Case[] = [
  ["qty", "==", 4, (r) => num(r, "qty") === 4],
  ["qty", "==", "4", (r) => num(r, "qty") === 4],
  ["qty", "==", 2.5, () => false],
  ["qty", "!=", 5, (r) => num(r, "qty") !== null && num(r, "qty") !== 5],
  ["qty", ">", 3, (r) => (num(r, "qty") ?? -Infinity) > 3],
  ["qty", ">=", " 3 ", (r) => (num(r, "qty") ?? -Infinity) >= 3],
  ["qty", "<", 0, (r) => (num(r, "qty") ?? Infinity) < 0],
  ["qty", "<=", -2.5, (r) => (num(r, "qty") ?? Infinity) <= -2.5],
  ["qty", "in", [1, 2, "3"], (r) => [1, 2, 3].includes(num(r, "qty") ?? NaN)],
  ["qty", "in", [2.5, 4], (r) => num(r, "qty") === 4],
  ["qty", "in", [], () => false],
  ["qty", "not_in", [1, 2], (r) => num(r, "qty") !== null && ![1, 2].includes(num(r, "qty") as number)],
  ["qty", "not_in", [], (r) => num(r, "qty") !== null],
  [
    "qty",
    "between",
    [2, "8"],
    (r) => num(r, "qty") !== null && (num(r, "qty") as number) >= 2 && (num(r, "qty") as number) <= 8,
  ],
  ["qty", "between", [8, 2], () => false],
  ["qty", "is_null", undefined, (r) => num(r, "qty") === null],
  ["qty", "is_not_null", null, (r) => num(r, "qty") !== null],
  ["prix €", ">", 1.5, (r) => (num(r, "prix €") ?? -Infinity) > 1.5],
  [
    "prix €",
    "between",
    [-1, 1.25],
    (r) => num(r, "prix €") !== null && (num(r, "prix €") as number) >= -1 && (num(r, "prix €") as number) <= 1.25,
  ],
  ["prix €", "in", [0.25, "0.5", -3], (r) => [0.25, 0.5, -3].includes(num(r, "prix €") ?? NaN)],
  ["prix €", "==", "-2.75", (r) => num(r, "prix €") === -2.75],
  ["名前", "==", "日本語", (r) => str(r, "名前") === "日本語"],
  ["名前", "==", "", (r) => str(r, "名前") === ""],
  ["名前", "!=", "apple", (r) => str(r, "名前") !== null && str(r, "名前") !== "apple"],
  ["名前", ">", "b", (r) => str(r, "名前") !== null && cmp(str(r, "名前") as string, "b") > 0],
  ["名前", "<=", "apple", (r) => str(r, "名前") !== null && cmp(str(r, "名前") as string, "apple") <= 0],
  [
    "名前",
    "between",
    ["a", "c"],
    (r) =>
      str(r, "名前") !== null && cmp(str(r, "名前") as string, "a") >= 0 && cmp(str(r, "名前") as string, "c") <= 0,
  ],
  ["名前", "contains", ".", (r) => (str(r, "名前") ?? "").includes(".") && str(r, "名前") !== null],
  ["名前", "contains", "(b", (r) => (str(r, "名前") ?? "").includes("(b")],
  ["名前", "contains", "", (r) => str(r, "名前") !== null],
  ["名前", "contains", "PP", () => false],
  ["名前", "starts_with", "áp", (r) => (str(r, "名前") ?? "").startsWith("áp")],
  ["名前", "starts_with", "😀", (r) => (str(r, "名前") ?? "").startsWith("😀")],
  ["名前", "ends_with", "le", (r) => (str(r, "名前") ?? "").endsWith("le")],
  ["名前", "in", ["apple", "", "😀 smile"], (r) => ["apple", "", "😀 smile"].includes(str(r, "名前") as string)],
  [
    "名前",
    "not_in",
    ["apple", "b"],
    (r) => str(r, "名前") !== null && !["apple", "b"].includes(str(r, "名前") as string),
  ],
  ["名前", "==", 5, () => false],
  ["ok", "==", true, (r) => r.ok === true],
  ["ok", "==", "FALSE", (r) => r.ok === false],
  ["ok", "!=", true, (r) => r.ok === false],
  ["ok", "in", [true], (r) => r.ok === true],
  ["ok", "not_in", ["true"], (r) => r.ok === false],
  ["day", "==", "2024-02-29", (r) => time(r, "day") === ms("2024-02-29T00:00:00Z")],
  ["day", ">", "2024-01-15", (r) => (time(r, "day") ?? -Infinity) > ms("2024-01-15T00:00:00Z")],
  ["day", "<", "1970-01-01", (r) => (time(r, "day") ?? Infinity) < 0],
  [
    "day",
    "between",
    ["2024-01-01", "2024-01-31"],
    (r) =>
      time(r, "day") !== null &&
      (time(r, "day") as number) >= ms("2024-01-01") &&
      (time(r, "day") as number) <= ms("2024-01-31"),
  ],
  [
    "day",
    "in",
    ["2024-02-29", "1969-07-20"],
    (r) => [ms("2024-02-29"), ms("1969-07-20")].includes(time(r, "day") ?? NaN),
  ],
  ["day", "not_in", ["2024-01-01"], (r) => time(r, "day") !== null && time(r, "day") !== ms("2024-01-01")],
  ["ts", ">", "2024-01-01T12:00:00", (r) => (time(r, "ts") ?? -Infinity) > ms("2024-01-01T12:00:00Z")],
  ["ts", ">=", "2024-01-01 12:00", (r) => (time(r, "ts") ?? -Infinity) >= ms("2024-01-01T12:00:00Z")],
  ["ts", "<", "2024-01-01T12:00:00.000500", (r) => (time(r, "ts") ?? Infinity) <= ms("2024-01-01T12:00:00Z")],
  ["ts", "==", "2024-01-01T13:00:00.001+01:00", (r) => time(r, "ts") === ms("2024-01-01T12:00:00.001Z")],
  ["ts", "<=", "2024-01-01T12:00", (r) => (time(r, "ts") ?? Infinity) <= ms("2024-01-01T12:00:00Z")],
  ["ts", ">", "2024-01-01", (r) => (time(r, "ts") ?? -Infinity) > ms("2024-01-01T00:00:00Z")],
  [
    "ts",
    "in",
    ["2024-06-30T22:00:00Z", "2024-01-01T11:59:59.999"],
    (r) => [ms("2024-06-30T22:00:00Z"), ms("2024-01-01T11:59:59.999Z")].includes(time(r, "ts") ?? NaN),
  ],
  [
    "ts",
    "between",
    ["2024-01-01T11:59:59.999Z", "2024-01-01T12:00:00Z"],
    (r) =>
      time(r, "ts") !== null &&
      (time(r, "ts") as number) >= ms("2024-01-01T11:59:59.999Z") &&
      (time(r, "ts") as number) <= ms("2024-01-01T12:00:00Z"),
  ],
  ["t", ">=", "00:30", (r) => (timeNanos[r.id as number] ?? -1) >= 1_800_000_000_000],
  ["t", "==", "01:00:00.000", (r) => timeNanos[r.id as number] === 3_600_000_000_000],
];

function ids(frame: pl.DataFrame): number[] {
  return rowsOf(frame).map((r) => r.id as number);
}

describe("filter: each operator splits the rows into output-true and output-false", () => {
  for (const [column, operator, value, expected] of CASES) {
    test(`${column} ${operator} ${JSON.stringify(value)}`, () => {
      const config =
        value === undefined ? { mode: "basic", column, operator } : { mode: "basic", column, operator, value };
      const out = runTool(filterTool, { input: [input] }, config);
      const wantTrue = records.filter(expected);
      const wantFalse = records.filter((r) => !expected(r));
      expect(rowsOf(out["output-true"] as pl.DataFrame)).toEqual(wantTrue);
      expect(ids(out["output-false"] as pl.DataFrame)).toEqual(wantFalse.map((r) => r.id as number));
      // The two outputs partition the input: every row exactly once, input order kept.
      const all = [...ids(out["output-true"] as pl.DataFrame), ...ids(out["output-false"] as pl.DataFrame)];
      expect(all.sort((a, b) => a - b)).toEqual(records.map((r) => r.id as number));
    });
  }

  test("the generated table does exercise the operators (guards the cases above)", () => {
    expect(records.filter((r) => r.qty === null).length).toBeGreaterThan(5);
    expect(records.filter((r) => r.名前 === "cherry.pie").length).toBeGreaterThan(0);
    expect(records.filter((r) => r.名前 === "").length).toBeGreaterThan(0);
    expect(records.filter((r) => time(r, "ts") === ms("2024-01-01T12:00:00.001Z")).length).toBeGreaterThan(0);
    expect(records.filter((r) => time(r, "day") === ms("1969-07-20")).length).toBeGreaterThan(0);
    // Most cases must select some rows and leave some, or they would not test much.
    const split = CASES.filter(([, , , pred]) => records.some(pred) && records.some((r) => !pred(r)));
    expect(split.length).toBeGreaterThanOrEqual(CASES.length - 5);
  });
});

describe("filter: other dtypes and shapes", () => {
  test("a time-zoned Datetime compares wall-clock text in its zone and offset text as an instant", () => {
    const zoned = input.withColumns(
      pl.col("ts").dt.replaceTimeZone("UTC").dt.convertTimeZone("Europe/Paris").alias("tz"),
    );
    const rows = rowsOf(zoned);
    const want = rows.filter((r) => (time(r, "tz") ?? -Infinity) > ms("2024-01-01T12:00:00Z")).map((r) => r.id);
    for (const value of ["2024-01-01T13:00:00", "2024-01-01T12:00:00Z", "2024-01-01T07:00:00-05:00"]) {
      const out = runTool(filterTool, { input: [zoned] }, { mode: "basic", column: "tz", operator: ">", value });
      expect(ids(out["output-true"] as pl.DataFrame)).toEqual(want as number[]);
    }
  });

  test("a Categorical column compares as text", () => {
    const cats = input.withColumns(pl.col("名前").cast(pl.Categorical).alias("cat"));
    for (const [operator, value, pred] of [
      ["==", "apple", (s: string) => s === "apple"],
      ["contains", "pp", (s: string) => s.includes("pp")],
      [">", "b", (s: string) => cmp(s, "b") > 0],
      ["in", ["b", "zebra"], (s: string) => s === "b" || s === "zebra"],
    ] as const) {
      const out = runTool(filterTool, { input: [cats] }, { mode: "basic", column: "cat", operator, value });
      const want = records.filter((r) => str(r, "名前") !== null && pred(str(r, "名前") as string)).map((r) => r.id);
      expect(ids(out["output-true"] as pl.DataFrame)).toEqual(want as number[]);
    }
  });

  test("64-bit integers past 2^53 compare exactly when given as text", () => {
    const big = pl.DataFrame([
      pl.Series("v", ["9007199254740993", "9007199254740992", null], pl.String).cast(pl.Int64),
    ]);
    const out = runTool(
      filterTool,
      { input: [big] },
      { mode: "basic", column: "v", operator: "==", value: "9007199254740993" },
    );
    expect((out["output-true"] as pl.DataFrame).height).toBe(1);
    expect((out["output-false"] as pl.DataFrame).height).toBe(2);
  });

  test("an empty input gives two empty outputs with the input's schema", () => {
    const empty = input.head(0);
    const out = runTool(filterTool, { input: [empty] }, { mode: "basic", column: "qty", operator: ">", value: 1 });
    for (const socket of ["output-true", "output-false"]) {
      const frame = out[socket] as pl.DataFrame;
      expect(frame.height).toBe(0);
      expect(frame.columns).toEqual(input.columns);
      expect(frame.dtypes.map(String)).toEqual(input.dtypes.map(String));
    }
  });
});

/** Builds the tool without collecting anything: the checks must happen here, at build time. */
function buildOnly(config: unknown, frame: pl.DataFrame = input) {
  const ctx = testContext("flt");
  const parsed = filterTool.config.safeParse(config);
  if (!parsed.success) throw new ToolConfigError(ctx.toolId, parsed.error.message);
  return filterTool.build({ input: [frame.lazy()] }, parsed.data, ctx);
}

function expectConfigError(config: unknown, ...fragments: string[]) {
  let error: unknown;
  try {
    buildOnly(config);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ToolConfigError);
  for (const fragment of fragments) expect((error as Error).message).toContain(fragment);
  expect((error as ToolConfigError).toolId).toBe("flt");
}

describe("filter: configuration errors are ToolConfigErrors raised at build time", () => {
  const basic = (column: string, operator: string, value?: unknown) => ({ mode: "basic", column, operator, value });

  test("unknown column names it and lists the columns", () =>
    expectConfigError(basic("prize", ">", 1), '"prize"', "id, qty, prix €, 名前"));
  test("text that is not a number against an Int32 column", () =>
    expectConfigError(basic("qty", "==", "abc"), '"abc"', '"qty"', "Int32"));
  test("a boolean against a number column", () =>
    expectConfigError(basic("prix €", "==", true), "true", '"prix €"', "Float64"));
  test("a number against a String column for an ordering operator", () =>
    expectConfigError(basic("名前", ">", 5), "5", '"名前"', "String"));
  test("contains on a numeric column", () =>
    expectConfigError(basic("qty", "contains", "1"), '"contains"', '"qty"', "Int32"));
  test("starts_with on a Date column", () =>
    expectConfigError(basic("day", "starts_with", "2024"), '"starts_with"', '"day"', "Date"));
  test("an ordering operator on a Boolean column", () =>
    expectConfigError(basic("ok", ">", true), '">"', '"ok"', "Boolean"));
  test("an impossible date", () =>
    expectConfigError(basic("day", "==", "2024-02-30"), '"2024-02-30"', '"day"', "Date"));
  test("a date-time against a Date column", () =>
    expectConfigError(basic("day", "==", "2024-02-01T10:00"), '"day"', "YYYY-MM-DD"));
  test("a number against a Datetime column", () =>
    expectConfigError(basic("ts", ">", 1704067200000), '"ts"', "Datetime"));
  test("a bad time", () => expectConfigError(basic("t", "<", "25:00"), '"25:00"', '"t"', "Time"));
  test("a bad item inside an in-list", () => expectConfigError(basic("qty", "in", [1, "x"]), '"x"', '"qty"'));
  test("a missing value", () => expectConfigError(basic("qty", ">"), '"qty"', '">"', "value"));
  test("a null value for ==", () => expectConfigError(basic("qty", "==", null), "value", "is_null"));
  test("an array for a single-value operator", () => expectConfigError(basic("qty", "==", [1]), "single value"));
  test("a scalar for in", () => expectConfigError(basic("qty", "in", 1), '"in"', "a list of values"));
  test("null inside an in-list", () => expectConfigError(basic("qty", "not_in", [1, null]), "null", "is_null"));
  test("between with three values", () =>
    expectConfigError(basic("qty", "between", [1, 2, 3]), '"between"', "[low, high]"));
  test("any operator but the null checks on a List column", () => {
    const listed = pl.DataFrame([pl.Series("l", [[1], null, [2, 3]])]);
    expect(() => buildOnly(basic("l", "==", 1), listed)).toThrow(/Operator "==".*"l".*List/);
    const out = runTool(filterTool, { input: [listed] }, basic("l", "is_null"));
    expect((out["output-true"] as pl.DataFrame).height).toBe(1);
    expect((out["output-false"] as pl.DataFrame).height).toBe(2);
  });
  test("an unknown operator", () => expectConfigError(basic("qty", "=~", 1), "operator"));
  test("a misspelt field", () => expectConfigError({ mode: "basic", colum: "qty", operator: "is_null" }, "colum"));
  test("an unknown mode", () => expectConfigError({ mode: "fancy", column: "qty" }, "mode"));
  test("expression mode is part of the schema (its behaviour: expression-mode.test.ts)", () => {
    expect(filterTool.config.safeParse({ mode: "expression", expression: 'pl.col("qty") > 1' }).success).toBe(true);
    expect(filterTool.config.safeParse({ mode: "expression" }).success).toBe(false);
  });
  test("an unconnected input", () => {
    const parsed = filterTool.config.parse(basic("qty", "is_null"));
    expect(() => filterTool.build({}, parsed, testContext())).toThrow(ToolConfigError);
  });
});

describe("filter: definition", () => {
  test("sockets, blocking and ui", () => {
    expect(filterTool.type).toBe("filter");
    expect(filterTool.inputs).toEqual([{ id: "input", required: true, multiple: false }]);
    expect(filterTool.outputs).toEqual(["output-true", "output-false"]);
    expect(filterTool.blocking).toBe(false);
    expect(filterTool.label).toBe("Filter");
  });
});
