import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { wholeNumberOption } from "../option-checks";
import type { ReadHints, ReadOptions } from "../types";
import { tableColumns } from "./columns";
import { listSheets, loadSheet } from "./load-sheet";
import type { ExcelSheetInfo } from "./sheets";
import { firstUsedRow, sheetTable } from "./table";
import { readWorkbookBytes } from "./workbook";

/** The reader options that mean something for a workbook, checked. */
interface ExcelReadSettings {
  sheet: string | number | undefined;
  hasHeader: boolean;
  skipRows: number;
  inferSchemaLength: number;
}

/**
 * A lazy frame over one worksheet of an Excel workbook (.xlsx, .xlsm, .xls, .xlsb), decoded
 * with SheetJS. Options: `sheet` (a name, or a 0-based index into the worksheets; default
 * the first visible worksheet), `has_header` (default true), `skip_rows` (rows skipped
 * above the header, counted from the sheet's first row holding a value), and
 * `infer_schema_length` (data rows that decide each column's type; default all, 0 reads
 * every column as text). Column typing is described in README.md. With `hints.maxRows`
 * SheetJS stops at the rows a preview needs. Throws DataSourceError naming the file for a
 * missing, empty, damaged, encrypted or non-Excel file, an unknown sheet, or bad options.
 */
export function scanExcel(path: string, options: ReadOptions, hints?: ReadHints): pl.LazyDataFrame {
  const settings = excelReadSettings(path, options);
  const { bytes, container } = readWorkbookBytes(path);
  const wanted =
    hints?.maxRows === undefined ? undefined : (settings.hasHeader ? 1 : 0) + settings.skipRows + hints.maxRows;
  // SheetJS counts `sheetRows` from the sheet's row 1, the table from its first used row.
  let loaded = loadSheet(path, bytes, container, settings.sheet, wanted === undefined ? 0 : Math.max(1, wanted));
  if (wanted !== undefined) {
    const lead = firstUsedRow(loaded.sheet);
    // No value within the rows read: the table may start further down; read the whole sheet.
    if (lead === undefined) loaded = loadSheet(path, bytes, container, loaded.info.name, 0);
    else if (lead > 0) loaded = loadSheet(path, bytes, container, loaded.info.name, lead + Math.max(1, wanted));
  }
  const table = sheetTable(path, loaded.info.name, loaded.sheet, settings);
  const columns = tableColumns(table, {
    path,
    sheetName: loaded.info.name,
    date1904: loaded.date1904,
    inferSchemaLength: settings.inferSchemaLength,
  });
  return pl.DataFrame(columns).lazy();
}

/**
 * The names of a workbook's worksheets in tab order, hidden and very hidden ones included
 * (they can be read by name); chart, dialog and macro sheets are left out, as they have no
 * cells. An index given as the `sheet` option counts in this list.
 */
export function excelSheetNames(path: string): string[] {
  return excelSheets(path)
    .filter((sheet) => sheet.kind === "worksheet")
    .map((sheet) => sheet.name);
}

/** Every sheet of a workbook, in tab order, with its visibility and kind (worksheet, chart, ...). */
export function excelSheets(path: string): ExcelSheetInfo[] {
  const { bytes, container } = readWorkbookBytes(path);
  return listSheets(path, bytes, container);
}

function excelReadSettings(path: string, options: ReadOptions): ExcelReadSettings {
  const { sheet } = options;
  if (sheet !== undefined && typeof sheet !== "string" && typeof sheet !== "number") {
    throw new DataSourceError(`Cannot read ${path}: sheet must be a sheet name or a 0-based index`);
  }
  if (options.has_header !== undefined && typeof options.has_header !== "boolean") {
    throw new DataSourceError(
      `Cannot read ${path}: has_header must be true or false, got ${String(options.has_header)}`,
    );
  }
  return {
    // An empty name (a cleared text box) means the default sheet: Excel sheet names are never empty.
    sheet: sheet === "" ? undefined : sheet,
    hasHeader: options.has_header ?? true,
    skipRows: wholeNumberOption(path, "skip_rows", options.skip_rows, 0),
    inferSchemaLength: wholeNumberOption(
      path,
      "infer_schema_length",
      options.infer_schema_length,
      Number.POSITIVE_INFINITY,
    ),
  };
}
