import { describe, expect, test } from "bun:test";
import { pl, rowsOf, runTool, testContext } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { sortTool } from "./index";

type Row = Record<string, unknown>;
type Key = { column: string; descending?: boolean; nulls_last?: boolean };

const N = 120;
const WORDS = ["b", "a", "Äb", "ab", "日本", "😀", "", "ä", "B"];

/** Small domains give many ties, so stability is exercised; every key column has nulls. */
const source: Row[] = Array.from({ length: N }, (_, i) => ({
  id: i,
  grp: i % 11 === 0 ? null : (i * 7) % 4,
  名前: i % 9 === 4 ? null : WORDS[(i * 5) % WORDS.length],
  price: i % 13 === 6 ? null : i % 17 === 0 ? Number.NaN : ((i * 31) % 9) / 2 - 1,
  day: i % 10 === 7 ? null : new Date(Date.UTC(2024, (i * 3) % 5, 1 + (i % 3))),
  flag: i % 8 === 5 ? null : i % 3 === 0,
}));

const input = pl.DataFrame([
  pl.Series(
    "id",
    source.map((r) => r.id),
    pl.Int64,
  ),
  pl.Series(
    "grp",
    source.map((r) => r.grp),
    pl.Int32,
  ),
  pl.Series(
    "名前",
    source.map((r) => r.名前),
    pl.String,
  ),
  pl.Series(
    "price",
    source.map((r) => r.price),
    pl.Float64,
  ),
  pl
    .Series(
      "day",
      source.map((r) => r.day),
    )
    .cast(pl.Date),
  pl.Series(
    "flag",
    source.map((r) => r.flag),
    pl.Bool,
  ),
]);
const records = rowsOf(input);

/** Ascending order of two non-null values as Polars orders them: UTF-8 bytes, NaN above all numbers. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === "string" && typeof b === "string") return Buffer.compare(Buffer.from(a), Buffer.from(b));
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  const x = a as number;
  const y = b as number;
  if (Number.isNaN(x) || Number.isNaN(y)) return Number(Number.isNaN(x)) - Number(Number.isNaN(y));
  return x - y;
}

/** The expected output: JavaScript's sort is stable, so ties keep the input order. */
function expectedSort(rows: Row[], keys: Key[]): Row[] {
  return [...rows].sort((r1, r2) => {
    for (const { column, descending = false, nulls_last = true } of keys) {
      const a = r1[column];
      const b = r2[column];
      if (a === null && b === null) continue;
      if (a === null || b === null) return (a === null ? 1 : -1) * (nulls_last ? 1 : -1);
      const c = compareValues(a, b) * (descending ? -1 : 1);
      if (c !== 0) return c;
    }
    return 0;
  });
}

function sorted(keys: Key[], frame: pl.DataFrame = input): Row[] {
  return rowsOf(runTool(sortTool, { input: [frame] }, { by: keys }).output as pl.DataFrame);
}

describe("sort", () => {
  const singles: Key[][] = [
    [{ column: "grp" }],
    [{ column: "grp", descending: true, nulls_last: false }],
    [{ column: "名前" }],
    [{ column: "名前", descending: true }],
    [{ column: "price" }],
    [{ column: "price", descending: true, nulls_last: false }],
    [{ column: "day", descending: true }],
    [{ column: "flag", nulls_last: false }],
  ];
  for (const keys of singles) {
    test(`by ${JSON.stringify(keys)}`, () => expect(sorted(keys)).toEqual(expectedSort(records, keys)));
  }

  // Every combination of direction and null placement on two keys, plus a third key.
  for (const d1 of [false, true])
    for (const n1 of [false, true])
      for (const d2 of [false, true])
        for (const n2 of [false, true]) {
          const keys: Key[] = [
            { column: "grp", descending: d1, nulls_last: n1 },
            { column: "名前", descending: d2, nulls_last: n2 },
            { column: "flag" },
          ];
          test(`multi-key ${JSON.stringify(keys.map((k) => [k.column, k.descending, k.nulls_last]))}`, () =>
            expect(sorted(keys)).toEqual(expectedSort(records, keys)));
        }

  test("stable: rows tied on every key keep their input order", () => {
    const out = sorted([{ column: "grp" }]);
    const ties = out.filter((r) => r.grp === 1).map((r) => r.id as number);
    expect(ties.length).toBeGreaterThan(5);
    expect(ties).toEqual([...ties].sort((a, b) => a - b));
  });

  test("an empty input gives an empty output with the input's schema", () => {
    const out = runTool(sortTool, { input: [input.head(0)] }, { by: [{ column: "grp" }] }).output as pl.DataFrame;
    expect(out.height).toBe(0);
    expect(out.columns).toEqual(input.columns);
    expect(out.dtypes.map(String)).toEqual(input.dtypes.map(String));
  });

  test("definition: blocking, sockets, ui", () => {
    expect(sortTool.blocking).toBe(true);
    expect(sortTool.inputs).toEqual([{ id: "input", required: true, multiple: false }]);
    expect(sortTool.outputs).toEqual(["output"]);
    expect(sortTool.label).toBe("Sort");
  });
});

function expectConfigError(config: unknown, ...fragments: string[]) {
  let error: unknown;
  try {
    const ctx = testContext("srt");
    const parsed = sortTool.config.safeParse(config);
    if (!parsed.success) throw new ToolConfigError(ctx.toolId, parsed.error.message);
    sortTool.build({ input: [input.lazy()] }, parsed.data, ctx);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ToolConfigError);
  for (const fragment of fragments) expect((error as Error).message).toContain(fragment);
}

describe("sort: configuration errors at build time", () => {
  test("empty by", () => expectConfigError({ by: [] }, "by"));
  test("unknown column, with the columns listed", () =>
    expectConfigError({ by: [{ column: "grp" }, { column: "prize" }] }, '"prize"', "id, grp, 名前"));
  test("a column twice", () =>
    expectConfigError({ by: [{ column: "grp" }, { column: "grp", descending: true }] }, '"grp"', "twice"));
  test("a misspelt field", () => expectConfigError({ by: [{ column: "grp", decending: true }] }, "decending"));
  test("a wrong type", () => expectConfigError({ by: [{ column: "grp", descending: "yes" }] }, "descending"));
});
