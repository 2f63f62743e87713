import * as XLSX from "@e965/xlsx";
import { DataSourceError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";

/**
 * The most cells (rows × columns of the table's bounding box) read from one sheet. A real
 * sheet that large would already have cost SheetJS many gigabytes; a tiny hostile file
 * with one cell at A1 and one at XFD1048576 would otherwise make 17 billion nulls.
 */
export const MAX_TABLE_CELLS = 50_000_000;

/** The table found on a worksheet: unique column names and the data cells under them. */
export interface SheetTable {
  names: string[];
  /** The number of data rows (header excluded). */
  height: number;
  /** The cell at data row `row` (0-based, header excluded) of column `column`; undefined when empty. */
  cell(row: number, column: number): XLSX.CellObject | undefined;
  /** The A1 address of that cell, for messages. */
  address(row: number, column: number): string;
}

/** Where the table is: the header row (if any) is `skipRows` rows below the first row holding a value. */
export interface TableLayout {
  hasHeader: boolean;
  skipRows: number;
}

/** Whether a cell holds something (a value, an empty string, or an error such as #N/A). */
export function isPresent(cell: XLSX.CellObject | undefined | null): cell is XLSX.CellObject {
  return cell != null && cell.t !== "z" && cell.v !== undefined;
}

/** The 0-based index of the first row holding a value, or undefined for a sheet without one. */
export function firstUsedRow(sheet: XLSX.WorkSheet): number | undefined {
  const rows = sheet["!data"] ?? [];
  for (let r = 0; r < rows.length; r++) if (rows[r]?.some(isPresent)) return r;
  return undefined;
}

/**
 * The table of a worksheet (read in dense mode). Rows start at the first row holding a value
 * (leading empty rows are not counted by `skip_rows`); then `skipRows` rows are skipped; the
 * next row is the header when `hasHeader`. The table ends at the last row holding a value,
 * and spans the columns from the first to the last holding a value in those rows, so
 * leading and trailing empty rows and columns are dropped; empty rows and columns inside
 * are kept (as nulls). The sheet's stored dimension (`!ref`) is never trusted: it may be
 * stale or hostile. Header names: the cell's text; an empty one is `column_N` (N counted
 * from 1 within the table); a repeated one gets `_1`, `_2`, ... (the first free suffix).
 */
export function sheetTable(path: string, sheetName: string, sheet: XLSX.WorkSheet, layout: TableLayout): SheetTable {
  const rows = sheet["!data"] ?? [];
  const where = `sheet ${JSON.stringify(sheetName)}`;
  const first = firstUsedRow(sheet);
  if (first === undefined) throw new DataSourceError(`Cannot read ${path}: ${where} is empty`);
  const start = first + layout.skipRows;
  let last = -1;
  let minColumn = Number.POSITIVE_INFINITY;
  let maxColumn = -1;
  for (let r = start; r < rows.length; r++) {
    rows[r]?.forEach((cell, c) => {
      if (!isPresent(cell)) return;
      last = r;
      if (c < minColumn) minColumn = c;
      if (c > maxColumn) maxColumn = c;
    });
  }
  if (last < 0) {
    throw new DataSourceError(
      `Cannot read ${path}: ${where} has no cells after skipping ${layout.skipRows} rows (skip_rows is counted from its first row holding a value, row ${first + 1})`,
    );
  }
  const width = maxColumn - minColumn + 1;
  const spanned = (last - start + 1) * width;
  if (spanned > MAX_TABLE_CELLS) {
    const range = XLSX.utils.encode_range({ s: { r: start, c: minColumn }, e: { r: last, c: maxColumn } });
    throw new DataSourceError(
      `Cannot read ${path}: ${where} spans ${range} (${spanned.toLocaleString("en-US")} cells), more than the ${MAX_TABLE_CELLS.toLocaleString("en-US")} Weft reads from one sheet`,
    );
  }
  const dataStart = layout.hasHeader ? start + 1 : start;
  const headerRow = rows[start];
  const rawNames = Array.from({ length: width }, (_, j) =>
    layout.hasHeader ? headerText(headerRow?.[minColumn + j]) : "",
  );
  return {
    names: uniqueNames(rawNames.map((name, j) => (name === "" ? `column_${j + 1}` : name))),
    height: last - dataStart + 1,
    cell: (row, column) => rows[dataStart + row]?.[minColumn + column] ?? undefined,
    address: (row, column) => XLSX.utils.encode_cell({ r: dataStart + row, c: minColumn + column }),
  };
}

/** A header cell's text: a string as it is, anything else as Excel shows it; "" when empty. */
function headerText(cell: XLSX.CellObject | undefined): string {
  if (!isPresent(cell)) return "";
  if (cell.t === "s") return String(cell.v);
  return cell.w ?? String(cell.v);
}
