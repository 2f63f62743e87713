import { describe, expect, test } from "bun:test";
import type { Cell } from "./cells";
import { columnNames } from "./headers";

const s = (value: string): Cell => ({ kind: "string", value, text: value });
const n = (value: number, text: string): Cell => ({ kind: "number", value, text });

describe("columnNames", () => {
  test("without a header every column is column_N, 1-based", () => {
    expect(columnNames(undefined, 3)).toEqual(["column_1", "column_2", "column_3"]);
    expect(columnNames(undefined, 0)).toEqual([]);
  });

  test("header text as shown; empty and missing cells are column_N; spaces and unicode are kept", () => {
    expect(columnNames([s(" name "), null, n(2021, "2,021"), s(""), s("日付")], 6)).toEqual([
      " name ",
      "column_2",
      "2,021",
      "column_4",
      "日付",
      "column_6",
    ]);
  });

  test("duplicates get _1, _2 in order, stepping over names the header already has", () => {
    expect(columnNames([s("a"), s("a"), s("a")], 3)).toEqual(["a", "a_1", "a_2"]);
    expect(columnNames([s("a"), s("a"), s("a_1")], 3)).toEqual(["a", "a_2", "a_1"]);
    expect(columnNames([s("column_2"), null], 2)).toEqual(["column_2", "column_2_1"]);
  });
});
