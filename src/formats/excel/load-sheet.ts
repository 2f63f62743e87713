import type * as XLSX from "@e965/xlsx";
import { DataSourceError } from "../../shared/errors";
import { chooseSheet, describeSheets, type ExcelSheetInfo } from "./sheets";
import type { Container } from "./workbook";
import { parseWorkbook } from "./workbook";

/** One worksheet parsed from a workbook, with what reading its cells needs to know. */
export interface LoadedSheet {
  info: ExcelSheetInfo;
  sheet: XLSX.WorkSheet;
  /** Whether the workbook counts dates from 1904-01-01 (old Mac Excel) rather than 1900. */
  date1904: boolean;
}

/**
 * Parses the requested worksheet (see chooseSheet) and only it where the format allows (a
 * ZIP package; SheetJS parses every sheet of an .xls), stopping after `sheetRows` rows of
 * the sheet when it is above 0. The first parse guesses the sheet (the name asked for, or
 * the index asked for, or the first sheet) and brings the workbook's sheet list with it;
 * only when the guess was wrong (a hidden or chart sheet first) is the file parsed again.
 */
export function loadSheet(
  path: string,
  bytes: Buffer,
  container: Container,
  requested: string | number | undefined,
  sheetRows: number,
): LoadedSheet {
  const guess = requested ?? 0;
  const first = parseWorkbook(path, bytes, { sheets: guess, sheetRows, bookFiles: container === "zip" });
  const info = chooseSheet(path, describeSheets(first), requested);
  const workbook = first.Sheets[info.name] ? first : parseWorkbook(path, bytes, { sheets: info.position, sheetRows });
  const sheet = workbook.Sheets[info.name];
  // SheetJS skips a sheet part it cannot parse rather than failing the workbook.
  if (!sheet) {
    throw new DataSourceError(`Cannot read ${path}: sheet ${JSON.stringify(info.name)} is damaged and cannot be read`);
  }
  const type = sheet["!type"];
  if (type !== undefined && type !== "sheet") {
    throw new DataSourceError(
      `Cannot read ${path}: sheet ${JSON.stringify(info.name)} is a ${type} sheet, which has no cells to read`,
    );
  }
  return { info, sheet, date1904: first.Workbook?.WBProps?.date1904 === true };
}

/** Every sheet of a workbook, parsing as little as the format allows. */
export function listSheets(path: string, bytes: Buffer, container: Container): ExcelSheetInfo[] {
  // A ZIP package names its sheets' kinds in its relationships: no sheet is parsed. An .xls
  // is one stream SheetJS parses whole; one row per sheet keeps that short.
  const options: XLSX.ParsingOptions = container === "zip" ? { sheets: [], bookFiles: true } : { sheetRows: 1 };
  return describeSheets(parseWorkbook(path, bytes, options));
}
