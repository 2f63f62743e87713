import { describe, expect, test } from "bun:test";
import type { DataType } from "nodejs-polars";
import { pl, rowsOf, runTool, testContext } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { dtypeName } from "../dtype";
import { unionTool } from "./index";

type Value = string | number | boolean | Date | null;
type Column = [name: string, dtype: DataType | "Null", values: Value[]];
type Row = Record<string, Value>;

/** A frame with exactly these columns, in this order and of these types. */
function frame(columns: Column[]): pl.DataFrame {
  const height = columns[0]?.[2].length ?? 0;
  const series = columns.map(([name, dtype, values]) =>
    dtype === "Null" ? pl.Series(name, Array(height).fill(0), pl.Int8) : pl.Series(name, values, dtype),
  );
  const nulls = columns.filter(([, dtype]) => dtype === "Null").map(([name]) => pl.lit(null).alias(name));
  return pl.DataFrame(series).withColumns(...nulls);
}

/** The rows of a column spec, as plain objects. */
function rowsOfSpec(columns: Column[]): Row[] {
  const height = columns[0]?.[2].length ?? 0;
  return Array.from({ length: height }, (_, i) =>
    Object.fromEntries(columns.map(([name, , values]) => [name, values[i] ?? null])),
  );
}

/** Stacks rows by name in plain TypeScript: first input's column order, then new names. */
function unionByName(inputs: Row[][], columns: string[]): Row[] {
  return inputs.flatMap((rows) =>
    rows.map((row) => Object.fromEntries(columns.map((c) => [c, c in row ? (row[c] ?? null) : null]))),
  );
}

function schemaNames(df: pl.DataFrame): Record<string, string> {
  return Object.fromEntries(Object.entries(df.schema).map(([name, dtype]) => [name, dtypeName(dtype as DataType)]));
}

/** Dates compared by instant, so a Date and a Datetime at the same instant are equal. */
function plain(rows: Row[]): unknown[] {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
  );
}

function union(specs: Column[][], config: unknown = {}): pl.DataFrame {
  const out = runTool(unionTool, { input: specs.map(frame) }, config).output;
  if (!out) throw new Error("no output socket");
  return out;
}

function expectConfigError(run: () => unknown, ...fragments: string[]) {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ToolConfigError);
  for (const fragment of fragments) expect((caught as Error).message).toContain(fragment);
}

const a: Column[] = [
  ["id", pl.Int32, [1, 2, null]],
  ["city", pl.String, ["Zürich", null, "東京"]],
  ["price", pl.Int64, [10, 20, 30]],
];
const b: Column[] = [
  ["price", pl.Float64, [1.5, null]],
  ["id", pl.Int64, [4, 5]],
  ["note", pl.String, ["ß", "🙂"]],
];
const c: Column[] = [
  ["note", pl.String, ["x"]],
  ["id", pl.Int16, [7]],
  ["city", "Null", [null]],
];

describe("union by name", () => {
  test("matches columns by name, keeps first input's order then new ones, fills missing with null", () => {
    const out = union([a, b, c]);
    const columns = ["id", "city", "price", "note"];
    expect(out.columns).toEqual(columns);
    expect(plain(rowsOf(out) as Row[])).toEqual(
      plain(unionByName([rowsOfSpec(a), rowsOfSpec(b), rowsOfSpec(c)], columns)),
    );
  });

  test("widens types: Int32+Int64+Int16 → Int64, Int64+Float64 → Float64, String+Null → String", () => {
    expect(schemaNames(union([a, b, c]))).toEqual({ id: "Int64", city: "String", price: "Float64", note: "String" });
  });

  test("fill_missing false names the input and the missing column", () => {
    expectConfigError(() => union([a, b, c], { fill_missing: false }), "input 1 of 3", '"note"');
    const full: Column[] = [
      ["id", pl.Int64, [9]],
      ["city", pl.String, ["Oslo"]],
      ["price", pl.Int64, [1]],
      ["note", pl.String, ["n"]],
    ];
    expectConfigError(() => union([full, a, full], { fill_missing: false }), "input 2 of 3", '"note"');
  });

  test("fill_missing false passes when every input has every column", () => {
    const shuffled: Column[] = [
      ["price", pl.Int64, [5]],
      ["city", pl.String, ["Åre"]],
      ["id", pl.Int32, [8]],
    ];
    const out = union([a, shuffled], { fill_missing: false });
    expect(out.columns).toEqual(["id", "city", "price"]);
    expect(rowsOf(out)).toEqual(unionByName([rowsOfSpec(a), rowsOfSpec(shuffled)], ["id", "city", "price"]));
  });

  test("a String column meeting a number is refused, naming the column and both types", () => {
    const text: Column[] = [["price", pl.String, ["12"]]];
    expectConfigError(() => union([a, text]), '"price"', "String", "Int64", "input 2 of 2");
  });

  test("Date with Datetime → Datetime, values kept as instants", () => {
    const days: Column[] = [["at", pl.Date, [new Date("2024-02-29T00:00:00Z"), null]]];
    const times: Column[] = [["at", pl.Datetime("ms"), [new Date("2024-03-01T12:30:00Z")]]];
    const out = union([days, times]);
    expect(schemaNames(out)).toEqual({ at: "Datetime(ms)" });
    expect(plain(rowsOf(out) as Row[])).toEqual([
      { at: "2024-02-29T00:00:00.000Z" },
      { at: null },
      { at: "2024-03-01T12:30:00.000Z" },
    ]);
  });

  test("Boolean with Int64 is refused", () => {
    expectConfigError(() => union([[["f", pl.Bool, [true]]], [["f", pl.Int64, [1]]]]), '"f"', "Boolean", "Int64");
  });

  test("empty inputs keep the schema and add no rows", () => {
    const empty: Column[] = [
      ["id", pl.Int64, []],
      ["extra", pl.String, []],
    ];
    const out = union([empty, a]);
    expect(out.columns).toEqual(["id", "extra", "city", "price"]);
    expect(rowsOf(out)).toEqual(unionByName([[], rowsOfSpec(a)], ["id", "extra", "city", "price"]));
    const none = union([empty, empty]);
    expect(none.height).toBe(0);
    expect(schemaNames(none)).toEqual({ id: "Int64", extra: "String" });
  });
});

describe("union by position", () => {
  test("names come from the first input; types widen per position", () => {
    const other: Column[] = [
      ["key", pl.Float64, [0.5, null]],
      ["town", pl.String, ["Kraków", "Ōsaka"]],
      ["amount", pl.Int32, [7, null]],
    ];
    const out = union([a, other], { mode: "by_position" });
    expect(schemaNames(out)).toEqual({ id: "Float64", city: "String", price: "Int64" });
    const renamed = rowsOfSpec(other).map((row) => ({
      id: row.key ?? null,
      city: row.town ?? null,
      price: row.amount ?? null,
    }));
    expect(rowsOf(out)).toEqual([...rowsOfSpec(a), ...renamed]);
  });

  test("a different column count is refused, naming the input", () => {
    expectConfigError(() => union([a, b, [["x", pl.Int64, [1]]]], { mode: "by_position" }), "input 3 of 3", "3", "1");
  });

  test("incompatible types name the position and both names", () => {
    const other: Column[] = [
      ["key", pl.String, ["k"]],
      ["town", pl.String, ["t"]],
      ["amount", pl.Int32, [1]],
    ];
    expectConfigError(() => union([a, other], { mode: "by_position" }), '"id"', '"key"', "String", "Int32");
  });
});

describe("union basics", () => {
  test("one input passes through unchanged", () => {
    const out = union([b]);
    expect(out.columns).toEqual(["price", "id", "note"]);
    expect(rowsOf(out)).toEqual(rowsOfSpec(b));
  });

  test("zero inputs is refused", () => {
    expectConfigError(
      () => unionTool.build({ input: [] }, { mode: "by_name", fill_missing: true }, testContext()),
      "at least one",
    );
  });

  test("the output stays lazy", () => {
    const out = unionTool.build(
      { input: [frame(a).lazy(), frame(b).lazy()] },
      { mode: "by_name", fill_missing: true },
      testContext(),
    );
    expect(typeof out.output?.collectSync).toBe("function");
  });

  test("config: defaults, strict keys, enum values", () => {
    expect(unionTool.config.parse({})).toEqual({ mode: "by_name", fill_missing: true });
    expect(unionTool.config.safeParse({ mode: "by_name", extra: 1 }).success).toBe(false);
    expect(unionTool.config.safeParse({ mode: "diagonal" }).success).toBe(false);
  });

  test("sockets", () => {
    expect(unionTool.inputs).toEqual([{ id: "input", required: true, multiple: true }]);
    expect(unionTool.outputs).toEqual(["output"]);
    expect(unionTool.blocking).toBe(false);
  });
});

describe("decimals of different scales", () => {
  test("stack exactly at the wider scale; a value too wide for 38 digits fails instead of rounding", () => {
    const a = pl.DataFrame([pl.Series("x", ["1.25", "-3.10"]).cast(pl.Decimal(38, 2))]);
    const b = pl.DataFrame([pl.Series("x", ["0.1234567890123456"]).cast(pl.Decimal(38, 16))]);
    const out = runTool(unionTool, { input: [a, b] }, { mode: "by_name" }).output as pl.DataFrame;
    expect(String(out.getColumn("x").dtype)).toBe("DataType(Decimal(38,16))");
    expect(out.getColumn("x").cast(pl.String).toArray()).toEqual([
      "1.2500000000000000",
      "-3.1000000000000000",
      "0.1234567890123456",
    ]);
    const wide = pl.DataFrame([pl.Series("x", ["1234567890123456789012345.5"]).cast(pl.Decimal(38, 1))]);
    expect(() => runTool(unionTool, { input: [wide, b] }, { mode: "by_name" })).toThrow();
  });
});
