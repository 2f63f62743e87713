import { describe, expect, test } from "bun:test";
import { pl, rowsOf, runTool } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { filterTool } from "./index";

const ROWS = [
  { id: 1, qty: 2, city: "Zürich" },
  { id: 2, qty: null, city: "Bern" },
  { id: 3, qty: 7, city: null },
  { id: 4, qty: 9, city: "Genève" },
  { id: 5, qty: 0, city: "zug" },
];
const frame = () =>
  pl.DataFrame({ id: ROWS.map((r) => r.id), qty: ROWS.map((r) => r.qty), city: ROWS.map((r) => r.city) });
const split = (expression: string) => {
  const out = runTool(filterTool, { input: [frame()] }, { mode: "expression", expression }, { toolId: "f1" });
  return {
    yes: rowsOf(out["output-true"] as pl.DataFrame).map((r) => r.id),
    no: rowsOf(out["output-false"] as pl.DataFrame).map((r) => r.id),
  };
};
const partition = (keep: (r: (typeof ROWS)[number]) => boolean | null) => ({
  yes: ROWS.filter((r) => keep(r) === true).map((r) => r.id),
  no: ROWS.filter((r) => keep(r) !== true).map((r) => r.id),
});

describe("filter, expression mode", () => {
  test.each([
    ['pl.col("qty") > 3', (r: (typeof ROWS)[number]) => (r.qty === null ? null : r.qty > 3)],
    [
      '(pl.col("qty") > 1) & pl.col("city").str.starts_with("Z")',
      (r: (typeof ROWS)[number]) => (r.qty === null || r.city === null ? null : r.qty > 1 && r.city.startsWith("Z")),
    ],
    ['pl.col("city").is_null() | (pl.col("qty") == 0)', (r: (typeof ROWS)[number]) => r.city === null || r.qty === 0],
    ['~pl.col("id").is_in([1, 2])', (r: (typeof ROWS)[number]) => ![1, 2].includes(r.id)],
  ])("%s: the two outputs partition the rows, nulls going to false", (expression, keep) => {
    expect(split(expression)).toEqual(partition(keep));
  });

  test("an expression that is not a condition is a 400", () => {
    expect(() => split('pl.col("qty") * 2')).toThrow(/must be true or false/);
  });

  test("a refused expression is a 400 naming the tool, with its column", () => {
    let caught: unknown;
    try {
      split('pl.col("qty").__class__ > 1');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ToolConfigError);
    expect((caught as Error).message).toMatch(/Tool "f1", expression: .*at column \d+/);
  });
});
