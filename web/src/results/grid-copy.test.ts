import { describe, expect, test } from "bun:test";
import { copiedCells } from "./grid-copy";

describe("copiedCells", () => {
  const data = [
    ["north", 274.37899999999996, null],
    ["south", 0.1 + 0.2, "9007199254740993"],
  ];

  test("one cell: its exact value", () => {
    expect(copiedCells([{ row: 0, col: 1 }], data)).toBe("274.37899999999996");
  });

  test("a selection: rows by line, cells by tab, in the grid's order; null empty", () => {
    const cells = [
      { row: 1, col: 2 },
      { row: 0, col: 2 },
      { row: 0, col: 1 },
      { row: 1, col: 1 },
    ];
    expect(copiedCells(cells, data)).toBe("274.37899999999996\t\n0.30000000000000004\t9007199254740993");
  });
});
