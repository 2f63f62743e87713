import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import {
  expectColumnProfile,
  expectedProfile,
  type RefKind,
  type RefValue,
} from "../../tests/helpers/profile-reference";
import { seededRandom } from "../../tests/helpers/seeded-random";
import { ValidationError } from "../shared/errors";
import { profileFrame } from "./profile";
import { PROFILE_METRICS } from "./profile-metrics";

const TEXTS = [
  "plain",
  "",
  " lead",
  "trail ",
  "\tboth ",
  "line\nbreak",
  "cr\rhere",
  "crlf\r\n",
  "café",
  "東京",
  "😀 emoji",
  "nbsp\u00a0",
  "\u0085nel",
  "sep\u2028x",
  "\ufeffbom",
  "Zeta",
  "alpha",
];

const N = 2_000;
const random = seededRandom(11);
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
const maybe = <T>(value: T, nullShare = 0.1): T | null => (random() < nullShare ? null : value);
const DAY0 = 18_000; // 2019-04-13
const isoDay = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);

const data = {
  id: Array.from({ length: N }, (_, i) => i + 1),
  qty: Array.from({ length: N }, () => maybe(Math.floor(random() * 21) - 5)),
  price: Array.from({ length: N }, () => maybe(Math.round((random() - 0.3) * 100_000) / 100, 0.2)),
  name: Array.from({ length: N }, () => maybe(pick(TEXTS), 0.05)),
  day: Array.from({ length: N }, () => maybe(DAY0 + Math.floor(random() * 400))),
  flag: Array.from({ length: N }, () => maybe(random() < 0.7)),
};

/** The test table: Int64, Float64, String, Date, Boolean columns with nulls. */
const frame = () =>
  pl
    .DataFrame({
      id: pl.Series("id", data.id, pl.Int64),
      qty: pl.Series("qty", data.qty, pl.Int64),
      price: pl.Series("price", data.price, pl.Float64),
      name: pl.Series("name", data.name, pl.String),
      day: pl.Series("day", data.day, pl.Int32).cast(pl.Date),
      flag: pl.Series("flag", data.flag, pl.Bool),
    })
    .lazy();

const reference: Record<keyof typeof data, [RefKind, RefValue[]]> = {
  id: ["numeric", data.id],
  qty: ["numeric", data.qty],
  price: ["numeric", data.price],
  name: ["string", data.name],
  day: ["temporal", data.day.map((d) => (d === null ? null : isoDay(d)))],
  flag: ["other", data.flag],
};

describe("profileFrame", () => {
  test("every metric of every column matches the plain TypeScript computation", () => {
    const profile = profileFrame(frame());
    expect(profile.row_count).toBe(N);
    expect(Object.keys(profile.columns)).toEqual(Object.keys(data));
    for (const [name, [kind, values]] of Object.entries(reference)) {
      expectColumnProfile(profile.columns[name] as Record<string, unknown>, expectedProfile(kind, values));
    }
  });

  test("the string metrics see the edge cases the test data was built around", () => {
    const name = profileFrame(frame(), { columns: ["name"] }).columns.name as Record<string, number>;
    // Guards against a reference that agrees with a wrong implementation on zero counts.
    for (const m of ["empty_count", "whitespace_leading", "whitespace_trailing", "contains_linebreaks"])
      expect(name[m]).toBeGreaterThan(0);
    const one = (text: string) => profileFrame(pl.DataFrame({ s: [text] }).lazy()).columns.s as Record<string, number>;
    // U+FEFF is no white space (JS's \s says it is; Unicode and Polars say not).
    expect(one("\ufeffbom").whitespace_leading).toBe(0);
    expect(one("\u0085nel").whitespace_leading).toBe(1);
    // U+2028 is white space but no line break by our definition (\n or \r only).
    expect(one("x\u2028")).toMatchObject({ whitespace_trailing: 1, contains_linebreaks: 0, contains_non_ascii: 1 });
  });

  test("columns and metrics subsets: the asked order of columns, the canonical order of metrics", () => {
    const profile = profileFrame(frame(), { columns: ["name", "qty"], metrics: ["top_values", "mean", "count"] });
    expect(Object.keys(profile.columns)).toEqual(["name", "qty"]);
    // mean does not apply to a String column: absent, not null.
    expect(Object.keys(profile.columns.name ?? {})).toEqual(["count", "top_values"]);
    expect(Object.keys(profile.columns.qty ?? {})).toEqual(["count", "mean", "top_values"]);
    const full = expectedProfile("numeric", data.qty);
    expect(profile.columns.qty?.count).toBe(full.count as number);
    expect(profile.columns.qty?.top_values).toEqual(full.top_values);
  });

  test("null_percent alone, empty lists, and top_values of another length", () => {
    const p = profileFrame(frame(), { columns: ["price"], metrics: ["null_percent", "top_values"], topValues: 3 });
    const full = expectedProfile("numeric", data.price, 3);
    expect(p.columns.price).toEqual({ null_percent: full.null_percent, top_values: full.top_values });
    expect(profileFrame(frame(), { columns: [] })).toEqual({ row_count: N, columns: {} });
    expect(profileFrame(frame(), { columns: ["id"], metrics: [] }).columns).toEqual({ id: {} });
  });

  test("an unknown column or metric is a ValidationError naming it and listing the valid ones", () => {
    const err = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e;
      }
      throw new Error("expected a failure");
    };
    const column = err(() => profileFrame(frame(), { columns: ["qty", "prize"] }));
    expect(column).toBeInstanceOf(ValidationError);
    expect((column as Error).message).toBe('Unknown column "prize" (columns: id, qty, price, name, day, flag)');
    const metric = err(() => profileFrame(frame(), { metrics: ["count", "avg"] }));
    expect(metric).toBeInstanceOf(ValidationError);
    expect((metric as Error).message).toBe(`Unknown metric "avg" (metrics: ${PROFILE_METRICS.join(", ")})`);
  });

  test("an empty frame and an all-null column", () => {
    const empty = pl.DataFrame({ x: pl.Series("x", [], pl.Float64), s: pl.Series("s", [], pl.String) }).lazy();
    const p = profileFrame(empty);
    expect(p.row_count).toBe(0);
    expectColumnProfile(p.columns.x as Record<string, unknown>, expectedProfile("numeric", []));
    expectColumnProfile(p.columns.s as Record<string, unknown>, expectedProfile("string", []));
    const nulls = pl.DataFrame({ x: pl.Series("x", [null, null, null], pl.Int64) }).lazy();
    expect(profileFrame(nulls).columns.x).toEqual({
      count: 0,
      null_count: 3,
      null_percent: 100,
      unique_count: 0,
      min: null,
      max: null,
      mean: null,
      median: null,
      std: null,
      min_values: [],
      max_values: [],
      top_values: [],
    });
  });

  test("NaN is a value for count and top_values, but left out of the statistics", () => {
    const values = [1.5, Number.NaN, 4, null, Number.NaN, -2];
    const p = profileFrame(pl.DataFrame({ f: pl.Series("f", values, pl.Float64) }).lazy()).columns.f;
    expect(p).toMatchObject({ count: 5, null_count: 1, unique_count: 4, min: -2, max: 4, median: 1.5 });
    expect(p?.mean).toBeCloseTo(3.5 / 3, 12);
    expect(p?.min_values).toEqual([-2, 1.5, 4]);
    expect(p?.top_values).toEqual([
      ["NaN", 2],
      [-2, 1],
      [1.5, 1],
      [4, 1],
    ]);
  });

  test("values are JSON-safe: 64-bit integers past 2^53 as strings, datetimes as ISO", () => {
    const big = pl
      .DataFrame({ b: ["9007199254740993", "1", "9007199254740993", null] })
      .withColumns(pl.col("b").cast(pl.Int64));
    const p = profileFrame(big.lazy()).columns.b;
    expect(p).toMatchObject({ min: 1, max: "9007199254740993", min_values: [1, "9007199254740993"] });
    expect(p?.top_values).toEqual([
      ["9007199254740993", 2],
      [1, 1],
    ]);
    const ts = pl
      .DataFrame({ t: [Date.UTC(2024, 0, 2, 3, 4, 5, 6), Date.UTC(2023, 11, 31)] })
      .withColumns(pl.col("t").cast(pl.Datetime("ms")));
    const q = profileFrame(ts.lazy(), { metrics: ["min", "max", "mean"] }).columns.t;
    expect(q).toEqual({ min: "2023-12-31T00:00:00.000", max: "2024-01-02T03:04:05.006" });
  });

  test("odd column names are columns, not aliases or inherited properties", () => {
    const odd = pl
      .DataFrame([
        pl.Series("constructor", [1, 2, 2], pl.Int64),
        pl.Series("rows", ["a", "b", "b"]),
        pl.Series("value", [true, true, false]),
      ])
      .lazy();
    const p = profileFrame(odd, { metrics: ["count", "top_values"] });
    expect(Object.keys(p.columns)).toEqual(["constructor", "rows", "value"]);
    expect(p.columns.rows).toEqual({
      count: 3,
      top_values: [
        ["b", 2],
        ["a", 1],
      ],
    });
    expect(p.columns.value?.top_values).toEqual([
      [true, 2],
      [false, 1],
    ]);
    expect(JSON.parse(JSON.stringify(p)).columns.constructor.top_values).toEqual([
      [2, 2],
      [1, 1],
    ]);
  });
});
