import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { rowsOf, runTool } from "../../tests/helpers/tool-harness";
import { columnNames, schemaEntries, schemaOf } from "./schema-of";
import { selectTool } from "./select";
import { unionTool } from "./union";

/** Integer-like names ("15", "2024") are where a plain object's key order and the frame's differ. */
const frame = () =>
  pl.DataFrame([pl.Series("b", [1]), pl.Series("15", ["x"]), pl.Series("a", [true]), pl.Series("2024", [2.5])]);

describe("schemaOf keeps the frame's column order", () => {
  test("columnNames and schemaEntries follow the frame, not the object's key order", () => {
    const schema = schemaOf(frame().lazy());
    expect(Object.keys(schema)).toEqual(["15", "2024", "b", "a"]);
    expect(columnNames(schema)).toEqual(["b", "15", "a", "2024"]);
    expect(schemaEntries(schema).map(([name, dtype]) => `${name}:${dtype.variant}`)).toEqual([
      "b:Float64",
      "15:String",
      "a:Bool",
      "2024:Float64",
    ]);
  });

  test("select keeps the unnamed columns in order; union by position pairs columns by place", () => {
    const selected = runTool(
      selectTool,
      { input: [frame()] },
      { columns: [{ name: "a", rename: "A" }], keep_others: true },
    );
    expect(selected.output?.columns).toEqual(["A", "b", "15", "2024"]);
    const other = pl.DataFrame([
      pl.Series("p", [3]),
      pl.Series("q", ["y"]),
      pl.Series("r", [false]),
      pl.Series("s", [4.5]),
    ]);
    const union = runTool(unionTool, { input: [frame(), other] }, { mode: "by_position" });
    expect(rowsOf(union.output as pl.DataFrame)).toEqual([
      { b: 1, "15": "x", a: true, "2024": 2.5 },
      { b: 3, "15": "y", a: false, "2024": 4.5 },
    ]);
    expect(union.output?.columns).toEqual(["b", "15", "a", "2024"]);
  });
});
