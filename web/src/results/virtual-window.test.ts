import { describe, expect, test } from "bun:test";
import { columnOffsets, columnWidth, columnWindow, rowWindow } from "./virtual-window";

describe("rowWindow", () => {
  test("the rows in view plus overscan, clamped to the data", () => {
    // 24 px rows, a 240 px viewport: rows 0-9 visible at the top.
    expect(rowWindow(0, 240, 24, 1000, 4)).toEqual({ start: 0, end: 14 });
    // Scrolled to 2400 px: rows 100-109, with 4 either side.
    expect(rowWindow(2400, 240, 24, 1000, 4)).toEqual({ start: 96, end: 114 });
    // A partly visible row at either edge counts.
    expect(rowWindow(12, 240, 24, 1000, 0)).toEqual({ start: 0, end: 11 });
    // Near the end.
    expect(rowWindow(24 * 995, 240, 24, 1000, 4)).toEqual({ start: 991, end: 1000 });
  });
  test("empty, overscrolled and odd inputs", () => {
    expect(rowWindow(0, 240, 24, 0)).toEqual({ start: 0, end: 0 });
    expect(rowWindow(-50, 240, 24, 5, 0)).toEqual({ start: 0, end: 5 });
    expect(rowWindow(1e9, 240, 24, 5, 0)).toEqual({ start: 5, end: 5 });
    expect(rowWindow(0, 0, 24, 5, 0)).toEqual({ start: 0, end: 0 });
  });
  test("keeps the DOM small for a long preview", () => {
    const { start, end } = rowWindow(50_000, 600, 24, 10_000);
    expect(end - start).toBeLessThan(40);
  });
});

describe("columnWindow", () => {
  const offsets = columnOffsets([100, 100, 200, 50, 50]); // [0,100,200,400,450,500]
  test("offsets", () => {
    expect(offsets).toEqual([0, 100, 200, 400, 450, 500]);
  });
  test("the columns that overlap the viewport", () => {
    expect(columnWindow(offsets, 0, 150, 0)).toEqual({ start: 0, end: 2 });
    expect(columnWindow(offsets, 100, 100, 0)).toEqual({ start: 1, end: 2 });
    expect(columnWindow(offsets, 150, 100, 0)).toEqual({ start: 1, end: 3 });
    expect(columnWindow(offsets, 420, 1000, 0)).toEqual({ start: 3, end: 5 });
    expect(columnWindow(offsets, 150, 100, 1)).toEqual({ start: 0, end: 4 });
  });
  test("no columns, and a zero-width viewport keeps one column", () => {
    expect(columnWindow([0], 0, 100)).toEqual({ start: 0, end: 0 });
    expect(columnWindow(offsets, 250, 0, 0)).toEqual({ start: 2, end: 3 });
  });
});

describe("columnWidth", () => {
  test("fits the widest text plus padding, within bounds", () => {
    expect(columnWidth([12, 30, 8])).toBe(64);
    expect(columnWidth([150, 40])).toBe(170);
    expect(columnWidth([3000])).toBe(320);
    expect(columnWidth([])).toBe(64);
  });
});
