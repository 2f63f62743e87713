/**
 * .xls files of every Excel version SheetJS writes (Excel 2.x BIFF2 to Excel 97-2003 BIFF8),
 * and an Excel 95 (BIFF5) file laid out as Excel itself saves one, as old Mac Excel did.
 */
import { afterAll, describe, expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import pl from "nodejs-polars";
import { collect, rowsOf, tempFolder } from "../../../tests/helpers/format-samples";
import { excel95Bytes, MAC_EXCEL, OLD_EXCEL_SHEET } from "./excel95.fixture";
import { excelSheetNames, scanExcel } from "./reader";
import { num, str, type TestBookType, type TestSheet, workbookBytes } from "./workbooks.fixture";

const tmp = tempFolder("excel-versions");
afterAll(tmp.cleanup);

/** OLD_EXCEL_SHEET's dates in either date system (1904 is Mac Excel's default). */
const ORDERED_1904 = [new Date(Date.UTC(2004, 0, 2)), new Date(Date.UTC(2004, 0, 3, 6))];
const ORDERED_1900 = [new Date(Date.UTC(2000, 0, 1)), new Date(Date.UTC(2000, 0, 2, 6))];

/** What every version must give: the same types and values as an .xlsx. */
function expectOldExcelTable(path: string, ordered: Date[]): void {
  const frame = collect(scanExcel(path, {}));
  expect(frame.columns).toEqual(["id", "price", "paid", "ordered", "code"]);
  expect(frame.dtypes.map(String)).toEqual([pl.Int64, pl.Float64, pl.Bool, pl.Datetime("ms"), pl.String].map(String));
  expect(rowsOf(frame)).toEqual([
    { id: 1, price: 19.5, paid: true, ordered: ordered[0], code: "00123" },
    { id: 2, price: 7, paid: false, ordered: ordered[1], code: "00456" },
  ]);
}

describe("Excel 5.0/95 (BIFF5) as Excel saves it", () => {
  const path = () => tmp.file("mac-excel-95.xls", excel95Bytes([OLD_EXCEL_SHEET], MAC_EXCEL));

  test("the file is what Excel writes: a Book stream, CompObj and document properties, no SheetJS marker", () => {
    const streams = XLSX.CFB.read(excel95Bytes([OLD_EXCEL_SHEET], MAC_EXCEL), { type: "buffer" }).FullPaths as string[];
    expect(streams.filter((name) => !name.endsWith("/")).sort()).toEqual(
      [
        "Root Entry/\u0001CompObj",
        "Root Entry/\u0005DocumentSummaryInformation",
        "Root Entry/\u0005SummaryInformation",
        "Root Entry/Book",
      ].sort(),
    );
  });

  test("reads with the types an .xlsx gets, 1904 dates honoured, text digits kept", () => {
    // Was: "not a readable Excel workbook (damaged or truncated?): ... FI[i].L", from
    // dropping the property streams with links left pointing past the directory.
    expectOldExcelTable(path(), ORDERED_1904);
    expect(excelSheetNames(path())).toEqual(["Prices"]);
  });

  test("a date-only column is Date", () => {
    const sheet: TestSheet = { name: "S", rows: [[str("d")], [num(36526, "m/d/yy")], [num(36527, "m/d/yy")]] };
    const frame = collect(scanExcel(tmp.file("dates-95.xls", excel95Bytes([sheet])), {}));
    expect(frame.dtypes.map(String)).toEqual([String(pl.Date)]);
    expect(rowsOf(frame)).toEqual([{ d: new Date(Date.UTC(2000, 0, 1)) }, { d: new Date(Date.UTC(2000, 0, 2)) }]);
  });
});

describe("Excel 95 text in the workbook's code page", () => {
  // SheetJS decodes BIFF2-5 text as Latin-1 unless given the code page tables.
  const cases: [string, number, string][] = [
    ["Mac Roman (Mac Excel)", 0x8000, "Café – “naïve” • ™"],
    ["Windows-1252", 1252, "€ 5 – “quoted” œ"],
  ];
  for (const [name, codepage, text] of cases) {
    test(name, () => {
      const sheet: TestSheet = { name: "S", rows: [["Größe", "note"].map(str), [num(1), str(text)]] };
      const path = tmp.file(`text-${codepage}.xls`, excel95Bytes([sheet], { codepage }));
      expect(rowsOf(scanExcel(path, {}))).toEqual([{ Größe: 1, note: text }]);
    });
  }
});

describe(".xls of each Excel version, as SheetJS writes them", () => {
  const versions: [TestBookType, string][] = [
    ["biff2", "Excel 2.x (BIFF2)"],
    ["biff3", "Excel 3.0 (BIFF3)"],
    ["biff4", "Excel 4.0 (BIFF4)"],
    ["biff5", "Excel 5.0/95 (BIFF5)"],
    ["biff8", "Excel 97-2003 (BIFF8)"],
  ];
  for (const [bookType, version] of versions) {
    test(`${version} reads, in both date systems`, () => {
      expectOldExcelTable(tmp.file(`${bookType}.xls`, workbookBytes([OLD_EXCEL_SHEET], bookType)), ORDERED_1900);
      expectOldExcelTable(
        tmp.file(`${bookType}-1904.xls`, workbookBytes([OLD_EXCEL_SHEET], bookType, true)),
        ORDERED_1904,
      );
    });
  }
});
