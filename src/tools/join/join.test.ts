import { describe, expect, test } from "bun:test";
import type { DataType } from "nodejs-polars";
import { pl, rowsOf, runTool } from "../../../tests/helpers/tool-harness";
import { SafetyLimitError, ToolConfigError } from "../../shared/errors";
import { dtypeName } from "../dtype";
import { joinTool } from "./index";

type Value = string | number | null;
type Row = Record<string, Value>;
type Column = [name: string, dtype: DataType, values: Value[]];
type How = "inner" | "left" | "right" | "full";

function frame(columns: Column[]): pl.DataFrame {
  return pl.DataFrame(columns.map(([name, dtype, values]) => pl.Series(name, values, dtype)));
}

function rowsOfSpec(columns: Column[]): Row[] {
  const height = columns[0]?.[2].length ?? 0;
  return Array.from({ length: height }, (_, i) =>
    Object.fromEntries(columns.map(([name, , values]) => [name, values[i] ?? null])),
  );
}

/** Whether two rows match on every key pair; a null never matches (SQL semantics). */
function matches(l: Row, r: Row, keys: [string, string][]): boolean {
  return keys.every(([lk, rk]) => l[lk] != null && r[rk] != null && l[lk] === r[rk]);
}

/** The (left, right) row pairs of a join, computed by nested loops. */
function pairs(left: Row[], right: Row[], keys: [string, string][], how: How): [Row | null, Row | null][] {
  const out: [Row | null, Row | null][] = [];
  for (const l of left) for (const r of right) if (matches(l, r, keys)) out.push([l, r]);
  if (how === "left" || how === "full")
    for (const l of left) if (!right.some((r) => matches(l, r, keys))) out.push([l, null]);
  if (how === "right" || how === "full")
    for (const r of right) if (!left.some((l) => matches(l, r, keys))) out.push([null, r]);
  return out;
}

const unmatchedLeft = (left: Row[], right: Row[], keys: [string, string][]) =>
  left.filter((l) => !right.some((r) => matches(l, r, keys)));
const unmatchedRight = (left: Row[], right: Row[], keys: [string, string][]) =>
  right.filter((r) => !left.some((l) => matches(l, r, keys)));

/** Rows sorted by their JSON text, for comparing where the order is not the point. */
const sorted = (rows: unknown[]) => [...rows].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));

function join(left: Column[], right: Column[], config: unknown, limits = {}): Record<string, pl.DataFrame> {
  return runTool(joinTool, { "input-left": [frame(left)], "input-right": [frame(right)] }, config, { limits });
}

function types(df: pl.DataFrame | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(df?.schema ?? {}).map(([name, dtype]) => [name, dtypeName(dtype as DataType)]),
  );
}

function caught(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}

function expectConfigError(run: () => unknown, ...fragments: string[]) {
  const error = caught(run);
  expect(error).toBeInstanceOf(ToolConfigError);
  for (const fragment of fragments) expect(error.message).toContain(fragment);
}

// Many-to-many keys (1 twice on each side), null keys on both sides, unicode keys and values.
const orders: Column[] = [
  ["id", pl.Int64, [1, 1, 2, null, 3, 5]],
  ["name", pl.String, ["Zoë", "Zoë bis", "Łukasz", "nobody", "東京", null]],
  ["v", pl.Int64, [10, 11, 20, 30, 40, 50]],
];
const customers: Column[] = [
  ["cid", pl.Int64, [1, 1, null, 4, 2, 5]],
  ["name", pl.String, ["Ann", "Ann 2", "ghost", "Dan", "Bo", null]],
  ["v", pl.Int64, [100, 101, 300, 400, 200, 500]],
];
const L = rowsOfSpec(orders);
const R = rowsOfSpec(customers);
const KEYS: [string, string][] = [["id", "cid"]];

describe("join on id = cid, every how", () => {
  const project: Record<How, (l: Row | null, r: Row | null) => Row> = {
    inner: (l, r) => ({
      id: l?.id ?? null,
      name: l?.name ?? null,
      v: l?.v ?? null,
      name_right: r?.name ?? null,
      v_right: r?.v ?? null,
    }),
    left: (l, r) => ({
      id: l?.id ?? null,
      name: l?.name ?? null,
      v: l?.v ?? null,
      name_right: r?.name ?? null,
      v_right: r?.v ?? null,
    }),
    right: (l, r) => ({
      id: r?.cid ?? null,
      name: l?.name ?? null,
      v: l?.v ?? null,
      name_right: r?.name ?? null,
      v_right: r?.v ?? null,
    }),
    full: (l, r) => ({
      id: l?.id ?? null,
      name: l?.name ?? null,
      v: l?.v ?? null,
      cid: r?.cid ?? null,
      name_right: r?.name ?? null,
      v_right: r?.v ?? null,
    }),
  };
  const columns: Record<How, string[]> = {
    inner: ["id", "name", "v", "name_right", "v_right"],
    left: ["id", "name", "v", "name_right", "v_right"],
    right: ["id", "name", "v", "name_right", "v_right"],
    full: ["id", "name", "v", "cid", "name_right", "v_right"],
  };

  for (const how of ["inner", "left", "right", "full"] as How[]) {
    test(`${how}: output-match, output-left and output-right`, () => {
      const out = join(orders, customers, { how, left_on: ["id"], right_on: ["cid"] });
      expect(out["output-match"]?.columns).toEqual(columns[how]);
      const expected = pairs(L, R, KEYS, how).map(([l, r]) => project[how](l, r));
      expect(sorted(rowsOf(out["output-match"] as pl.DataFrame))).toEqual(sorted(expected));
      // The unmatched outputs do not depend on how, and keep the inputs' columns.
      expect(out["output-left"]?.columns).toEqual(["id", "name", "v"]);
      expect(sorted(rowsOf(out["output-left"] as pl.DataFrame))).toEqual(sorted(unmatchedLeft(L, R, KEYS)));
      expect(out["output-right"]?.columns).toEqual(["cid", "name", "v"]);
      expect(sorted(rowsOf(out["output-right"] as pl.DataFrame))).toEqual(sorted(unmatchedRight(L, R, KEYS)));
    });
  }

  test("null keys never match: they land in the unmatched outputs", () => {
    const out = join(orders, customers, { left_on: "id", right_on: "cid" });
    expect(rowsOf(out["output-left"] as pl.DataFrame).some((row) => row.id === null)).toBe(true);
    expect(rowsOf(out["output-right"] as pl.DataFrame).some((row) => row.cid === null)).toBe(true);
    expect(rowsOf(out["output-match"] as pl.DataFrame).every((row) => row.id !== null)).toBe(true);
  });

  test("rows keep the left input's order (the right's for a right join)", () => {
    const left = join(orders, customers, { how: "left", left_on: "id", right_on: "cid" });
    expect(rowsOf(left["output-match"] as pl.DataFrame).map((row) => row.v)).toEqual([10, 10, 11, 11, 20, 30, 40, 50]);
    expect(rowsOf(left["output-left"] as pl.DataFrame).map((row) => row.v)).toEqual([30, 40]);
    const right = join(orders, customers, { how: "right", left_on: "id", right_on: "cid" });
    expect(rowsOf(right["output-match"] as pl.DataFrame).map((row) => row.v_right)).toEqual([
      100, 100, 101, 101, 300, 400, 200, 500,
    ]);
    expect(rowsOf(right["output-right"] as pl.DataFrame).map((row) => row.v)).toEqual([300, 400]);
  });
});

describe("join keys and columns", () => {
  const sales: Column[] = [
    ["city", pl.String, ["Zürich", "Zürich", "東京", null, "Kraków"]],
    ["year", pl.Int32, [2023, 2024, 2024, 2024, null]],
    ["amount", pl.Float64, [1.5, 2.5, 3.5, 4.5, 5.5]],
  ];
  const targets: Column[] = [
    ["town", pl.String, ["Zürich", "東京", "東京", "Kraków", null]],
    ["yr", pl.Int64, [2024, 2024, 2024, null, 2024]],
    ["goal", pl.Float64, [10, 20, 21, 30, 40]],
  ];
  const keys: [string, string][] = [
    ["city", "town"],
    ["year", "yr"],
  ];

  test("two keys with unicode values, Int32 meeting Int64, inner and full", () => {
    const config = { left_on: ["city", "year"], right_on: ["town", "yr"] };
    const inner = join(sales, targets, config);
    expect(types(inner["output-match"])).toEqual({ city: "String", year: "Int32", amount: "Float64", goal: "Float64" });
    const expected = pairs(rowsOfSpec(sales), rowsOfSpec(targets), keys, "inner").map(([l, r]) => ({
      ...l,
      goal: r?.goal ?? null,
    }));
    expect(sorted(rowsOf(inner["output-match"] as pl.DataFrame))).toEqual(sorted(expected));
    expect(types(inner["output-right"])).toEqual({ town: "String", yr: "Int64", goal: "Float64" });

    const full = join(sales, targets, { ...config, how: "full" });
    const fullExpected = pairs(rowsOfSpec(sales), rowsOfSpec(targets), keys, "full").map(([l, r]) => ({
      city: l?.city ?? null,
      year: l?.year ?? null,
      amount: l?.amount ?? null,
      town: r?.town ?? null,
      yr: r?.yr ?? null,
      goal: r?.goal ?? null,
    }));
    expect(sorted(rowsOf(full["output-match"] as pl.DataFrame))).toEqual(sorted(fullExpected));
  });

  test("a right join takes the key values of the right rows, in the wider type", () => {
    const out = join(sales, targets, { how: "right", left_on: ["city", "year"], right_on: ["town", "yr"] });
    expect(types(out["output-match"])).toEqual({ city: "String", year: "Int64", amount: "Float64", goal: "Float64" });
    const expected = pairs(rowsOfSpec(sales), rowsOfSpec(targets), keys, "right").map(([l, r]) => ({
      city: r?.town ?? null,
      year: r?.yr ?? null,
      amount: l?.amount ?? null,
      goal: r?.goal ?? null,
    }));
    expect(sorted(rowsOf(out["output-match"] as pl.DataFrame))).toEqual(sorted(expected));
  });

  test("same key name on both sides: one key column, or both in a full join", () => {
    const right: Column[] = [
      ["id", pl.Int64, [1, 9]],
      ["w", pl.String, ["é", "ü"]],
    ];
    expect(join(orders, right, { left_on: "id", right_on: "id" })["output-match"]?.columns).toEqual([
      "id",
      "name",
      "v",
      "w",
    ]);
    const full = join(orders, right, { how: "full", left_on: "id", right_on: "id" })["output-match"] as pl.DataFrame;
    expect(full.columns).toEqual(["id", "name", "v", "id_right", "w"]);
    expect(rowsOf(full).find((row) => row.w === "ü")).toEqual({ id: null, name: null, v: null, id_right: 9, w: "ü" });
  });

  test("a custom suffix", () => {
    const out = join(orders, customers, { left_on: "id", right_on: "cid", suffix: "_c" });
    expect(out["output-match"]?.columns).toEqual(["id", "name", "v", "name_c", "v_c"]);
  });

  test("a suffixed name that already exists is refused, naming the column", () => {
    const left: Column[] = [...orders, ["v_right", pl.Int64, [0, 0, 0, 0, 0, 0]]];
    expectConfigError(() => join(left, customers, { left_on: "id", right_on: "cid" }), '"v"', '"v_right"', "suffix");
    const right: Column[] = [...customers, ["name_right", pl.String, ["a", "b", "c", "d", "e", "f"]]];
    expectConfigError(() => join(orders, right, { left_on: "id", right_on: "cid" }), '"name"', '"name_right"');
  });

  test("key types that cannot be compared are refused, naming both columns and types", () => {
    const right: Column[] = [["code", pl.String, ["1"]]];
    expectConfigError(
      () => join(orders, right, { left_on: "id", right_on: "code" }),
      '"id"',
      '"code"',
      "Int64",
      "String",
    );
  });

  test("an integer key meets a float key as Float64", () => {
    const right: Column[] = [
      ["k", pl.Float64, [1, 2.5]],
      ["x", pl.String, ["one", "two and a half"]],
    ];
    const out = join(orders, right, { left_on: "id", right_on: "k" });
    expect(sorted(rowsOf(out["output-match"] as pl.DataFrame).map((row) => [row.v, row.x]))).toEqual([
      [10, "one"],
      [11, "one"],
    ]);
  });

  test("a key column of nulls only (Null type) matches nothing", () => {
    const left = frame(orders).withColumns(pl.lit(null).alias("id"));
    const out = runTool(
      joinTool,
      { "input-left": [left], "input-right": [frame(customers)] },
      { left_on: "id", right_on: "cid" },
    );
    expect(out["output-match"]?.height).toBe(0);
    expect(out["output-left"]?.height).toBe(6);
    expect(out["output-right"]?.height).toBe(6);
  });

  test("unknown key columns are refused, naming them", () => {
    expectConfigError(() => join(orders, customers, { left_on: "idd", right_on: "cid" }), '"idd"', "left");
    expectConfigError(() => join(orders, customers, { left_on: "id", right_on: "customer" }), '"customer"', "right");
  });

  test("empty inputs", () => {
    const empty: Column[] = customers.map(([name, dtype]) => [name, dtype, []]);
    const out = join(orders, empty, { how: "left", left_on: "id", right_on: "cid" });
    expect(sorted(rowsOf(out["output-match"] as pl.DataFrame))).toEqual(
      sorted(L.map((l) => ({ ...l, name_right: null, v_right: null }))),
    );
    expect(sorted(rowsOf(out["output-left"] as pl.DataFrame))).toEqual(sorted(L));
    expect(out["output-right"]?.height).toBe(0);
    const inner = join(empty, customers, { left_on: "cid", right_on: "cid" });
    expect(inner["output-match"]?.height).toBe(0);
    expect(sorted(rowsOf(inner["output-right"] as pl.DataFrame))).toEqual(sorted(R));
  });
});

describe("cross join", () => {
  const sizes: Column[] = [["size", pl.String, ["S", "M", null]]];
  const colours: Column[] = [
    ["name", pl.String, ["rød", "grün"]],
    ["size", pl.Int64, [1, 2]],
  ];

  test("every left row with every right row; the unmatched outputs are empty with the input schemas", () => {
    const out = join(sizes, colours, { how: "cross" });
    expect(out["output-match"]?.columns).toEqual(["size", "name", "size_right"]);
    const expected = rowsOfSpec(sizes).flatMap((l) =>
      rowsOfSpec(colours).map((r) => ({ size: l.size, name: r.name, size_right: r.size })),
    );
    expect(sorted(rowsOf(out["output-match"] as pl.DataFrame))).toEqual(sorted(expected));
    expect(out["output-left"]?.height).toBe(0);
    expect(types(out["output-left"])).toEqual({ size: "String" });
    expect(out["output-right"]?.height).toBe(0);
    expect(types(out["output-right"])).toEqual({ name: "String", size: "Int64" });
  });

  test("a product over the limit is refused with both counts", () => {
    const error = caught(() => join(sizes, colours, { how: "cross" }, { maxCrossJoinRows: 5 }));
    expect(error).toBeInstanceOf(SafetyLimitError);
    expect(error.message).toContain("3");
    expect(error.message).toContain("2");
    expect(error.message).toContain("5");
    expect((error as SafetyLimitError).limit).toBe(5);
    expect((error as SafetyLimitError).wouldBe).toBe(6);
    expect(join(sizes, colours, { how: "cross" }, { maxCrossJoinRows: 6 })["output-match"]?.height).toBe(6);
  });
});

describe("join config", () => {
  const parse = (config: unknown) => joinTool.config.safeParse(config);

  test("defaults, and a single key name becomes a list", () => {
    expect(joinTool.config.parse({ left_on: "a", right_on: ["b"] })).toEqual({
      how: "inner",
      left_on: ["a"],
      right_on: ["b"],
      suffix: "_right",
    });
  });

  test("refusals", () => {
    expect(parse({ left_on: ["a", "b"], right_on: ["c"] }).success).toBe(false);
    expect(parse({ how: "left", left_on: ["a"] }).success).toBe(false);
    expect(parse({ left_on: [], right_on: [] }).success).toBe(false);
    expect(parse({ left_on: ["a", "a"], right_on: ["b", "c"] }).success).toBe(false);
    expect(parse({ how: "semi", left_on: "a", right_on: "b" }).success).toBe(false);
    expect(parse({ left_on: "a", right_on: "b", extra: true }).success).toBe(false);
    expect(parse({ left_on: "a", right_on: "b", suffix: "" }).success).toBe(false);
    expect(parse({ how: "cross" }).success).toBe(true);
  });

  test("sockets", () => {
    expect(joinTool.inputs.map((s) => [s.id, s.required, s.multiple])).toEqual([
      ["input-left", true, false],
      ["input-right", true, false],
    ]);
    expect(joinTool.outputs).toEqual(["output-left", "output-match", "output-right"]);
    expect(joinTool.blocking).toBe(true);
  });
});
