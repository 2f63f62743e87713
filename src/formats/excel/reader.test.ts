import { afterAll, describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import type { ReadHints, ReadOptions } from "../types";
import { excelSheetNames, excelSheets, scanExcel } from "./reader";
import {
  bool,
  err,
  num,
  rawXlsx,
  str,
  type TestCell,
  type TestSheet,
  toZip64,
  workbookBytes,
} from "./workbooks.fixture";

const tmp = tempFolder("excel-read");
afterAll(tmp.cleanup);

const FORMATS = [
  { ext: "xlsx", bookType: "xlsx" },
  { ext: "xlsb", bookType: "xlsb" },
  { ext: "xls", bookType: "biff8" },
] as const;

const utc = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(Date.UTC(y, m - 1, d, h, min, s, ms));

let counter = 0;
function file(ext: string, sheets: TestSheet[], date1904 = false): string {
  const bookType = FORMATS.find((f) => f.ext === ext)?.bookType ?? "xlsx";
  return tmp.file(`book-${counter++}.${ext}`, workbookBytes(sheets, bookType, date1904));
}

/** A one-sheet workbook whose first row is `header` and then `rows`. */
function table(ext: string, header: string[], rows: TestCell[][]): string {
  return file(ext, [{ name: "Data", rows: [header.map(str), ...rows] }]);
}

function read(path: string, options: ReadOptions = {}, hints?: ReadHints) {
  const frame = collect(scanExcel(path, options, hints));
  return { frame, rows: frame.toRecords() as Record<string, unknown>[], types: frame.dtypes.map(String) };
}

for (const { ext } of FORMATS) {
  describe(`column typing (.${ext})`, () => {
    test("whole numbers are Int64, any fraction makes Float64, booleans are Boolean, text is String", () => {
      const path = table(
        ext,
        ["int", "float", "flag", "text"],
        [
          [num(1), num(1), bool(true), str("Zoë 🚀")],
          [num(-42), num(2.5), bool(false), str("  spaced  ")],
          [num(123456789012345), num(-1e-7), null, str("")],
        ],
      );
      const { frame, rows } = read(path);
      expect(frame.columns).toEqual(["int", "float", "flag", "text"]);
      expect(frame.dtypes.map(String)).toEqual(
        ["Int64", "Float64", "Bool", "String"].map((t) => String(pl[t as "Int64"])),
      );
      expect(rows).toEqual([
        { int: 1, float: 1, flag: true, text: "Zoë 🚀" },
        { int: -42, float: 2.5, flag: false, text: "  spaced  " },
        { int: 123456789012345, float: -1e-7, flag: null, text: "" },
      ]);
    });

    test("dates: Date when no value has a time, Datetime(ms) otherwise; times and durations", () => {
      const path = table(
        ext,
        ["day", "moment", "clock", "elapsed"],
        [
          [num(44197, "yyyy-mm-dd"), num(44197, "yyyy-mm-dd"), num(0.25, "hh:mm"), num(10.6320601851852, "[h]:mm:ss")],
          [num(42663, "m/d/yy"), num(45293.12784349537, "yyyy-mm-dd hh:mm:ss.000"), null, num(0.5, "[mm]:ss")],
          [null, null, num(0.999988425925926, "h:mm:ss AM/PM"), null],
        ],
      );
      const { frame, rows } = read(path);
      expect(frame.dtypes.map(String)).toEqual([pl.Date, pl.Datetime("ms"), pl.Time, pl.Duration("ms")].map(String));
      expect(rows.map((r) => r.day)).toEqual([utc(2021, 1, 1), utc(2016, 10, 20), null]);
      expect(rows.map((r) => r.moment)).toEqual([utc(2021, 1, 1), utc(2024, 1, 2, 3, 4, 5, 678), null]);
      expect(rows.map((r) => r.clock)).toEqual(["06:00:00", null, "23:59:59"]);
      expect(rows.map((r) => r.elapsed)).toEqual([(255 * 3600 + 10 * 60 + 10) * 1000, 12 * 3_600_000, null]);
    });

    test("mixed kinds become String of the cells' formatted text; error cells are null", () => {
      const path = table(
        ext,
        ["mixed", "num_or_error", "date_or_num"],
        [
          [num(1), num(1.5), num(44197, "yyyy-mm-dd")],
          [str("ab"), err(0x07), num(7)],
          [bool(false), err(0x2a), null],
          [num(0.5, "0.00"), num(2), null],
        ],
      );
      const { frame, rows } = read(path);
      expect(frame.dtypes.map(String)).toEqual([pl.String, pl.Float64, pl.String].map(String));
      expect(rows).toEqual([
        { mixed: "1", num_or_error: 1.5, date_or_num: "2021-01-01" },
        { mixed: "ab", num_or_error: null, date_or_num: "7" },
        { mixed: "FALSE", num_or_error: null, date_or_num: null },
        { mixed: "0.50", num_or_error: 2, date_or_num: null },
      ]);
    });

    test("dates before 1900 are negative serials; past 9999-12-31 a date-formatted number stays a number", () => {
      const path = table(
        ext,
        ["old", "huge"],
        [
          [num(-5, "yyyy-mm-dd"), num(3e6, "yyyy-mm-dd")],
          [num(1, "yyyy-mm-dd"), num(7)],
        ],
      );
      const { frame, rows } = read(path);
      expect(frame.dtypes.map(String)).toEqual([pl.Date, pl.Int64].map(String));
      expect(rows).toEqual([
        { old: utc(1899, 12, 26), huge: 3e6 },
        { old: utc(1900, 1, 1), huge: 7 },
      ]);
    });

    test("a column without any value is String, all null", () => {
      const path = file(ext, [
        {
          name: "S",
          rows: [
            [str("a"), str("empty"), str("c")],
            [num(1), null, num(2)],
          ],
        },
      ]);
      const { frame, rows } = read(path);
      expect(String(frame.getColumn("empty").dtype)).toBe(String(pl.String));
      expect(rows).toEqual([{ a: 1, empty: null, c: 2 }]);
    });

    test("the 1904 date system is honoured", () => {
      const path = file(
        ext,
        [{ name: "S", rows: [[str("d")], [num(44197 - 1462, "yyyy-mm-dd")], [num(0, "yyyy-mm-dd")]] }],
        true,
      );
      expect(read(path).rows).toEqual([{ d: utc(2021, 1, 1) }, { d: utc(1904, 1, 1) }]);
    });

    test("infer_schema_length: later cells must fit the type, or the error names the cell", () => {
      const rows: TestCell[][] = [[num(1)], [num(2)], [num(2.5)], [str("x")]];
      const path = table(ext, ["v"], rows);
      expect(read(path).rows.map((r) => r.v)).toEqual(["1", "2", "2.5", "x"]);
      const twoRows = () => scanExcel(path, { infer_schema_length: 2 });
      expectDataSourceError(twoRows, path, '"Data" cell A4', "a number", "2.5", '"v"', "Int64", "first 2 rows");
      const threeRows = () => scanExcel(path, { infer_schema_length: 3 });
      expectDataSourceError(threeRows, path, "cell A5", 'text ("x")', "Float64");
      expect(read(path, { infer_schema_length: 0 }).rows.map((r) => r.v)).toEqual(["1", "2", "2.5", "x"]);
      const ints = table(ext, ["v"], [[num(1)], [num(2)], [num(3.5)]]);
      expect(read(ints, { infer_schema_length: 3 }).rows.map((r) => r.v)).toEqual([1, 2, 3.5]);
    });
  });

  describe(`sheets and layout options (.${ext})`, () => {
    const sheets: TestSheet[] = [
      { name: "Secret", rows: [[str("s")], [num(0)]], hidden: 1 },
      { name: "Données", rows: [[str("prix €")], [num(1)]] },
      { name: "Deep", rows: [[str("d")], [num(2)]], hidden: 2 },
      { name: "Last", rows: [[str("l")], [num(3)]] },
    ];

    test("the default is the first visible worksheet; names are listed in tab order", () => {
      const path = file(ext, sheets);
      expect(read(path).rows).toEqual([{ "prix €": 1 }]);
      expect(excelSheetNames(path)).toEqual(["Secret", "Données", "Deep", "Last"]);
      expect(excelSheets(path).map((s) => s.visibility)).toEqual(["hidden", "visible", "very_hidden", "visible"]);
    });

    test("a sheet by name (exact, else ignoring case) or by 0-based index, hidden ones included", () => {
      const path = file(ext, sheets);
      expect(read(path, { sheet: "Deep" }).rows).toEqual([{ d: 2 }]);
      expect(read(path, { sheet: "données" }).rows).toEqual([{ "prix €": 1 }]);
      expect(read(path, { sheet: 0 }).rows).toEqual([{ s: 0 }]);
      expect(read(path, { sheet: 3 }).rows).toEqual([{ l: 3 }]);
      expect(read(path, { sheet: "" }).rows).toEqual([{ "prix €": 1 }]);
    });

    test("an unknown sheet or index is a DataSourceError listing the worksheets", () => {
      const path = file(ext, sheets);
      const listing = '"Secret" (hidden), "Données", "Deep" (very hidden), "Last"';
      expectDataSourceError(() => scanExcel(path, { sheet: "Nope" }), path, 'no sheet "Nope"', listing);
      expectDataSourceError(() => scanExcel(path, { sheet: 4 }), path, "no worksheet at index 4", listing);
      expectDataSourceError(() => scanExcel(path, { sheet: -1 }), path, "whole number");
      expectDataSourceError(() => scanExcel(path, { sheet: 1.5 }), path, "whole number");
    });

    test("has_header false, skip_rows, and leading empty rows", () => {
      const rows: TestCell[][] = [[], [], [str("title")], [], [str("a"), str("b")], [num(1), str("x")]];
      const path = file(ext, [{ name: "S", rows }]);
      expect(read(path, { skip_rows: 2 }).rows).toEqual([{ a: 1, b: "x" }]);
      expect(read(path, { skip_rows: 3, has_header: false }).rows).toEqual([{ column_1: 1, column_2: "x" }]);
      expect(read(path, { has_header: false }).rows).toEqual([
        { column_1: "title", column_2: null },
        { column_1: null, column_2: null },
        { column_1: "a", column_2: "b" },
        { column_1: "1", column_2: "x" },
      ]);
    });

    test("bad option values are DataSourceErrors naming the file and the option", () => {
      const path = file(ext, sheets);
      expectDataSourceError(() => scanExcel(path, { skip_rows: -1 }), path, "skip_rows");
      expectDataSourceError(() => scanExcel(path, { infer_schema_length: 1.5 }), path, "infer_schema_length");
      expectDataSourceError(() => scanExcel(path, { has_header: "yes" as never }), path, "has_header");
      expectDataSourceError(() => scanExcel(path, { skip_rows: 9 }), path, "no cells after skipping 9 rows");
    });

    test("hints.maxRows stops SheetJS early: rows past the preview are not read", () => {
      // Row 6 (past a 3-row preview) would turn the column into text if it were read.
      const rows: TestCell[][] = [[], [], [str("v")], [num(1)], [num(2)], [num(3)], [str("late text")]];
      const path = file(ext, [{ name: "S", rows }]);
      const preview = read(path, {}, { maxRows: 3 });
      expect(preview.rows).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]);
      expect(read(path).rows.map((r) => r.v)).toEqual(["1", "2", "3", "late text"]);
      expect(read(path, { skip_rows: 1, has_header: false }, { maxRows: 2 }).rows).toEqual([
        { column_1: 1 },
        { column_1: 2 },
      ]);
      expect(read(path, {}, { maxRows: 0 }).frame.columns).toEqual(["v"]);
    });
  });
}

describe("what only raw SpreadsheetML can show (.xlsx)", () => {
  test("a hostile dimension (A1:XFD1048576) around one cell reads the one cell, quickly", () => {
    const sheetXml =
      '<dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>h</t></is></c></row>' +
      '<row r="2"><c r="A2"><v>7</v></c></row></sheetData>';
    const path = tmp.file("hostile.xlsx", rawXlsx(sheetXml));
    const started = performance.now();
    expect(read(path).rows).toEqual([{ h: 7 }]);
    // Expanding the range would mean 17 billion cells, hours; the margin is for a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  test("cells at A1 and XFD1048576 are refused rather than expanded", () => {
    const sheetXml =
      '<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="XFD1048576"><v>2</v></c></row></sheetData>';
    const path = tmp.file("hostile-cells.xlsx", rawXlsx(sheetXml));
    expectDataSourceError(() => scanExcel(path, { has_header: false }), path, "A1:XFD1048576", "more than");
  });

  test("a package whose end record defers to a ZIP64 record (as some writers always write) is read", () => {
    const bytes = toZip64(workbookBytes([{ name: "S", rows: [[str("a")], [num(1)]] }], "xlsx"));
    expect(read(tmp.file("zip64.xlsx", bytes)).rows).toEqual([{ a: 1 }]);
  });

  test("the 1904 flag written by hand in workbookPr", () => {
    const sheetXml = '<sheetData><row r="1"><c r="A1"><v>0</v></c></row></sheetData>';
    const path = tmp.file("d1904.xlsx", rawXlsx(sheetXml, '<workbookPr date1904="1"/>'));
    // No number format: the serial stays a number, the flag does not matter.
    expect(read(path, { has_header: false }).rows).toEqual([{ column_1: 0 }]);
  });

  test("formula cells give their cached value; a formula without one is null", () => {
    const sheetXml =
      '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>f</t></is></c></row>' +
      '<row r="2"><c r="A2"><f>1+1</f><v>2</v></c></row><row r="3"><c r="A3"><f>NOW()</f></c></row>' +
      '<row r="4"><c r="A4"><v>5</v></c></row></sheetData>';
    const path = tmp.file("formulas.xlsx", rawXlsx(sheetXml));
    expect(read(path).rows).toEqual([{ f: 2 }, { f: null }, { f: 5 }]);
  });
});
