import { describe, expect, test } from "bun:test";
import { pl, rowsOf, runTool } from "../../../tests/helpers/tool-harness";
import { SafetyLimitError, ToolConfigError } from "../../shared/errors";
import { unpivotTool } from "./index";

type Value = string | number | boolean | null;
type Row = Record<string, Value>;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Monthly figures per shop: Int64 and Float64 months, a text and a boolean column, nulls. */
function generate(n: number, seed = 3): Row[] {
  const next = random(seed);
  const maybe = <T>(value: T) => (next() < 0.2 ? null : value);
  return Array.from({ length: n }, (_, id) => ({
    id,
    magasin: maybe(["Zürich", "大阪", "Århus"][id % 3] as string),
    janv: maybe(Math.floor(next() * 100)),
    févr: maybe(Math.floor(next() * 100) - 50),
    mars: maybe(Math.round(next() * 1000) / 10),
    note: maybe(["bien", "très bien", "ok"][Math.floor(next() * 3)] as string),
    ouvert: maybe(next() < 0.5),
  }));
}
const DTYPES = {
  id: pl.Int64,
  magasin: pl.String,
  janv: pl.Int64,
  févr: pl.Int32,
  mars: pl.Float64,
  note: pl.String,
  ouvert: pl.Bool,
} as const;
function frameOf(rows: Row[]): pl.DataFrame {
  return pl.DataFrame(
    Object.entries(DTYPES).map(([name, dtype]) =>
      pl.Series(
        name,
        rows.map((r) => r[name] ?? null),
        dtype,
      ),
    ),
  );
}

/** The expected long rows: every input row × every `on` column; `text` turns values into Polars' text. */
function expectedLong(
  rows: Row[],
  index: string[],
  on: string[],
  names: { variable: string; value: string },
  convert: (column: string, v: Value) => Value = (_c, v) => v,
): Row[] {
  return rows.flatMap((row) =>
    on.map((column) => {
      const out: Row = {};
      for (const c of index) out[c] = row[c] ?? null;
      out[names.variable] = column;
      out[names.value] = convert(column, row[column] ?? null);
      return out;
    }),
  );
}
/** Unpivot's row order is not a contract: compare by (id, position of the variable in `on`). */
function byIdAndVariable(on: string[], variable: string) {
  return (a: Record<string, unknown>, b: Record<string, unknown>) =>
    Number(a.id) - Number(b.id) || on.indexOf(String(a[variable])) - on.indexOf(String(b[variable]));
}
function run(rows: Row[], config: unknown, limits = {}) {
  const out = runTool(unpivotTool, { input: [frameOf(rows)] }, config, { limits }).output;
  if (!out) throw new Error("no output");
  return out;
}

describe("unpivot", () => {
  const rows = generate(250);

  test("Int64 and Int32 columns: one Int64 value column, every row × column, nulls kept", () => {
    const on = ["janv", "févr"];
    const out = run(rows, { index: ["id", "magasin"], on });
    expect(out.columns).toEqual(["id", "magasin", "variable", "value"]);
    expect(String(out.schema.value)).toBe(String(pl.Int64));
    const sort = byIdAndVariable(on, "variable");
    expect(rowsOf(out).sort(sort)).toEqual(
      expectedLong(rows, ["id", "magasin"], on, { variable: "variable", value: "value" }).sort(sort),
    );
  });

  test("integers and floats: Float64", () => {
    const on = ["janv", "mars"];
    const out = run(rows, { index: ["id"], on, variable_name: "mois", value_name: "chiffre €" });
    expect(out.columns).toEqual(["id", "mois", "chiffre €"]);
    expect(String(out.schema["chiffre €"])).toBe(String(pl.Float64));
    const sort = byIdAndVariable(on, "mois");
    const actual = rowsOf(out).sort(sort);
    const expected = expectedLong(rows, ["id"], on, { variable: "mois", value: "chiffre €" }).sort(sort);
    expect(actual.length).toBe(expected.length);
    expected.forEach((row, i) => {
      expect(actual[i]?.mois).toBe(row.mois as string);
      if (row["chiffre €"] === null) expect(actual[i]?.["chiffre €"]).toBeNull();
      else expect(actual[i]?.["chiffre €"] as number).toBeCloseTo(row["chiffre €"] as number, 9);
    });
  });

  test("mixed kinds (number, text, boolean): every value as text", () => {
    const on = ["janv", "mars", "note", "ouvert"];
    const out = run(rows, { index: ["id"], on });
    expect(String(out.schema.value)).toBe(String(pl.String));
    const text = (column: string, v: Value): Value => {
      if (v === null) return null;
      if (column === "mars" && Number.isInteger(v)) return `${v}.0`; // Polars writes floats with a ".0"
      return String(v);
    };
    const sort = byIdAndVariable(on, "variable");
    expect(rowsOf(out).sort(sort)).toEqual(
      expectedLong(rows, ["id"], on, { variable: "variable", value: "value" }, text).sort(sort),
    );
  });

  test("numbers with booleans or dates: text, not Polars' own casts to 1/0 or to a day number", () => {
    const frame = pl.DataFrame([
      pl.Series("n", [3, null], pl.Int64),
      pl.Series("b", [true, false], pl.Bool),
      pl.Series("d", [new Date(Date.UTC(2024, 1, 29)), null], pl.Date),
    ]);
    const out = runTool(unpivotTool, { input: [frame] }, { on: ["n", "b", "d"] }).output;
    expect(String(out?.schema.value)).toBe(String(pl.String));
    const pairs = rowsOf(out as pl.DataFrame).map((r) => `${r.variable}=${r.value}`);
    expect(pairs.sort()).toEqual(["b=false", "b=true", "d=2024-02-29", "d=null", "n=3", "n=null"]);
  });

  test("on defaults to every column not in index, in table order; each row's columns in on order", () => {
    const index = ["id"];
    const on = Object.keys(DTYPES).filter((c) => !index.includes(c));
    const out = run(rows, { index });
    const actual = rowsOf(out);
    expect(actual.length).toBe(rows.length * on.length);
    const seen = new Map<number, string[]>();
    for (const row of actual)
      seen.set(row.id as number, [...(seen.get(row.id as number) ?? []), row.variable as string]);
    for (const variables of seen.values()) expect(variables).toEqual(on);
  });

  test("no index: only the variable and value columns", () => {
    const out = run(rows.slice(0, 5), { on: ["note"] });
    expect(rowsOf(out)).toEqual(rows.slice(0, 5).map((r) => ({ variable: "note", value: r.note ?? null })));
  });

  test("an empty input: no rows, the columns in place", () => {
    const out = run([], { index: ["id"], on: ["janv", "note"] });
    expect(out.height).toBe(0);
    expect(out.columns).toEqual(["id", "variable", "value"]);
  });
});

describe("unpivot safety limit", () => {
  const rows = generate(40);

  test("rows × columns above the limit is a SafetyLimitError", () => {
    let error: unknown;
    try {
      run(rows, { index: ["id"], on: ["janv", "févr", "mars"] }, { maxUnpivotCells: 119 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SafetyLimitError);
    expect((error as SafetyLimitError).limit).toBe(119);
    expect((error as SafetyLimitError).wouldBe).toBe(120);
  });

  test("exactly at the limit is allowed", () => {
    expect(run(rows, { index: ["id"], on: ["janv", "févr", "mars"] }, { maxUnpivotCells: 120 }).height).toBe(120);
  });
});

describe("unpivot refuses a bad config", () => {
  const rows = generate(5);
  const refuse = (config: unknown, ...fragments: string[]) => {
    let error: unknown;
    try {
      run(rows, config);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolConfigError);
    for (const fragment of fragments) expect((error as Error).message).toContain(fragment);
  };

  test("unknown index or on columns are named", () => {
    refuse({ index: ["shop"] }, '"shop"', "index");
    refuse({ index: ["id"], on: ["janv", "avril"] }, '"avril"', "on");
  });
  test("a column both in index and on", () => {
    refuse({ index: ["id", "janv"], on: ["janv"] }, '"janv"');
  });
  test("nothing left to unpivot", () => {
    refuse({ index: Object.keys(DTYPES) }, "index");
  });
  test("variable_name or value_name taken by an index column, or equal to each other", () => {
    refuse({ index: ["id", "magasin"], variable_name: "magasin" }, '"magasin"', "variable_name");
    refuse({ index: ["id"], value_name: "id" }, '"id"', "value_name");
    refuse({ index: ["id"], variable_name: "x", value_name: "x" }, '"x"');
  });
  test("an empty on list or an unknown field", () => {
    refuse({ index: ["id"], on: [] });
    refuse({ index: ["id"], columns: ["janv"] });
  });
});
