/**
 * Files that are not whole workbooks: each must give a DataSourceError naming the file (or,
 * when a cut happens to leave a readable file, fewer rows), never another error or a hang.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { collect, expectDataSourceError, tempFolder } from "../../../tests/helpers/format-samples";
import { HAS_REAL_FIXTURES, NO_REAL_FIXTURES_REASON, realFixture } from "../../../tests/helpers/real-fixtures";
import { DataSourceError } from "../../shared/errors";
import { excelSheetNames, scanExcel } from "./reader";
import { num, str, workbookBytes } from "./workbooks.fixture";

const tmp = tempFolder("excel-damaged");
afterAll(tmp.cleanup);

/** Deterministic pseudo-random bytes. */
function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

describe("not a workbook", () => {
  const cases: [string, () => string, string][] = [
    ["a missing file", () => join(tmp.dir, "nope.xlsx"), "File not found: "],
    ["a directory", () => tmp.folder("folder.xlsx"), "directory"],
    ["an empty file", () => tmp.file("empty.xlsx", ""), "empty"],
    ["a CSV saved as .xls", () => tmp.file("text.xls", "a,b\n1,2\n"), "not an Excel workbook"],
    [
      "an HTML table saved as .xls",
      () => tmp.file("page.xls", "<table><tr><td>1</td></tr></table>"),
      "not an Excel workbook",
    ],
    ["random bytes as .xlsx", () => tmp.file("noise.xlsx", noise(4096, 1)), "not an Excel workbook"],
    ["random bytes as .xlsb", () => tmp.file("noise.xlsb", noise(100, 2)), "not an Excel workbook"],
    [
      "a ZIP signature then noise",
      () => tmp.file("zipnoise.xlsx", Buffer.concat([Buffer.from("PK\x03\x04"), noise(2000, 3)])),
      "truncated",
    ],
    ["an empty ZIP archive", () => tmp.file("emptyzip.xlsx", Buffer.from("PK\x05\x06".padEnd(22, "\0"))), "empty ZIP"],
    [
      "an OLE2 signature then noise",
      () => tmp.file("olenoise.xls", Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), noise(3000, 4)])),
      "not a readable Excel workbook",
    ],
    [
      "a BIFF record then noise",
      () => tmp.file("biffnoise.xls", Buffer.concat([Buffer.from("0908", "hex"), noise(600, 5)])),
      "Cannot read",
    ],
    ["a ZIP that is not a workbook", () => tmp.file("other.xlsx", zipOfText()), "not a readable Excel workbook"],
  ];
  for (const [label, makePath, problem] of cases) {
    test(`${label} is a DataSourceError naming the file, from scanExcel and excelSheetNames`, () => {
      const path = makePath();
      expectDataSourceError(() => scanExcel(path, {}), problem, path);
      expectDataSourceError(() => excelSheetNames(path), path);
    });
  }
});

/** Cuts of `bytes` at `points` places; each must fail naming its copy, or read no more rows than the whole file. */
function checkCuts(name: string, bytes: Uint8Array, wholeRows: number | undefined, points: number): void {
  const extension = name.slice(name.lastIndexOf("."));
  for (let k = 1; k < points; k++) {
    const cut = Math.floor((bytes.length * k) / points);
    const path = tmp.file(`cut-${k}-${name.replace(/\W/g, "_")}${extension}`, bytes.subarray(0, cut));
    const started = performance.now();
    let outcome: number | DataSourceError;
    try {
      outcome = collect(scanExcel(path, {})).height;
    } catch (error) {
      // Anything but a DataSourceError naming the copy fails the test here.
      if (!(error instanceof DataSourceError) || !error.message.includes(path)) throw error;
      outcome = error;
    }
    if (typeof outcome === "number") expect([cut, outcome <= (wholeRows ?? -1)]).toEqual([cut, true]);
    // Catches a cut length sending the reader round billions of entries, not speed: a cut reads
    // in at most ~20 ms here, idle or with both cores busy, 250 times under the bound.
    expect(performance.now() - started).toBeLessThan(5000);
  }
}

describe.skipIf(!HAS_REAL_FIXTURES)(`truncated real workbooks (skipped: ${NO_REAL_FIXTURES_REASON})`, () => {
  const files = [
    "xlsx/issues.xlsx",
    "xlsx/date.xlsx",
    "xlsx/any_sheets.xlsx",
    "xlsx/pass_protected.xlsx",
    "xls/issues.xls",
    "xls/date.xls",
    "xls/any_sheets.xls",
    "xlsb/issues.xlsb",
    "xlsb/date.xlsb",
    "xlsb/issue_186.xlsb",
  ];
  for (const name of files) {
    test(`${name} cut at 24 points`, () => {
      const [folder = "", file = ""] = name.split("/");
      const path = realFixture(folder, file);
      const wholeRows = name.includes("pass_protected") ? undefined : collect(scanExcel(path, {})).height;
      checkCuts(name, readFileSync(path), wholeRows, 24);
    });
  }
});

describe("truncated generated workbooks", () => {
  const rows = [[str("id"), str("name")], ...Array.from({ length: 200 }, (_, i) => [num(i), str(`név ${i}`)])];
  for (const bookType of ["xlsx", "xlsb", "biff8"] as const) {
    test(`${bookType} cut at 40 points`, () => {
      const bytes = workbookBytes([{ name: "S", rows }], bookType);
      checkCuts(`gen.${bookType === "biff8" ? "xls" : bookType}`, bytes, 200, 40);
    });
  }
});

/** A valid ZIP archive holding one text file: not a spreadsheet package. */
function zipOfText(): Uint8Array {
  return zipSync({ "readme.txt": strToU8("hello") });
}
