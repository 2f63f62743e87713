import { describe, expect, test } from "bun:test";
import { byCodePoint, p3Columns, quote } from "./scenarios";

describe("p3Columns", () => {
  test("the index, then each values column's pivoted columns by on value ascending", () => {
    expect(p3Columns(["West", "North", "Central"])).toEqual([
      "label",
      "qty_Central",
      "qty_North",
      "qty_West",
      "note_len_Central",
      "note_len_North",
      "note_len_West",
    ]);
  });
});

describe("byCodePoint", () => {
  test("orders text by code point, as Polars, DuckDB and Python do (not by locale)", () => {
    expect(["X-ü", "X-z", "X-", "X-Z"].sort(byCodePoint)).toEqual(["X-", "X-Z", "X-z", "X-ü"]);
  });
});

describe("quote", () => {
  test("a SQL string literal with its quotes doubled", () => {
    expect(quote("/tmp/o'brien/sales.csv")).toBe("'/tmp/o''brien/sales.csv'");
  });
});
