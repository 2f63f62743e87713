import { describe, expect, test } from "bun:test";
import { CELL_TEXT_LIMIT, cellDisplay, cellShown, cellText, isNumericDtype } from "./cell-format";

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

  test("numbers show rounded for reading, the exact value as the title; strings as they came", () => {
    expect(cellDisplay(274.37899999999996, () => true)).toEqual({ text: "274.379", title: "274.37899999999996" });
    expect(cellDisplay(0.1 + 0.2, () => true)).toEqual({ text: "0.3", title: "0.30000000000000004" });
    expect(cellDisplay(42, () => true)).toEqual({ text: "42" });
    expect(cellDisplay(123456789, () => false)).toEqual({ text: "123456789", title: "123456789" });
    expect(cellDisplay(-0, () => true)).toEqual({ text: "-0" });
    // Big integers, NaN and Infinity arrive as strings (preview-data.ts): never reformatted.
    expect(cellDisplay("9007199254740993", () => true)).toEqual({ text: "9007199254740993" });
    expect(cellDisplay("NaN", () => true)).toEqual({ text: "NaN" });
    expect(cellDisplay("-Infinity", () => true)).toEqual({ text: "-Infinity" });
    expect(cellText(274.37899999999996)).toBe("274.37899999999996");
    expect(cellShown(274.37899999999996)).toBe("274.379");
    expect(cellShown("274.37899999999996")).toBe("274.37899999999996");
  });

  test("isNumericDtype", () => {
    for (const dt of ["Int64", "UInt8", "Float32", "Decimal(10, 2)"]) expect(isNumericDtype(dt)).toBe(true);
    for (const dt of ["String", "Date", "Datetime(us)", "Boolean", "List(Int64)"])
      expect(isNumericDtype(dt)).toBe(false);
  });
});
