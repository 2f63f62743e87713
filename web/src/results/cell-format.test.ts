import { describe, expect, test } from "bun:test";
import { CELL_TEXT_LIMIT, cellDisplay, cellText, isNumericDtype } from "./cell-format";

describe("cell-format", () => {
  test("cellText", () => {
    expect(cellText(null)).toBeNull();
    expect(cellText(undefined)).toBeNull();
    expect(cellText("")).toBe("");
    expect(cellText(1.5)).toBe("1.5");
    expect(cellText(false)).toBe("false");
    expect(cellText([1, null])).toBe("[1,null]");
    expect(cellText({ a: "x" })).toBe('{"a":"x"}');
  });

  test("cellDisplay: null, short, cut and multi-line values", () => {
    expect(cellDisplay(null)).toEqual({ text: null });
    expect(cellDisplay("short", () => true)).toEqual({ text: "short" });
    expect(cellDisplay("too wide", () => false)).toEqual({ text: "too wide", title: "too wide" });
    expect(cellDisplay("a\nb", () => true)).toEqual({ text: "a b", title: "a\nb" });
    const long = "x".repeat(CELL_TEXT_LIMIT + 10);
    const shown = cellDisplay(long, () => true);
    expect(shown.text?.length).toBe(CELL_TEXT_LIMIT + 1);
    expect(shown.title).toBe(long);
  });

  test("isNumericDtype", () => {
    for (const dt of ["Int64", "UInt8", "Float32", "Decimal(10, 2)"]) expect(isNumericDtype(dt)).toBe(true);
    for (const dt of ["String", "Date", "Datetime(us)", "Boolean", "List(Int64)"])
      expect(isNumericDtype(dt)).toBe(false);
  });
});
