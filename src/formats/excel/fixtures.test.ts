/**
 * The real workbooks of /work/shared/fixtures/real/{xlsx,xls,xlsb} (calamine's test files,
 * written by Excel and LibreOffice): every fact their MANIFEST.md states, in all three formats.
 */
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import pl from "nodejs-polars";
import { collect, expectDataSourceError } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, NO_REAL_FIXTURES_REASON, realFixture } from "../../../tests/helpers/real-fixtures";
import type { ReadHints, ReadOptions } from "../types";
import { excelSheetNames, excelSheets, scanExcel } from "./reader";
import { parseWorkbook, readWorkbookBytes } from "./workbook";

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const DURATION_255H = (255 * 3600 + 10 * 60 + 10) * 1000;
const SPECIAL = ["&", "<", ">", "aaa ' aaa", '"', "☺", "֍", "àâéêèçöïî«»"];
const ANY_SHEETS_TEXT = "This workbook contains 4 sheets: Visible, Hidden, VeryHidden and Chart";

function read(path: string, options: ReadOptions, hints?: ReadHints) {
  const frame = collect(scanExcel(path, options, hints));
  return {
    columns: frame.columns,
    types: frame.dtypes.map(String),
    rows: frame.toRecords() as Record<string, unknown>[],
  };
}
const column = (path: string, options: ReadOptions, name = "column_1", hints?: ReadHints) =>
  read(path, { has_header: false, ...options }, hints).rows.map((r) => r[name]);

const CHECKSUMS: Record<string, [string, number]> = {
  "xlsx/any_sheets.xlsx": ["fba48e0141f847d80738a4417f0a336cba92e4ac692d8dd7516eac41e32c9e4f", 14804],
  "xlsx/date.xlsx": ["0440916ec1b76ee4dd54955d59c2f42b266e9f5e4fccafb8cc1ed875908b26d2", 4659],
  "xlsx/issues.xlsx": ["f41bbd13cb3f9648b2492bc7ffce4c0544a27d0c62daec5c670ac15bdfe04bbc", 13571],
  "xlsx/pass_protected.xlsx": ["caae96225a5fbe2f33b0224d638de88ba37700e1af5f14e3b95a7e92aa96453f", 14848],
  "xls/any_sheets.xls": ["efb61c9a60b826b18b251cd74bb80819fcf8eb566e74ef6130709dcd2f7e0590", 38400],
  "xls/date.xls": ["e3eb3391a371cc1e0b85d94b9f1dd94bbcedf19733ed0ca449e2d269af758e9e", 5632],
  "xls/issues.xls": ["5e7f206dd7a8a9b86637f65c02fb85e9dad2a52ec5bf0b92e6eef1746c55b301", 38912],
  "xlsb/date.xlsb": ["68d36adf4d4de3890209e786eeb89a98778d25158628f83e96587e652fbb4eca", 7711],
  "xlsb/issue_186.xlsb": ["c0b99eb23c7031a6af7d295c64f291fa807551c59adb433a54562cc95a3d443d", 8465],
  "xlsb/issues.xlsb": ["06c648de5529e022ef399a2b6ebc227040e9fdf71a0780e19e614f556bdb53d7", 19226],
};

describe.skipIf(!HAS_REAL_FIXTURES)(`real Excel fixtures (skipped: ${NO_REAL_FIXTURES_REASON})`, () => {
  test("the files are the ones the MANIFESTs describe (sha256, size)", () => {
    for (const [name, [sha, size]] of Object.entries(CHECKSUMS)) {
      const [folder = "", file = ""] = name.split("/");
      const bytes = readFileSync(realFixture(folder, file));
      expect([name, bytes.length, createHash("sha256").update(bytes).digest("hex")]).toEqual([name, size, sha]);
    }
  });

  for (const ext of ["xlsx", "xls", "xlsb"]) {
    describe(`issues.${ext}`, () => {
      const path = realFixture(ext, `issues.${ext}`);

      test("its sheets, in workbook order", () => {
        const expected = {
          xlsx: ["datatypes", "Sheet1", "issue2", "issue5", "issue6", "spc_chrs"],
          xls: ["datatypes", "Sheet1", "issue2", "issue5", "issue6"],
          xlsb: ["datatypes", "issue2", "Sheet1", "issue5", "issue6", "spc_chrs"],
        }[ext];
        expect(excelSheetNames(path)).toEqual(expected as string[]);
      });

      test("issue2 = [[1, a], [2, b], [3, c]] and no column past B", () => {
        const { columns, types, rows } = read(path, { sheet: "issue2", has_header: false });
        expect(columns).toEqual(["column_1", "column_2"]);
        expect(types).toEqual([String(pl.Int64), String(pl.String)]);
        expect(rows).toEqual([
          { column_1: 1, column_2: "a" },
          { column_1: 2, column_2: "b" },
          { column_1: 3, column_2: "c" },
        ]);
        // With its first row as header (the default), the other two are data.
        expect(read(path, { sheet: "issue2" }).rows).toEqual([
          { "1": 2, a: "b" },
          { "1": 3, a: "c" },
        ]);
      });

      test("issue5 = [[0.5]] (a float, whatever its format shows)", () => {
        const { types, rows } = read(path, { sheet: "issue5", has_header: false });
        expect(types).toEqual([String(pl.Float64)]);
        expect(rows).toEqual([{ column_1: 0.5 }]);
      });

      test("issue6 = 1, 2, ab, FALSE: mixed, so text; the empty A5:A6 are dropped", () => {
        expect(column(path, { sheet: "issue6" })).toEqual(["1", "2", "ab", "FALSE"]);
        expect(column(path, { sheet: "issue6", skip_rows: 3 })).toEqual([false]);
      });

      test("datatypes A1:A6 = 1, 1.5, ab, FALSE, test, 2016-10-20", () => {
        expect(column(path, { sheet: "datatypes" })).toEqual(["1", "1.5", "ab", "FALSE", "test", "10/20/16"]);
        // Each cell read alone shows its own type.
        const cell = (row: number) =>
          read(path, { sheet: "datatypes", has_header: false, skip_rows: row }, { maxRows: 1 });
        expect([0, 1, 2, 3, 4, 5].map((row) => cell(row).types[0])).toEqual(
          [pl.Int64, pl.Float64, pl.String, pl.Bool, pl.String, pl.Date].map(String),
        );
        expect([0, 1, 2, 3, 4, 5].map((row) => cell(row).rows[0]?.column_1)).toEqual([
          1,
          1.5,
          "ab",
          false,
          "test",
          utc(2016, 10, 20),
        ]);
      });

      test("Sheet1 holds one formula (B1+OneRange), read as its cached value 0 in A2", () => {
        expect(read(path, { sheet: "Sheet1", has_header: false }).rows).toEqual([{ column_1: 0 }]);
      });

      if (ext !== "xls") {
        test("spc_chrs = one column of 8 special strings", () => {
          expect(column(path, { sheet: "spc_chrs" })).toEqual(SPECIAL);
          expect(read(path, { sheet: "spc_chrs" }).columns).toEqual(["&"]);
        });
      }

      test("workbook facts Weft does not expose: defined names, and VBA modules in the .xls/.xlsb", () => {
        const workbook = parseWorkbook(path, readWorkbookBytes(path).bytes, { sheets: [], bookVBA: true });
        const names = workbook.Workbook?.Names ?? [];
        expect(names.map((n) => n.Name)).toEqual(["MyBrokenRange", "MyDataTypes", "OneRange"]);
        // SheetJS drops the sheet of a broken reference in .xls/.xlsb ("#REF!" for "Sheet1!#REF!").
        expect(names[0]?.Ref).toMatch(/^(Sheet1!)?#REF!$/);
        expect(names.slice(1).map((n) => n.Ref)).toEqual(["datatypes!$A$1:$A$6", "Sheet1!$A$1"]);
        if (ext !== "xlsx") {
          expect(vbaModules(workbook)).toEqual(
            ["Sheet1", "Sheet2", "Sheet3", "Sheet4", "ThisWorkbook", "testVBA"].sort(),
          );
        }
      });
    });

    describe(`date.${ext}`, () => {
      const path = realFixture(ext, `date.${ext}`);

      test("one visible worksheet Sheet1", () => {
        expect(excelSheets(path)).toEqual([{ name: "Sheet1", position: 0, visibility: "visible", kind: "worksheet" }]);
      });

      test("A1:B3: two dates and a 255:10:10 duration; 15, 16, 17", () => {
        const whole = read(path, { has_header: false });
        expect(whole.types).toEqual([String(pl.String), String(pl.Int64)]);
        expect(whole.rows).toEqual([
          { column_1: "2021-01-01", column_2: 15 },
          { column_1: "2021-01-02", column_2: 16 },
          { column_1: "255:10:10", column_2: 17 },
        ]);
        const dates = read(path, { has_header: false }, { maxRows: 2 });
        expect(dates.types[0]).toBe(String(pl.Date));
        expect(dates.rows.map((r) => r.column_1)).toEqual([utc(2021, 1, 1), utc(2021, 1, 2)]);
        const duration = read(path, { has_header: false, skip_rows: 2 });
        expect(duration.types[0]).toBe(String(pl.Duration("ms")));
        expect(duration.rows).toEqual([{ column_1: DURATION_255H, column_2: 17 }]);
        // The header row is the first date, shown as Excel formats it.
        expect(read(path, {}).columns).toEqual(["2021-01-01", "15"]);
      });
    });
  }

  for (const ext of ["xlsx", "xls"]) {
    describe(`any_sheets.${ext}`, () => {
      const path = realFixture(ext, `any_sheets.${ext}`);

      test("Visible, Hidden, VeryHidden worksheets and a Chart sheet, which is listed apart", () => {
        expect(excelSheets(path).map((s) => [s.name, s.visibility, s.kind])).toEqual([
          ["Visible", "visible", "worksheet"],
          ["Hidden", "hidden", "worksheet"],
          ["VeryHidden", "very_hidden", "worksheet"],
          ["Chart", "visible", "chart"],
        ]);
        expect(excelSheetNames(path)).toEqual(["Visible", "Hidden", "VeryHidden"]);
      });

      test("Visible A1:B5, read with header row 2 and then header row 1", () => {
        expect(read(path, { skip_rows: 1 })).toEqual({
          columns: ["3", "4"],
          types: [String(pl.String), String(pl.Int64)],
          rows: [
            { "3": "5", "4": 6 },
            { "3": null, "4": null },
            { "3": ANY_SHEETS_TEXT, "4": null },
          ],
        });
        expect(read(path, {}).columns).toEqual(["1", "2"]);
        expect(read(path, { sheet: "Visible", has_header: false }).rows).toEqual([
          { column_1: "1", column_2: 2 },
          { column_1: "3", column_2: 4 },
          { column_1: "5", column_2: 6 },
          { column_1: null, column_2: null },
          { column_1: ANY_SHEETS_TEXT, column_2: null },
        ]);
      });

      test("the hidden sheets are empty; the chart sheet has no cells", () => {
        expectDataSourceError(() => scanExcel(path, { sheet: "Hidden" }), path, '"Hidden" is empty');
        expectDataSourceError(() => scanExcel(path, { sheet: 2 }), path, '"VeryHidden" is empty');
        expectDataSourceError(() => scanExcel(path, { sheet: "Chart" }), path, "chart sheet");
      });

      if (ext === "xls") {
        test("its VBA module names are Cyrillic", () => {
          const workbook = parseWorkbook(path, readWorkbookBytes(path).bytes, { sheets: [], bookVBA: true });
          expect(vbaModules(workbook)).toEqual(["Диаграмма4", "Лист1", "Лист2", "Лист3"].sort());
        });
      }
    });
  }

  test("xlsb/issue_186.xlsb: A1:A5 = 1.23 .. 12345.67 (RK values with the ×100 flag)", () => {
    const path = realFixture("xlsb", "issue_186.xlsb");
    const { types, rows } = read(path, { has_header: false });
    expect(types).toEqual([String(pl.Float64)]);
    expect(rows.map((r) => r.column_1)).toEqual([1.23, 12.34, 123.45, 1234.56, 12345.67]);
  });

  test("xlsx/pass_protected.xlsx is refused as password-protected, naming the file", () => {
    const path = realFixture("xlsx", "pass_protected.xlsx");
    expectDataSourceError(() => scanExcel(path, {}), path, "password-protected (encrypted)");
    expectDataSourceError(() => excelSheetNames(path), path, "password-protected (encrypted)");
  });
});

/** The VBA module streams of a workbook parsed with `bookVBA`, sorted. */
function vbaModules(workbook: XLSX.WorkBook): string[] {
  const raw = (workbook as XLSX.WorkBook & { vbaraw?: Uint8Array }).vbaraw;
  if (!raw) return [];
  const container = XLSX.CFB.read(raw, { type: "buffer" }) as { FullPaths: string[] };
  return container.FullPaths.map((p) => /\/VBA\/([^/]+)$/.exec(p)?.[1])
    .filter((name): name is string => name !== undefined && !/^(dir|_VBA_PROJECT|__SRP_\d+)$/.test(name))
    .sort();
}
