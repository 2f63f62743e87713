import { describe, expect, test } from "bun:test";
import { pl, rowsOf, runTool } from "../../../tests/helpers/tool-harness";
import { stringLimitOf } from "../../expr/string-guard";
import { ToolConfigError } from "../../shared/errors";
import { calculateTool } from "./index";

const input = () =>
  pl.DataFrame({
    id: [1, 2, 3, 4],
    qty: [2, null, 5, 0],
    price: [1.5, 2.0, null, 10.25],
    name: ["  Zoë ", "bob", null, "東京"],
  });
const ROWS = [
  { id: 1, qty: 2, price: 1.5, name: "  Zoë " },
  { id: 2, qty: null, price: 2.0, name: "bob" },
  { id: 3, qty: 5, price: null, name: null },
  { id: 4, qty: 0, price: 10.25, name: "東京" },
];
const calc = (columns: { name: string; expression: string }[]) =>
  rowsOf(runTool(calculateTool, { input: [input()] }, { columns }, { toolId: "c1" }).output as pl.DataFrame);

describe("calculate", () => {
  test("adds columns in order; a later one uses an earlier one", () => {
    const rows = calc([
      { name: "total", expression: 'pl.col("qty") * pl.col("price")' },
      { name: "double", expression: 'pl.col("total") * 2' },
    ]);
    const total = ROWS.map((r) => (r.qty === null || r.price === null ? null : r.qty * r.price));
    expect(rows.map((r) => r.total)).toEqual(total);
    expect(rows.map((r) => r.double)).toEqual(total.map((t) => (t === null ? null : t * 2)));
    expect(Object.keys(rows[0] ?? {})).toEqual(["id", "qty", "price", "name", "total", "double"]);
  });

  test("a name that exists is replaced in place", () => {
    const rows = calc([{ name: "name", expression: 'pl.col("name").str.strip_chars().str.to_uppercase()' }]);
    expect(Object.keys(rows[0] ?? {})).toEqual(["id", "qty", "price", "name"]);
    expect(rows.map((r) => r.name)).toEqual(ROWS.map((r) => (r.name === null ? null : r.name.trim().toUpperCase())));
  });

  test("conditionals and null handling", () => {
    const rows = calc([
      {
        name: "size",
        expression: 'pl.when(pl.col("qty").fill_null(0) > 1).then(pl.lit("big")).otherwise(pl.lit("small"))',
      },
    ]);
    expect(rows.map((r) => r.size)).toEqual(ROWS.map((r) => ((r.qty ?? 0) > 1 ? "big" : "small")));
  });

  test.each([
    ['pl.col("prize") * 2', /unknown column "prize"/],
    ['__import__("os")', /columns\[0\]/],
    ['pl.read_csv("/etc/passwd")', /read_csv/],
    ['pl.col("qty").__class__', /__class__/],
    ['pl.col("name") + 1', /does not fit the data|column/],
  ])("%s is a 400 naming the tool and the column", (expression, message) => {
    let caught: unknown;
    try {
      calc([{ name: "x", expression }]);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ToolConfigError);
    expect((caught as Error).message).toContain('Tool "c1"');
    expect((caught as Error).message).toMatch(message);
  });
});

describe("a column whose text length literals bound counts as known in later columns", () => {
  // MAX_EXPR_STRING_LENGTH 1,000: bounds up to 10 stand in for measurements (expr/text-lengths.ts).
  const frame = () => pl.DataFrame({ s: ["ab"], t: ["y".repeat(996)] });
  const run = (columns: { name: string; expression: string }[]) => {
    try {
      const out = runTool(calculateTool, { input: [frame()] }, { columns }, { limits: { maxExprStringLength: 1_000 } });
      return (out.output as pl.DataFrame).getColumn("label").toArray();
    } catch (err) {
      return stringLimitOf((err as Error).message);
    }
  };
  const label = { name: "label", expression: 'pl.concat_str([pl.col("code"), pl.col("t")])' };

  test("code = a slice of at most 5: the label's bound is 5 + 996, over the limit (measured, 2 + 996 is not)", () => {
    expect(run([{ name: "code", expression: 'pl.col("s").str.slice(0, 5)' }, label])).toEqual({
      limit: 1_000,
      asked: 1_001,
    });
  });

  test("code replaced by a column of unknown length is measured again", () => {
    const columns = [
      { name: "code", expression: 'pl.col("s").str.slice(0, 5)' },
      { name: "code", expression: 'pl.col("s")' },
      label,
    ];
    expect(run(columns)).toEqual([`ab${"y".repeat(996)}`]);
  });
});
