import { describe, expect, test } from "bun:test";
import type pl from "nodejs-polars";
import { collect, expectDataSourceError, rowsOf } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, realFixture, SKIP_NOTE } from "../../../tests/helpers/real-fixtures";
import type { ReadHints, ReadOptions } from "../types";
import { odsSheetNames, odsSheets, scanOds } from "./reader";

const ods = (file: string) => realFixture("ods", file);
const utc = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(Date.UTC(y, m - 1, d, h, min, s));

/** One column's values and Polars type name. */
function column(frame: pl.DataFrame, name: string): { type: string; values: unknown[] } {
  const series = frame.getColumn(name);
  const variant: string = series.dtype.variant;
  // nodejs-polars reports every Duration as Duration(ms); the series itself knows its unit.
  const type = variant === "Duration" || variant === "Datetime" ? `${variant}(${series.inner().timeUnit()})` : variant;
  return { type, values: series.toArray() };
}

/** Sheet row `row` (0-based) alone, typed from itself: the typed value of each of its cells. */
function rowAlone(path: string, sheet: string | number, row: number, options: ReadOptions = {}): pl.DataFrame {
  const hints: ReadHints = { maxRows: 1 };
  return collect(
    scanOds(path, { sheet, has_header: false, skip_rows: row, infer_schema_length: 1, ...options }, hints),
  );
}

const title = HAS_REAL_FIXTURES ? "real ODS fixtures" : `real ODS fixtures${SKIP_NOTE}`;

describe.skipIf(!HAS_REAL_FIXTURES)(title, () => {
  test("issues.ods lists its six sheets in order, all visible", () => {
    const names = ["datatypes", "Sheet1", "issue2", "issue5", "issue6", "spc_chrs"];
    expect(odsSheetNames(ods("issues.ods"))).toEqual(names);
    expect(odsSheets(ods("issues.ods"))).toEqual(names.map((name) => ({ name, visible: true })));
  });

  test("issues.ods datatypes: 1.0, 1.5, ab, false, test, 2016-10-20 each typed; mixed together they are text", () => {
    const path = ods("issues.ods");
    const cells = [0, 1, 2, 3, 4, 5].map((row) => column(rowAlone(path, "datatypes", row), "column_1"));
    expect(cells).toEqual([
      { type: "Int64", values: [1] },
      { type: "Float64", values: [1.5] },
      { type: "String", values: ["ab"] },
      { type: "Bool", values: [false] },
      { type: "String", values: ["test"] },
      { type: "Date", values: [utc(2016, 10, 20)] },
    ]);
    // The first sheet is the default; a mixed column shows each cell's displayed text.
    const whole = collect(scanOds(path, { has_header: false }));
    expect(column(whole, "column_1")).toEqual({
      type: "String",
      values: ["1", "1.5", "ab", "FALSE", "test", "10/20/2016"],
    });
  });

  test("issues.ods issue2 = [[1, a], [2, b], [3, c]], issue5 = [[0.5]], issue6 = 1, 2, ab, FALSE", () => {
    const path = ods("issues.ods");
    const issue2 = collect(scanOds(path, { sheet: "issue2", has_header: false }));
    expect(column(issue2, "column_1")).toEqual({ type: "Int64", values: [1, 2, 3] });
    expect(column(issue2, "column_2")).toEqual({ type: "String", values: ["a", "b", "c"] });
    // issue5's cell shows "1" (a number format without decimals); the value is 0.5.
    expect(column(collect(scanOds(path, { sheet: 3, has_header: false })), "column_1")).toEqual({
      type: "Float64",
      values: [0.5],
    });
    const issue6 = collect(scanOds(path, { sheet: "issue6", has_header: false }));
    expect(issue6.shape).toEqual({ height: 4, width: 1 });
    expect(column(issue6, "column_1").values).toEqual(["1", "2", "ab", "FALSE"]);
    expect([0, 1, 2, 3].map((row) => column(rowAlone(path, "issue6", row), "column_1").values[0])).toEqual([
      1,
      2,
      "ab",
      false,
    ]);
  });

  test("issues.ods spc_chrs keeps XML entities and unicode: & < > aaa ' aaa \" ☺ ֍ àâéêèçöïî«»", () => {
    const frame = collect(scanOds(ods("issues.ods"), { sheet: "spc_chrs", has_header: false }));
    expect(column(frame, "column_1").values).toEqual(["&", "<", ">", "aaa ' aaa", '"', "☺", "֍", "àâéêèçöïî«»"]);
  });

  test("issues.ods Sheet1: B2's formula of:=[.B1]+$$OneRange is read as its cached value 0 under an empty A1", () => {
    const frame = collect(scanOds(ods("issues.ods"), { sheet: "Sheet1", has_header: false }));
    expect(column(frame, "column_1")).toEqual({ type: "Int64", values: [null, 0] });
  });

  test("date.ods A1:B4: a date, a date-time, a time and a duration with microseconds; B = 15..18", () => {
    const path = ods("date.ods");
    expect(odsSheetNames(path)).toEqual(["Sheet1"]);
    const cells = [0, 1, 2, 3].map((row) => rowAlone(path, 0, row));
    expect(cells.map((frame) => column(frame, "column_1"))).toEqual([
      { type: "Date", values: [utc(2021, 1, 1)] },
      { type: "Datetime(ms)", values: [utc(2021, 1, 1, 10, 10, 10)] },
      // PT10H10M10S and PT10H10M10.123456S, in microseconds.
      { type: "Duration(us)", values: [(10 * 3600 + 10 * 60 + 10) * 1e6] },
      { type: "Duration(us)", values: [(10 * 3600 + 10 * 60 + 10) * 1e6 + 123_456] },
    ]);
    const whole = collect(scanOds(path, { has_header: false }));
    expect(whole.shape).toEqual({ height: 4, width: 2 });
    expect(column(whole, "column_2")).toEqual({ type: "Int64", values: [15, 16, 17, 18] });
    // Together the four kinds are text: what each cell shows.
    expect(column(whole, "column_1").values).toEqual(["01/01/2021", "01/01/2021 10:10 AM", "10:10:10", "10:10:10.12"]);
  });

  test("date.ods with its default header: row 1's displayed text names the columns", () => {
    const frame = collect(scanOds(ods("date.ods"), {}));
    expect(frame.columns).toEqual(["01/01/2021", "15"]);
    expect(column(frame, "15")).toEqual({ type: "Int64", values: [16, 17, 18] });
  });

  test("special_cells.ods: two paragraphs, text:s runs, and leading and trailing spaces, exactly", () => {
    const frame = collect(scanOds(ods("special_cells.ods"), { has_header: false }));
    expect(odsSheetNames(ods("special_cells.ods"))).toEqual(["sheet1"]);
    expect(column(frame, "column_1")).toEqual({
      type: "String",
      values: [
        "Split\nLine",
        "Value  With spaces",
        "Value   With 3 spaces",
        " Value   With spaces before and after ",
        "  Value   With 2 spaces before and after  ",
      ],
    });
  });

  test("any_sheets.ods: Visible, Hidden and VeryHidden (both hidden), Chart (a visible worksheet)", () => {
    expect(odsSheets(ods("any_sheets.ods"))).toEqual([
      { name: "Visible", visible: true },
      { name: "Hidden", visible: false },
      { name: "VeryHidden", visible: false },
      { name: "Chart", visible: true },
    ]);
  });

  test("any_sheets.ods Visible A1:B5 keeps its empty 4th row; the other three sheets are empty", () => {
    const path = ods("any_sheets.ods");
    const text = "This workbook contains 4 sheets: Visible, Hidden, VeryHidden and Chart";
    const frame = collect(scanOds(path, { sheet: "Visible", has_header: false }));
    expect(rowsOf(frame)).toEqual([
      { column_1: "1", column_2: 2 },
      { column_1: "3", column_2: 4 },
      { column_1: "5", column_2: 6 },
      { column_1: null, column_2: null },
      { column_1: text, column_2: null },
    ]);
    // A 3-row preview types column A from the same 100-row window as a full read: text.
    expect(column(collect(scanOds(path, { has_header: false }, { maxRows: 3 })), "column_1").type).toBe("String");
    expect(column(collect(scanOds(path, { has_header: false }, { maxRows: 3 })), "column_1").values).toEqual([
      "1",
      "3",
      "5",
    ]);
    expect(column(rowAlone(path, "Visible", 0), "column_1")).toEqual({ type: "Int64", values: [1] });
    for (const sheet of ["Hidden", "VeryHidden", "Chart"]) {
      expect(collect(scanOds(path, { sheet })).shape).toEqual({ height: 0, width: 0 });
    }
  });

  test("an unknown sheet name or position lists the sheets", () => {
    const path = ods("any_sheets.ods");
    expectDataSourceError(
      () => scanOds(path, { sheet: "Nope" }),
      path,
      'no sheet named "Nope"',
      '"Visible", "Hidden", "VeryHidden", "Chart"',
    );
    expectDataSourceError(() => scanOds(path, { sheet: 4 }), path, "sheet 4 is out of range", "4 sheet(s)");
  });
});
