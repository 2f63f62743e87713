// Golden tests, through the API, of the tools that reshape or aggregate: summarize (every
// function), pivot (every aggregate) and unpivot. Every expectation is computed here in plain
// TypeScript.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import {
  type Cell,
  columns,
  compareNullable,
  floatText,
  type Rows,
  rounded,
  toolOutputs,
  unordered,
} from "../helpers/golden";
import { seededRandom } from "../helpers/seeded-random";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

interface Sale {
  region: string | null;
  quartal: number | null;
  umsatz: number | null;
  preis: number;
  kunde: string;
}

// "leer" rows never have an umsatz, so its group and its pivot cells aggregate no values.
const REGIONS = ["nord", "süd", "東京", "leer"];
const random = seededRandom(5);
const SALES: Sale[] = Array.from({ length: 400 }, () => {
  const region = random() < 0.06 ? null : (REGIONS[Math.floor(random() * REGIONS.length)] as string);
  return {
    region,
    quartal: random() < 0.05 ? null : 1 + Math.floor(random() * 4),
    umsatz: region === "leer" || random() < 0.1 ? null : Math.floor(random() * 1000) - 100,
    preis: Math.round(random() * 100_000) / 100,
    kunde: `k${Math.floor(random() * 30)}`,
  };
});
const HEADER = ["region", "quartal", "umsatz", "preis", "kunde"];
const asRow = (s: Sale): Cell[] => [s.region, s.quartal, s.umsatz, s.preis, s.kunde];

let t: TestApp;
/** An app that computes blocking tools without storing them (see the bug note in summarize). */
let noCache: TestApp;
/** The data files of an app, inside its own allowed folder. */
const sources = new Map<TestApp, { sales: string; empty: string }>();
const sales = (app = t) => sources.get(app)?.sales as string;
const empty = (app = t) => sources.get(app)?.empty as string;

beforeAll(async () => {
  [t, noCache] = await Promise.all([makeTestApp(), makeTestApp({ env: { CACHE_ENABLED: "false" } })]);
  for (const app of [t, noCache]) {
    const files = join(app.dataDir, "files");
    mkdirSync(files, { recursive: true });
    sources.set(app, {
      sales: writeCsv(join(files, "sales.csv"), HEADER, SALES.map(asRow)),
      empty: writeCsv(join(files, "empty.csv"), HEADER, []),
    });
  }
});
afterAll(() => Promise.all([t.close(), noCache.close()]));

/** source ─► <id> (one tool of `type`) */
const afterInput = (source: string, id: string, type: string, config: Record<string, unknown>): Workflow =>
  workflow(
    `w-${id}-${type}`,
    [
      { id: "in", type: "input", config: { source } },
      { id, type, config },
    ],
    [`in -> ${id}`],
  );

/** The aggregation functions of Summarize, as the tool documents them, over the cells of one group. */
const AGGREGATES: Record<string, (cells: Cell[]) => Cell> = {
  sum: (c) => (values(c).length ? values(c).reduce((a, b) => a + b, 0) : null),
  mean: (c) => (values(c).length ? values(c).reduce((a, b) => a + b, 0) / values(c).length : null),
  median: (c) => {
    const v = values(c).sort((a, b) => a - b);
    if (v.length === 0) return null;
    const mid = Math.floor(v.length / 2);
    return v.length % 2 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
  },
  min: (c) => (values(c).length ? Math.min(...values(c)) : null),
  max: (c) => (values(c).length ? Math.max(...values(c)) : null),
  count: (c) => values(c).length,
  count_distinct: (c) => new Set(values(c)).size,
  first: (c) => c[0] ?? null,
  last: (c) => c[c.length - 1] ?? null,
  std: (c) => {
    const v = variance(values(c));
    return v === null ? null : Math.sqrt(v);
  },
  var: (c) => variance(values(c)),
  concat: (c) =>
    c.some((x) => x !== null)
      ? c
          .filter((x) => x !== null)
          .map(String)
          .join(", ")
      : null,
};
const values = (cells: Cell[]): number[] => cells.filter((x): x is number => typeof x === "number");
/** Sample variance (ddof 1), null under two values. */
function variance(v: number[]): number | null {
  if (v.length < 2) return null;
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  return v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1);
}

/** The distinct values of `key` over the rows, sorted ascending with null last. */
const distinctSorted = <K extends keyof Sale>(rows: Sale[], key: K): Sale[K][] =>
  [...new Set(rows.map((r) => r[key]))].sort((a, b) => compareNullable(a as Cell, b as Cell));

describe("summarize", () => {
  const FUNCTIONS = Object.keys(AGGREGATES);
  const DTYPES: Record<string, string> = {
    sum: "Int64",
    mean: "Float64",
    median: "Float64",
    min: "Int64",
    max: "Int64",
    count: "UInt32",
    count_distinct: "UInt32",
    first: "Int64",
    last: "Int64",
    std: "Float64",
    var: "Float64",
    concat: "String",
  };
  const everyFunction = [
    ...FUNCTIONS.map((fn) => ({ column: "umsatz", function: fn })),
    { column: "preis", function: "mean", output: "Σ preis ø" },
  ];
  const aggregated = (rows: Sale[]): Cell[] => [
    ...FUNCTIONS.map((fn) => (AGGREGATES[fn] as (c: Cell[]) => Cell)(rows.map((r) => r.umsatz))),
    AGGREGATES.mean?.(rows.map((r) => r.preis)) ?? null,
  ];
  const aggregateColumns: [string, string][] = [
    ...FUNCTIONS.map((fn): [string, string] => [`umsatz_${fn}`, DTYPES[fn] as string]),
    ["Σ preis ø", "Float64"],
  ];

  // sales ─► s (summarize by region)
  test("every function by group: nulls skipped, an all-null group, the null group last", async () => {
    const w = afterInput(sales(), "s", "summarize", { group_by: ["region"], aggregations: everyFunction });
    const { output } = await toolOutputs(t, "s", w);
    expect(output?.columns).toEqual(columns([["region", "String"], ...aggregateColumns]));
    const expected = distinctSorted(SALES, "region").map((region) => [
      region,
      ...aggregated(SALES.filter((s) => s.region === region)),
    ]);
    expect(expected.map((r) => r[0])).toEqual(["leer", "nord", "süd", "東京", null]);
    expect(rounded(output?.data ?? [])).toEqual(rounded(expected));
  });

  // sales ─► s (summarize, no group_by)
  const ungrouped = async (app: TestApp) => {
    const w = afterInput(sales(app), "s", "summarize", { group_by: [], aggregations: everyFunction });
    const { output } = await toolOutputs(app, "s", w);
    expect(output?.columns).toEqual(columns(aggregateColumns));
    expect(rounded(output?.data ?? [])).toEqual(rounded([aggregated(SALES)]));
  };
  test("every function with no group_by gives one row (cache off)", async () => {
    await ungrouped(noCache);
  });
  // Through the cache: its sink once broadcast ungrouped aggregations sharing a subexpression
  // to every input row (nodejs-polars common-subexpression elimination; now turned off there).
  test("every function with no group_by gives one row (through the cache)", async () => {
    await ungrouped(t);
  });

  const onKunde = ["count", "count_distinct", "min", "first", "concat"].map((fn) => ({
    column: "kunde",
    function: fn,
  }));
  // empty ─► s (summarize, no group_by)
  const emptyUngrouped = async (app: TestApp) => {
    const w = afterInput(empty(app), "s", "summarize", { group_by: [], aggregations: onKunde });
    expect((await toolOutputs(app, "s", w)).output?.data).toEqual([[0, 0, null, null, null]]);
  };
  test("an empty input with no group_by gives one row of empty aggregates (cache off)", async () => {
    await emptyUngrouped(noCache);
  });
  test("an empty input with no group_by gives one row of empty aggregates (through the cache)", async () => {
    await emptyUngrouped(t);
  });

  // empty ─► s (summarize by region)
  test("an empty input with a group_by gives no rows", async () => {
    const w = afterInput(empty(), "s", "summarize", { group_by: ["region"], aggregations: onKunde });
    const { output } = await toolOutputs(t, "s", w);
    expect(output?.columns.map((c) => c.name)).toEqual([
      "region",
      "kunde_count",
      "kunde_count_distinct",
      "kunde_min",
      "kunde_first",
      "kunde_concat",
    ]);
    expect(output?.data).toEqual([]);
  });
});

describe("pivot", () => {
  const PIVOT_AGGREGATES = ["sum", "mean", "count", "min", "max", "first", "last"];
  const DTYPES: Record<string, string> = { mean: "Float64", count: "UInt32" };
  const quartale = distinctSorted(SALES, "quartal");
  const names = quartale.map((q) => (q === null ? "null" : String(q)));

  /** One row per region (sorted, null last), one cell per quartal: `fn` of the matching rows. */
  const pivoted = (fn: string, value: (s: Sale) => Cell): Rows =>
    distinctSorted(SALES, "region").map((region) => [
      region,
      ...quartale.map((q) => {
        const cells = SALES.filter((s) => s.region === region && s.quartal === q).map(value);
        if (cells.length === 0) return fn === "count" ? 0 : null;
        return (AGGREGATES[fn] as (c: Cell[]) => Cell)(cells);
      }),
    ]);

  // sales ─► p (pivot region × quartal)
  test.each(PIVOT_AGGREGATES)("%s of umsatz: a column per quartal (null last), a row per region", async (fn) => {
    const w = afterInput(sales(), "p", "pivot", { index: ["region"], on: "quartal", values: "umsatz", aggregate: fn });
    const { output } = await toolOutputs(t, "p", w);
    expect(names).toEqual(["1", "2", "3", "4", "null"]);
    expect(output?.columns).toEqual(
      columns([["region", "String"], ...names.map((n): [string, string] => [n, DTYPES[fn] ?? "Int64"])]),
    );
    expect(rounded(output?.data ?? [])).toEqual(rounded(pivoted(fn, (s) => s.umsatz)));
  });

  // sales ─► p (pivot, two values columns)
  test("several values columns: <values column>_<on value>, grouped by values column", async () => {
    const config = { index: ["region"], on: "quartal", values: ["umsatz", "preis"], aggregate: "max" };
    const { output } = await toolOutputs(t, "p", afterInput(sales(), "p", "pivot", config));
    expect(output?.columns.map((c) => c.name)).toEqual([
      "region",
      ...names.map((n) => `umsatz_${n}`),
      ...names.map((n) => `preis_${n}`),
    ]);
    const umsatz = pivoted("max", (s) => s.umsatz);
    const preis = pivoted("max", (s) => s.preis);
    expect(output?.data).toEqual(umsatz.map((row, i) => [...row, ...(preis[i] ?? []).slice(1)]));
  });
});

describe("unpivot", () => {
  // sales ─► u (unpivot)
  test("numeric columns: one row per cell, values in their numeric supertype", async () => {
    const config = { index: ["kunde"], on: ["umsatz", "preis"] };
    const { output } = await toolOutputs(t, "u", afterInput(sales(), "u", "unpivot", config));
    expect(output?.columns).toEqual(
      columns([
        ["kunde", "String"],
        ["variable", "String"],
        ["value", "Float64"],
      ]),
    );
    const expected = SALES.flatMap((s) => [
      [s.kunde, "umsatz", s.umsatz],
      [s.kunde, "preis", s.preis],
    ]);
    // The row order is Polars' streaming order (documented as such): compare as sets of rows.
    expect(unordered(output?.data ?? [])).toEqual(unordered(expected));
  });

  // sales ─► head (sample first 240) ─► u (unpivot, default on)
  test("default on, mixed types: every other column, values as text; unicode output names", async () => {
    const w = workflow(
      "w-unpivot-text",
      [
        { id: "in", type: "input", config: { source: sales() } },
        { id: "head", type: "sample", config: { method: "first", n: 240 } },
        { id: "u", type: "unpivot", config: { index: ["kunde"], variable_name: "merkmal", value_name: "wert ✓" } },
      ],
      ["in -> head", "head -> u"],
    );
    const { output } = await toolOutputs(t, "u", w);
    expect(output?.columns).toEqual(
      columns([
        ["kunde", "String"],
        ["merkmal", "String"],
        ["wert ✓", "String"],
      ]),
    );
    const text = (v: number | null) => (v === null ? null : String(v));
    const expected = SALES.slice(0, 240).flatMap((s) => [
      [s.kunde, "region", s.region],
      [s.kunde, "quartal", text(s.quartal)],
      [s.kunde, "umsatz", text(s.umsatz)],
      [s.kunde, "preis", floatText(s.preis)],
    ]);
    expect(unordered(output?.data ?? [])).toEqual(unordered(expected));
  });

  // empty ─► u (unpivot)
  test("an empty input gives no rows", async () => {
    const { output } = await toolOutputs(t, "u", afterInput(empty(), "u", "unpivot", { index: ["kunde"] }));
    expect(output?.row_count).toBe(0);
    expect(output?.columns.map((c) => c.name)).toEqual(["kunde", "variable", "value"]);
  });
});
