import { describe, expect, test } from "bun:test";
import type * as XLSX from "@e965/xlsx";
import { expectDataSourceError } from "../../../tests/helpers/format-samples";
import { uniqueNames } from "../unique-names";
import { MAX_TABLE_CELLS, type SheetTable, sheetTable } from "./table";

const n = (v: number): XLSX.CellObject => ({ t: "n", v, w: String(v) });
const s = (v: string): XLSX.CellObject => ({ t: "s", v });

/** A dense sheet as SheetJS makes it: sparse row arrays, holes for empty cells. */
function dense(cells: [number, number, XLSX.CellObject][]): XLSX.WorkSheet {
  const data: XLSX.CellObject[][] = [];
  for (const [r, c, cell] of cells) {
    data[r] ??= [];
    (data[r] as XLSX.CellObject[])[c] = cell;
  }
  return { "!data": data };
}

/** The table's cells as plain values (null for empty), row by row. */
function values(table: SheetTable): unknown[][] {
  return Array.from({ length: table.height }, (_, r) => table.names.map((_, c) => table.cell(r, c)?.v ?? null));
}

describe("sheetTable", () => {
  test("leading and trailing empty rows and columns are dropped, inner ones kept", () => {
    // Data in C3:E6 with an empty row 5 and an empty column D; a stub cell (t "z") past the end.
    const sheet = dense([
      [2, 2, s("a")],
      [2, 4, s("b")],
      [3, 2, n(1)],
      [3, 4, n(2)],
      [5, 2, n(3)],
      [8, 9, { t: "z" }],
    ]);
    const table = sheetTable("f.xlsx", "S", sheet, { hasHeader: true, skipRows: 0 });
    expect(table.names).toEqual(["a", "column_2", "b"]);
    expect(values(table)).toEqual([
      [1, null, 2],
      [null, null, null],
      [3, null, null],
    ]);
    expect(table.address(2, 0)).toBe("C6");
  });

  test("skip_rows counts from the first row holding a value; columns are those of the rows kept", () => {
    const sheet = dense([
      [1, 0, s("Report title")],
      [3, 1, s("x")],
      [3, 2, s("y")],
      [4, 1, n(1)],
      [4, 2, n(2)],
    ]);
    const table = sheetTable("f.xlsx", "S", sheet, { hasHeader: true, skipRows: 2 });
    expect(table.names).toEqual(["x", "y"]);
    expect(values(table)).toEqual([[1, 2]]);
  });

  test("without a header every row is data and columns are column_1, column_2, ...", () => {
    const sheet = dense([
      [0, 0, n(1)],
      [0, 1, s("a")],
      [1, 0, n(2)],
    ]);
    const table = sheetTable("f.xlsx", "S", sheet, { hasHeader: false, skipRows: 0 });
    expect(table.names).toEqual(["column_1", "column_2"]);
    expect(values(table)).toEqual([
      [1, "a"],
      [2, null],
    ]);
  });

  test("a header row alone gives zero data rows", () => {
    const table = sheetTable("f.xlsx", "S", dense([[0, 0, s("only")]]), { hasHeader: true, skipRows: 0 });
    expect(table.names).toEqual(["only"]);
    expect(table.height).toBe(0);
  });

  test("header names: text as is, other cells as shown, empty ones column_N, repeats made unique", () => {
    const sheet = dense([
      [0, 0, s("a")],
      [0, 1, { t: "n", v: 2021, w: "2021" }],
      [0, 3, s("a")],
      [0, 4, s("  spaced ")],
      [0, 5, s("a_1")],
      [1, 0, n(0)],
    ]);
    const table = sheetTable("f.xlsx", "S", sheet, { hasHeader: true, skipRows: 0 });
    expect(table.names).toEqual(["a", "2021", "column_3", "a_2", "  spaced ", "a_1"]);
  });

  test("an empty sheet, or nothing left after skip_rows, is a DataSourceError naming file and sheet", () => {
    expectDataSourceError(
      () => sheetTable("f.xlsx", "Empty", dense([]), { hasHeader: true, skipRows: 0 }),
      "f.xlsx",
      '"Empty" is empty',
    );
    expectDataSourceError(
      () => sheetTable("f.xlsx", "S", dense([[0, 0, n(1)]]), { hasHeader: true, skipRows: 1 }),
      "f.xlsx",
      "no cells after skipping 1 rows",
    );
  });

  test("a hostile pair of cells at A1 and XFD1048576 is refused, not expanded to 17 billion cells", () => {
    const sheet = dense([
      [0, 0, n(1)],
      [1_048_575, 16_383, n(2)],
    ]);
    expectDataSourceError(
      () => sheetTable("f.xlsx", "S", sheet, { hasHeader: false, skipRows: 0 }),
      "f.xlsx",
      "A1:XFD1048576",
      MAX_TABLE_CELLS.toLocaleString("en-US"),
    );
  });
});

describe("uniqueNames", () => {
  test("the first keeps its name; repeats take the first free suffix", () => {
    expect(uniqueNames(["a", "a", "a"])).toEqual(["a", "a_1", "a_2"]);
    expect(uniqueNames(["a", "a", "a_1"])).toEqual(["a", "a_2", "a_1"]);
    expect(uniqueNames(["é", "É", "é"])).toEqual(["é", "É", "é_1"]);
    expect(uniqueNames([])).toEqual([]);
  });
});
