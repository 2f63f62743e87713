import { describe, expect, test } from "bun:test";
import { pl, rowsOf, runTool } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { summarizeTool } from "./index";

type Value = string | number | boolean | null;
type Row = Record<string, Value>;

/** A seeded generator, so every run sees the same "random" rows. */
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

const REGIONS = ["Nord", "Süd", "東京", "Ålborg", null] as const;
function generate(n: number, seed = 7): Row[] {
  const next = random(seed);
  return Array.from({ length: n }, (_, i) => ({
    région: pick(next, REGIONS),
    kind: pick(next, [1, 2, 10, null]),
    qty: next() < 0.2 ? null : Math.floor(next() * 50) - 10,
    "prix €": next() < 0.2 ? null : Math.round(next() * 10_000) / 100,
    name: pick(next, ["ä", "b", "c", "d", null]),
    ok: pick(next, [true, false, null]),
    id: i,
  }));
}
function frameOf(rows: Row[]): pl.DataFrame {
  const col = (name: string) => rows.map((r) => r[name] ?? null);
  return pl.DataFrame([
    pl.Series("région", col("région"), pl.String),
    pl.Series("kind", col("kind"), pl.Int64),
    pl.Series("qty", col("qty"), pl.Int64),
    pl.Series("prix €", col("prix €"), pl.Float64),
    pl.Series("name", col("name"), pl.String),
    pl.Series("ok", col("ok"), pl.Bool),
    pl.Series("id", col("id"), pl.Int64),
  ]);
}

// --- the reference, in plain TypeScript -----------------------------------------------------

function compareKeys(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return 1; // nulls last
  if (b === null) return -1;
  if (typeof a === "string" && typeof b === "string") return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return Number(a) - Number(b);
}
function groupRows(rows: Row[], keys: string[]): { key: Value[]; rows: Row[] }[] {
  const groups = new Map<string, { key: Value[]; rows: Row[] }>();
  for (const row of rows) {
    const key = keys.map((k) => row[k] ?? null);
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  return [...groups.values()].sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const c = compareKeys(a.key[i] ?? null, b.key[i] ?? null);
      if (c !== 0) return c;
    }
    return 0;
  });
}
const num = (v: Value) => (typeof v === "boolean" ? Number(v) : (v as number));
/** Polars' text form of a value (`cast(String)`): a float keeps ".0" when it is integral. */
function textOf(v: Value, float: boolean): string {
  return float && Number.isInteger(v) ? `${v}.0` : String(v);
}
const FLOAT_COLUMNS = new Set(["prix €"]);
function reference(fn: string, all: Value[], float = false): Value {
  const values = all.filter((v) => v !== null);
  const nums = values.map(num);
  const mean = nums.reduce((s, v) => s + v, 0) / nums.length;
  const variance = nums.reduce((s, v) => s + (v - mean) ** 2, 0) / (nums.length - 1);
  const sorted = [...nums].sort((a, b) => a - b);
  switch (fn) {
    case "count":
      return values.length;
    case "count_distinct":
      return new Set(values).size;
    case "first":
      return all[0] ?? null;
    case "last":
      return all[all.length - 1] ?? null;
  }
  if (values.length === 0) return null;
  switch (fn) {
    case "sum":
      return nums.reduce((s, v) => s + v, 0);
    case "mean":
      return mean;
    case "median": {
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    }
    case "min":
      return [...values].sort(compareKeys)[0] ?? null;
    case "max":
      return [...values].sort(compareKeys).at(-1) ?? null;
    case "std":
      return nums.length < 2 ? null : Math.sqrt(variance);
    case "var":
      return nums.length < 2 ? null : variance;
    case "concat":
      return values.map((v) => textOf(v, float)).join(", ");
  }
  throw new Error(`no reference for ${fn}`);
}
function expectValue(actual: unknown, expected: Value, where: string): void {
  if (typeof expected === "number" && !Number.isInteger(expected)) {
    expect(typeof actual, where).toBe("number");
    expect(actual as number, where).toBeCloseTo(expected, 6);
  } else {
    expect(actual, where).toEqual(expected);
  }
}

const ALL = ["sum", "mean", "median", "min", "max", "count", "count_distinct", "first", "last", "std", "var", "concat"];
const NUMERIC_COLUMNS = ["qty", "prix €"];

function check(rows: Row[], groupBy: string[], aggregations: { column: string; function: string }[]): void {
  const out = runTool(summarizeTool, { input: [frameOf(rows)] }, { group_by: groupBy, aggregations }).output;
  if (!out) throw new Error("no output");
  const names = aggregations.map((a) => `${a.column}_${a.function}`);
  expect(out.columns).toEqual([...groupBy, ...names]);
  const groups = groupBy.length === 0 ? [{ key: [], rows }] : groupRows(rows, groupBy);
  const actual = rowsOf(out);
  expect(actual.length).toBe(groups.length);
  groups.forEach((group, i) => {
    const row = actual[i] ?? {};
    groupBy.forEach((k, j) => {
      expect(row[k]).toEqual(group.key[j] ?? null);
    });
    aggregations.forEach((a, j) => {
      const name = names[j] as string;
      const values = group.rows.map((r) => r[a.column] ?? null);
      const expected = reference(a.function, values, FLOAT_COLUMNS.has(a.column));
      expectValue(row[name], expected, `${name} of group ${JSON.stringify(group.key)}`);
    });
  });
}

describe("summarize", () => {
  const rows = generate(300);

  test("every function on numeric columns, grouped by a unicode key with nulls", () => {
    const aggregations = NUMERIC_COLUMNS.flatMap((column) => ALL.map((fn) => ({ column, function: fn })));
    check(rows, ["région"], aggregations);
  });

  test("two group keys (String and Int64, both with nulls) form their own groups, sorted nulls last", () => {
    check(rows, ["région", "kind"], [{ column: "qty", function: "sum" }]);
  });

  test("the functions that take any column, on a String column", () => {
    const fns = ["min", "max", "count", "count_distinct", "first", "last", "concat"];
    check(
      rows,
      ["kind"],
      fns.map((fn) => ({ column: "name", function: fn })),
    );
  });

  test("booleans count as 0/1 for the numeric functions", () => {
    check(
      rows,
      ["région"],
      ["sum", "mean", "count", "min", "max"].map((fn) => ({ column: "ok", function: fn })),
    );
  });

  test("concat keeps input order and gives integers' text form", () => {
    const small: Row[] = [
      { région: "x", qty: 3 },
      { région: "x", qty: null },
      { région: "x", qty: -1 },
      { région: "y", qty: null },
    ];
    const out = runTool(
      summarizeTool,
      { input: [frameOf(small)] },
      { group_by: ["région"], aggregations: [{ column: "qty", function: "concat" }] },
    ).output;
    expect(out && rowsOf(out)).toEqual([
      { région: "x", qty_concat: "3, -1" },
      { région: "y", qty_concat: null },
    ]);
  });

  test("no group_by: one row over the whole table", () => {
    check(
      rows,
      [],
      ALL.map((fn) => ({ column: "qty", function: fn })),
    );
  });

  test("no group_by on an empty input: one row, count 0 and the rest null", () => {
    const out = runTool(
      summarizeTool,
      { input: [frameOf([])] },
      { group_by: [], aggregations: ALL.map((fn) => ({ column: "prix €", function: fn })) },
    ).output;
    if (!out) throw new Error("no output");
    expect(out.height).toBe(1);
    const row = rowsOf(out)[0] ?? {};
    for (const fn of ALL) expect(row[`prix €_${fn}`], fn).toEqual(fn.startsWith("count") ? 0 : null);
  });

  test("group_by on an empty input: no rows, the columns in order", () => {
    const out = runTool(
      summarizeTool,
      { input: [frameOf([])] },
      { group_by: ["région"], aggregations: [{ column: "qty", function: "sum", output: "total" }] },
    ).output;
    expect(out?.height).toBe(0);
    expect(out?.columns).toEqual(["région", "total"]);
  });

  test("a group whose values are all null: sum null, count 0", () => {
    const out = runTool(
      summarizeTool,
      {
        input: [
          frameOf([
            { région: "a", qty: null },
            { région: "a", qty: null },
          ]),
        ],
      },
      {
        group_by: ["région"],
        aggregations: [
          { column: "qty", function: "sum" },
          { column: "qty", function: "count" },
          { column: "qty", function: "count_distinct" },
        ],
      },
    ).output;
    expect(out && rowsOf(out)).toEqual([{ région: "a", qty_sum: null, qty_count: 0, qty_count_distinct: 0 }]);
  });

  test("output names: explicit names win and the order follows the config", () => {
    const out = runTool(
      summarizeTool,
      { input: [frameOf(rows)] },
      {
        group_by: ["kind"],
        aggregations: [
          { column: "qty", function: "max", output: "größte" },
          { column: "qty", function: "min" },
        ],
      },
    ).output;
    expect(out?.columns).toEqual(["kind", "größte", "qty_min"]);
  });

  test("no aggregations: the distinct group keys", () => {
    check(rows, ["kind"], []);
  });
});

describe("summarize refuses a bad config", () => {
  const input = { input: [frameOf(generate(5))] };
  const refuse = (config: unknown, ...fragments: string[]) => {
    let error: unknown;
    try {
      runTool(summarizeTool, input, config);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolConfigError);
    for (const fragment of fragments) expect((error as Error).message).toContain(fragment);
  };

  test("an unknown group_by column, named with the columns there are", () => {
    refuse({ group_by: ["regin"], aggregations: [] }, '"regin"', "group_by", "région");
  });
  test("an unknown aggregation column", () => {
    refuse({ group_by: [], aggregations: [{ column: "prize", function: "sum" }] }, '"prize"');
  });
  test.each(["sum", "mean", "median", "std", "var"])("%s of a String column names the column and its dtype", (fn) => {
    refuse({ group_by: [], aggregations: [{ column: "name", function: fn }] }, '"name"', "String", fn);
  });
  test("two aggregations with the same output name", () => {
    refuse(
      {
        group_by: [],
        aggregations: [
          { column: "qty", function: "sum", output: "x" },
          { column: "prix €", function: "sum", output: "x" },
        ],
      },
      '"x"',
    );
  });
  test("an output name that is a group column", () => {
    refuse({ group_by: ["kind"], aggregations: [{ column: "qty", function: "sum", output: "kind" }] }, '"kind"');
  });
  test("a group column given twice", () => {
    refuse({ group_by: ["kind", "kind"], aggregations: [] }, '"kind"');
  });
  test("an unknown function, an unknown field, or nothing to do", () => {
    refuse({ group_by: [], aggregations: [{ column: "qty", function: "mode" }] });
    refuse({ group_by: [], aggregations: [{ column: "qty", function: "sum", colour: "red" }] });
    refuse({ group_by: [], aggregations: [] }, "group_by");
  });
});
