import { describe, expect, test } from "bun:test";
import { pl, rowsOf, runTool } from "../../../tests/helpers/tool-harness";
import { SafetyLimitError, ToolConfigError, ToolRuntimeError } from "../../shared/errors";
import { pivotTool } from "./index";

type Value = string | number | null;
type Row = Record<string, Value>;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** Sales by shop, year and month; `mois` has 2 and 10 (numeric order ≠ text order) and nulls. */
function generate(n: number, seed = 11): Row[] {
  const next = random(seed);
  return Array.from({ length: n }, () => ({
    magasin: pick(next, ["Zürich", "Århus", "大阪", null]),
    année: pick(next, [2023, 2024, null]),
    mois: pick(next, [1, 2, 10, null]),
    montant: next() < 0.25 ? null : Math.round(next() * 10_000) / 100,
    qty: next() < 0.25 ? null : Math.floor(next() * 20),
    label: pick(next, ["é", "b", null]),
  }));
}
function frameOf(rows: Row[]): pl.DataFrame {
  const col = (name: string) => rows.map((r) => r[name] ?? null);
  return pl.DataFrame([
    pl.Series("magasin", col("magasin"), pl.String),
    pl.Series("année", col("année"), pl.Int64),
    pl.Series("mois", col("mois"), pl.Int64),
    pl.Series("montant", col("montant"), pl.Float64),
    pl.Series("qty", col("qty"), pl.Int64),
    pl.Series("label", col("label"), pl.String),
  ]);
}

// --- the reference, in plain TypeScript -----------------------------------------------------

function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return 1; // nulls last
  if (b === null) return -1;
  if (typeof a === "string" && typeof b === "string") return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return Number(a) - Number(b);
}
function compareTuples(a: Value[], b: Value[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compare(a[i] ?? null, b[i] ?? null);
    if (c !== 0) return c;
  }
  return 0;
}
/** One cell: `cell` is undefined when no row has that index × on combination. */
function aggregate(fn: string, cell: Value[] | undefined): Value {
  if (cell === undefined) return fn === "count" ? 0 : null;
  const values = cell.filter((v) => v !== null);
  if (fn === "count") return values.length;
  if (fn === "first") return cell[0] ?? null;
  if (fn === "last") return cell[cell.length - 1] ?? null;
  if (values.length === 0) return null;
  const sorted = [...values].sort(compare);
  const sum = values.reduce<number>((s, v) => s + Number(v), 0);
  if (fn === "sum") return sum;
  if (fn === "mean") return sum / values.length;
  if (fn === "min") return sorted[0] ?? null;
  if (fn === "max") return sorted.at(-1) ?? null;
  throw new Error(`no reference for ${fn}`);
}
/** The expected wide table: rows sorted by index, columns by `on` value (null → "null", last). */
function expectedPivot(rows: Row[], index: string[], on: string, values: string[], fn: string) {
  const onValues = [...new Set(rows.map((r) => r[on] ?? null))].sort(compare);
  const keys = new Map<string, Value[]>();
  const cells = new Map<string, Value[]>();
  for (const row of rows) {
    const key = index.map((c) => row[c] ?? null);
    keys.set(JSON.stringify(key), key);
    for (const v of values) {
      const id = JSON.stringify([key, row[on] ?? null, v]);
      cells.set(id, [...(cells.get(id) ?? []), row[v] ?? null]);
    }
  }
  const name = (v: string, onValue: Value) => {
    const text = onValue === null ? "null" : String(onValue);
    return values.length > 1 ? `${v}_${text}` : text;
  };
  const columns = [...index, ...values.flatMap((v) => onValues.map((o) => name(v, o)))];
  const data = [...keys.values()].sort(compareTuples).map((key) => {
    const row: Record<string, Value> = {};
    index.forEach((c, i) => {
      row[c] = key[i] ?? null;
    });
    for (const v of values) {
      for (const o of onValues) row[name(v, o)] = aggregate(fn, cells.get(JSON.stringify([key, o, v])));
    }
    return row;
  });
  return { columns, data };
}

function check(rows: Row[], index: string[], on: string, values: string | string[], fn: string): void {
  const list = typeof values === "string" ? [values] : values;
  const out = runTool(pivotTool, { input: [frameOf(rows)] }, { index, on, values, aggregate: fn }).output;
  if (!out) throw new Error("no output");
  const expected = expectedPivot(rows, index, on, list, fn);
  expect(out.columns).toEqual(expected.columns);
  const actual = rowsOf(out);
  expect(actual.length).toBe(expected.data.length);
  expected.data.forEach((row, i) => {
    for (const [column, value] of Object.entries(row)) {
      const got = actual[i]?.[column];
      if (typeof value === "number" && !Number.isInteger(value)) expect(got as number, column).toBeCloseTo(value, 6);
      else expect(got, `${column} of row ${i}`).toEqual(value);
    }
  });
}

describe("pivot", () => {
  const rows = generate(400);

  test.each(["sum", "mean", "count", "min", "max", "first", "last"])(
    "%s: cells, column order by value (2 before 10, null last), rows sorted by index",
    (fn) => {
      check(rows, ["magasin"], "mois", "montant", fn);
    },
  );

  test("two index columns with nulls, an Int64 values column", () => {
    check(rows, ["magasin", "année"], "mois", "qty", "sum");
  });

  test("several values columns: <values column>_<on value>, grouped by values column", () => {
    check(rows, ["année"], "mois", ["montant", "qty"], "max");
  });

  test("a String on column with unicode values becomes the column names", () => {
    check(rows, ["année"], "magasin", "qty", "count");
    check(rows, ["année"], "magasin", "label", "first");
  });

  test("min and max of String values", () => {
    check(rows, ["magasin"], "mois", "label", "min");
    check(rows, ["magasin"], "mois", "label", "max");
  });

  test("an empty input gives the index columns and no rows", () => {
    const out = runTool(
      pivotTool,
      { input: [frameOf([])] },
      { index: ["magasin"], on: "mois", values: "qty", aggregate: "sum" },
    ).output;
    expect(out?.columns).toEqual(["magasin"]);
    expect(out?.height).toBe(0);
  });

  test("a missing combination is null (sum) but 0 (count)", () => {
    const small: Row[] = [
      { magasin: "a", mois: 1, qty: 5 },
      { magasin: "b", mois: 2, qty: null },
    ];
    const run = (fn: string) =>
      rowsOf(
        runTool(
          pivotTool,
          { input: [frameOf(small)] },
          { index: ["magasin"], on: "mois", values: "qty", aggregate: fn },
        ).output as pl.DataFrame,
      );
    expect(run("sum")).toEqual([
      { magasin: "a", "1": 5, "2": null },
      { magasin: "b", "1": null, "2": null },
    ]);
    expect(run("count")).toEqual([
      { magasin: "a", "1": 1, "2": 0 },
      { magasin: "b", "1": 0, "2": 0 },
    ]);
  });
});

describe("pivot safety limit", () => {
  const rows = generate(100); // mois has 4 distinct values: 1, 2, 10, null

  test("distinct on values × values columns above the limit is a SafetyLimitError", () => {
    let error: unknown;
    try {
      runTool(
        pivotTool,
        { input: [frameOf(rows)] },
        { index: ["magasin"], on: "mois", values: ["qty", "montant"], aggregate: "sum" },
        { limits: { maxPivotColumns: 7 } },
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SafetyLimitError);
    expect((error as SafetyLimitError).limit).toBe(7);
    expect((error as SafetyLimitError).wouldBe).toBe(8);
    expect((error as Error).message).toContain('"mois"');
  });

  test("exactly at the limit is allowed", () => {
    const out = runTool(
      pivotTool,
      { input: [frameOf(rows)] },
      { index: ["magasin"], on: "mois", values: ["qty", "montant"], aggregate: "sum" },
      { limits: { maxPivotColumns: 8 } },
    ).output;
    expect(out?.width).toBe(9);
  });
});

describe("pivot refuses a bad config", () => {
  const input = { input: [frameOf(generate(10))] };
  const refuse = (config: unknown, type: abstract new (...args: never[]) => Error, ...fragments: string[]) => {
    let error: unknown;
    try {
      runTool(pivotTool, input, config);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(type);
    for (const fragment of fragments) expect((error as Error).message).toContain(fragment);
  };
  const base = { index: ["magasin"], on: "mois", values: "qty", aggregate: "sum" };

  test("unknown index, on or values columns are named", () => {
    refuse({ ...base, index: ["shop"] }, ToolConfigError, '"shop"', "index");
    refuse({ ...base, on: "month" }, ToolConfigError, '"month"', "on");
    refuse({ ...base, values: ["qty", "prix"] }, ToolConfigError, '"prix"', "values");
  });
  test.each(["sum", "mean"])("%s of a String values column names the column and its dtype", (fn) => {
    refuse({ ...base, values: "label", aggregate: fn }, ToolConfigError, '"label"', "String");
  });
  test("the same column in index and on, or in values and on", () => {
    refuse({ ...base, on: "magasin" }, ToolConfigError, '"magasin"');
    refuse({ ...base, values: "mois" }, ToolConfigError, '"mois"');
  });
  test("an unknown aggregate or an empty index", () => {
    refuse({ ...base, aggregate: "median" }, ToolConfigError);
    refuse({ ...base, index: [] }, ToolConfigError);
  });
  test("an on value that names an index column is a runtime error naming it", () => {
    const clash = frameOf([
      { magasin: "a", label: "magasin", qty: 1 },
      { magasin: "b", label: "x", qty: 2 },
    ]);
    let error: unknown;
    try {
      runTool(pivotTool, { input: [clash] }, { index: ["magasin"], on: "label", values: "qty", aggregate: "sum" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolRuntimeError);
    expect((error as Error).message).toContain('"magasin"');
  });
});
