// Golden tests, through the API, of the tools that work on the rows of one table: input,
// filter (basic mode), select, sort and sample. Every expectation is computed here in plain
// TypeScript over the generated rows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import { type Cell, columns, compareNullable, postWorkflow, type Rows, toolOutputs } from "../helpers/golden";
import { seededRandom } from "../helpers/seeded-random";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

interface Sale {
  id: number;
  région: string | null;
  qty: number | null;
  price: number;
}

// 802 rows: under the 1000-row preview cap, and 802 × 0.25 = 200.5 tests percent's rounding.
// "ｗｅｓｔ" (fullwidth) sorts before "😀" in UTF-8 bytes, as Polars sorts, but after it in UTF-16.
const REGIONS = ["north", "süd", "東京", "😀 emoji", "Zürich", "west", "ｗｅｓｔ"];
const random = seededRandom(11);
const SALES: Sale[] = Array.from({ length: 802 }, (_, i) => ({
  id: i + 1,
  région: random() < 0.07 ? null : (REGIONS[Math.floor(random() * REGIONS.length)] as string),
  qty: random() < 0.12 ? null : Math.floor(random() * 10),
  price: Math.round(random() * 10_000 + 1) / 100,
}));
const HEADER = ["id", "région", "qty", "price"];
const SALES_COLUMNS = columns([
  ["id", "Int64"],
  ["région", "String"],
  ["qty", "Int64"],
  ["price", "Float64"],
]);
const asRows = (sales: Sale[]): Rows => sales.map((s) => [s.id, s.région, s.qty, s.price]);

let t: TestApp;
let sales: string;
let empty: string;

beforeAll(async () => {
  t = await makeTestApp();
  const files = join(t.dataDir, "files");
  mkdirSync(files, { recursive: true });
  sales = writeCsv(join(files, "sales.csv"), HEADER, asRows(SALES));
  empty = writeCsv(join(files, "empty.csv"), HEADER, []);
});
afterAll(() => t.close());

/** sales ─► <id> (one tool of `type`) */
const afterSales = (id: string, type: string, config: Record<string, unknown>, source = () => sales): Workflow =>
  workflow(
    `w-${id}`,
    [
      { id: "in", type: "input", config: { source: source() } },
      { id, type, config },
    ],
    [`in -> ${id}`],
  );

describe("input", () => {
  test("reads every row: dtypes inferred, nulls, unicode names and values", async () => {
    const { output } = await toolOutputs(t, "in", afterSales("x", "sample", { method: "first", n: 1 }));
    expect(output?.columns).toEqual(SALES_COLUMNS);
    expect(output?.data).toEqual(asRows(SALES));
    expect(output?.row_count).toBe(SALES.length);
  });

  test("a CSV with only a header line is a table of String columns and no rows", async () => {
    const w = afterSales("x", "sample", { method: "first", n: 1 }, () => empty);
    const { output } = await toolOutputs(t, "in", w);
    expect(output).toEqual({
      columns: columns(HEADER.map((h) => [h, "String"])),
      data: [],
      row_count: 0,
      has_more: false,
    });
  });
});

describe("filter, basic mode", () => {
  type Predicate = (s: Sale) => boolean;
  // A null cell satisfies only is_null: every other predicate is false for it (SQL's rule),
  // and the false output takes every row the true output does not.
  const cases: [string, unknown, Predicate][] = [
    ["qty > 5", { column: "qty", operator: ">", value: 5 }, (s) => s.qty !== null && s.qty > 5],
    ["qty <= 2", { column: "qty", operator: "<=", value: 2 }, (s) => s.qty !== null && s.qty <= 2],
    ["qty == 0", { column: "qty", operator: "==", value: 0 }, (s) => s.qty === 0],
    ["qty != 0", { column: "qty", operator: "!=", value: 0 }, (s) => s.qty !== null && s.qty !== 0],
    [
      "qty between [2, 4]",
      { column: "qty", operator: "between", value: [2, 4] },
      (s) => s.qty !== null && s.qty >= 2 && s.qty <= 4,
    ],
    ["qty in [1, 3, 8]", { column: "qty", operator: "in", value: [1, 3, 8] }, (s) => [1, 3, 8].includes(s.qty ?? -1)],
    [
      "qty not_in [1, 3, 8]",
      { column: "qty", operator: "not_in", value: [1, 3, 8] },
      (s) => s.qty !== null && ![1, 3, 8].includes(s.qty),
    ],
    ["qty is_null", { column: "qty", operator: "is_null" }, (s) => s.qty === null],
    ["région is_not_null", { column: "région", operator: "is_not_null" }, (s) => s.région !== null],
    ['région == "東京"', { column: "région", operator: "==", value: "東京" }, (s) => s.région === "東京"],
    [
      'région != "süd"',
      { column: "région", operator: "!=", value: "süd" },
      (s) => s.région !== null && s.région !== "süd",
    ],
    [
      'région contains "ü"',
      { column: "région", operator: "contains", value: "ü" },
      (s) => s.région?.includes("ü") ?? false,
    ],
    [
      'région starts_with "😀"',
      { column: "région", operator: "starts_with", value: "😀" },
      (s) => s.région?.startsWith("😀") ?? false,
    ],
    [
      'région ends_with "th"',
      { column: "région", operator: "ends_with", value: "th" },
      (s) => s.région?.endsWith("th") ?? false,
    ],
    ["price < 12.5", { column: "price", operator: "<", value: 12.5 }, (s) => s.price < 12.5],
    ['price >= "50" (a number as text)', { column: "price", operator: ">=", value: "50" }, (s) => s.price >= 50],
  ];

  // sales ─► f (filter) ═╦═ output-true
  //                      ╚═ output-false
  test.each(cases)("%s: output-true holds the matches, output-false every other row", async (_, condition, holds) => {
    const outputs = await toolOutputs(t, "f", afterSales("f", "filter", { mode: "basic", ...(condition as object) }));
    const yes = SALES.filter(holds);
    expect(yes.length).toBeGreaterThan(0);
    expect(yes.length).toBeLessThan(SALES.length);
    expect(outputs["output-true"]?.columns).toEqual(SALES_COLUMNS);
    expect(outputs["output-true"]?.data).toEqual(asRows(yes));
    expect(outputs["output-false"]?.data).toEqual(asRows(SALES.filter((s) => !holds(s))));
  });

  // empty ─► f (filter)
  test("an empty input gives two empty outputs", async () => {
    const w = afterSales(
      "f",
      "filter",
      { mode: "basic", column: "région", operator: "==", value: "東京" },
      () => empty,
    );
    const outputs = await toolOutputs(t, "f", w);
    expect(outputs["output-true"]?.data).toEqual([]);
    expect(outputs["output-false"]?.data).toEqual([]);
    expect(outputs["output-false"]?.columns.map((c) => c.name)).toEqual(HEADER);
  });

  const mismatches: [string, unknown, string][] = [
    ['">" with text on an Int64 column', { column: "qty", operator: ">", value: "abc" }, "qty"],
    ['"contains" on an Int64 column', { column: "qty", operator: "contains", value: "1" }, "qty"],
    ['">" with a number on a String column', { column: "région", operator: ">", value: 5 }, "région"],
  ];
  // sales ─► f (filter)
  test.each(mismatches)("%s is a 400 naming the column", async (_, condition, column) => {
    const w = afterSales("f", "filter", { mode: "basic", ...(condition as object) });
    const { status, body } = await postWorkflow(t, "tool/execute", { tool_id: "f", workflow: w });
    expect(status).toBe(400);
    expect(body.detail).toContain(`"${column}"`);
  });
});

describe("select", () => {
  // sales ─► s (select)
  test("reorders, renames, drops and casts", async () => {
    const config = {
      columns: [
        { name: "price", rename: "preis €" },
        { name: "région" },
        { name: "id", dtype: "Float64" },
        { name: "qty", selected: false },
      ],
    };
    const { output } = await toolOutputs(t, "s", afterSales("s", "select", config));
    expect(output?.columns).toEqual(
      columns([
        ["preis €", "Float64"],
        ["région", "String"],
        ["id", "Float64"],
      ]),
    );
    expect(output?.data).toEqual(SALES.map((s) => [s.price, s.région, s.id]));
  });

  // sales ─► s (select)
  test("keep_others appends the unlisted columns in input order; a cast to String keeps nulls", async () => {
    const config = { columns: [{ name: "qty", rename: "menge", dtype: "String" }], keep_others: true };
    const { output } = await toolOutputs(t, "s", afterSales("s", "select", config));
    expect(output?.columns).toEqual(
      columns([
        ["menge", "String"],
        ["id", "Int64"],
        ["région", "String"],
        ["price", "Float64"],
      ]),
    );
    expect(output?.data).toEqual(SALES.map((s) => [s.qty === null ? null : String(s.qty), s.id, s.région, s.price]));
  });

  // empty ─► s (select)
  test("casts the columns of an empty input", async () => {
    const config = {
      columns: [
        { name: "qty", dtype: "Int64" },
        { name: "price", dtype: "Float64" },
      ],
    };
    const { output } = await toolOutputs(
      t,
      "s",
      afterSales("s", "select", config, () => empty),
    );
    expect(output?.columns).toEqual(
      columns([
        ["qty", "Int64"],
        ["price", "Float64"],
      ]),
    );
    expect(output?.row_count).toBe(0);
  });

  // sales ─► s (select: région to Int64)
  test('a cast of text such as "東京" to Int64 fails the run with a 422 naming the tool and the column', async () => {
    const w = afterSales("bad_cast", "select", { columns: [{ name: "région", dtype: "Int64" }] });
    const { status, body } = await postWorkflow(t, "tool/execute", { tool_id: "bad_cast", workflow: w });
    expect(status).toBe(422);
    expect(body.detail).toContain('"bad_cast"');
    expect(body.detail).toContain("région");
    expect((await t.app.request("/api/health/")).status).toBe(200);
  });

  // sales ─► s (select)
  test("an unknown column is a 400 naming it", async () => {
    const w = afterSales("s", "select", { columns: [{ name: "prix" }] });
    const { status, body } = await postWorkflow(t, "tool/execute", { tool_id: "s", workflow: w });
    expect(status).toBe(400);
    expect(body.detail).toContain('"prix"');
  });
});

describe("sort", () => {
  type Key = { column: keyof Sale; descending?: boolean; nulls_last?: boolean };
  /** The rows sorted by the keys; JavaScript's sort is stable, as the tool promises to be. */
  const sortedBy = (keys: Key[]) =>
    [...SALES].sort((a, b) => {
      for (const k of keys) {
        const c = compareNullable(a[k.column] as Cell, b[k.column] as Cell, k.descending, k.nulls_last ?? true);
        if (c !== 0) return c;
      }
      return 0;
    });
  const cases: [string, Key[]][] = [
    ["région ascending (UTF-8 byte order, nulls last)", [{ column: "région" }]],
    ["qty descending, nulls first", [{ column: "qty", descending: true, nulls_last: false }]],
    [
      "région descending nulls first, then qty ascending (ties keep input order)",
      [{ column: "région", descending: true, nulls_last: false }, { column: "qty" }],
    ],
    ["price descending", [{ column: "price", descending: true }]],
  ];

  // sales ─► s (sort)
  test.each(cases)("by %s", async (_, keys) => {
    const { output } = await toolOutputs(t, "s", afterSales("s", "sort", { by: keys }));
    expect(output?.columns).toEqual(SALES_COLUMNS);
    expect(output?.data).toEqual(asRows(sortedBy(keys)));
  });

  // empty ─► s (sort)
  test("an empty input stays empty", async () => {
    const { output } = await toolOutputs(
      t,
      "s",
      afterSales("s", "sort", { by: [{ column: "id" }] }, () => empty),
    );
    expect(output?.data).toEqual([]);
  });
});

describe("sample", () => {
  const sampled = async (config: Record<string, unknown>) =>
    (await toolOutputs(t, "s", afterSales("s", "sample", config))).output?.data ?? [];

  // sales ─► s (sample)
  test("first, last and every_nth pick rows by position", async () => {
    expect(await sampled({ method: "first", n: 7 })).toEqual(asRows(SALES.slice(0, 7)));
    expect(await sampled({ method: "last", n: 7 })).toEqual(asRows(SALES.slice(-7)));
    expect(await sampled({ method: "every_nth", n: 9 })).toEqual(asRows(SALES.filter((_, i) => i % 9 === 0)));
    expect(await sampled({ method: "first", n: 5000 })).toEqual(asRows(SALES));
  });

  /** Checks that `rows` are distinct input rows, in input order, and returns their ids. */
  const subsetIds = (rows: Rows): number[] => {
    const byId = new Map(SALES.map((s) => [s.id, s]));
    const ids = rows.map((r) => r[0] as number);
    for (const row of rows) expect(asRows([byId.get(row[0] as number) as Sale])[0]).toEqual(row);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    return ids;
  };

  // sales ─► s (sample)
  test("random with a seed: n distinct input rows in input order, the same on every run", async () => {
    const first = await sampled({ method: "random", n: 50, seed: 42 });
    expect(first).toHaveLength(50);
    const ids = subsetIds(first);
    expect(await sampled({ method: "random", n: 50, seed: 42 })).toEqual(first);
    const other = subsetIds(await sampled({ method: "random", n: 50, seed: 43 }));
    expect(other).not.toEqual(ids);
    // More than the table holds: every row, in order.
    expect(await sampled({ method: "random", n: 5000, seed: 1 })).toEqual(asRows(SALES));
  });

  // sales ─► s (sample)
  test("percent takes round(fraction × rows) rows, halves up, repeatably with a seed", async () => {
    const quarter = await sampled({ method: "percent", fraction: 0.25, seed: 7 });
    expect(quarter).toHaveLength(201); // 802 × 0.25 = 200.5
    subsetIds(quarter);
    expect(await sampled({ method: "percent", fraction: 0.25, seed: 7 })).toEqual(quarter);
    expect(await sampled({ method: "percent", fraction: 0.1, seed: 7 })).toHaveLength(80);
    expect(await sampled({ method: "percent", fraction: 1, seed: 7 })).toEqual(asRows(SALES));
  });

  // sales ─► s (sample)
  test("a fraction above 1 is a 400 naming the field", async () => {
    const w = afterSales("s", "sample", { method: "percent", fraction: 25 });
    const { status, body } = await postWorkflow(t, "tool/execute", { tool_id: "s", workflow: w });
    expect(status).toBe(400);
    expect(body.detail).toContain("fraction");
  });
});
