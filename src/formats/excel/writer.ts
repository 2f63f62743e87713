import { writeFileSync } from "node:fs";
import { extname } from "node:path";
import * as XLSX from "@e965/xlsx";
import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { writeAtomically } from "../atomic-write";
import type { WriteOptions } from "../types";
import { DAY_MS, epochMsToSerial } from "./excel-dates";

/** The name of the one sheet written. */
export const EXCEL_SHEET_NAME = "Sheet1";
/** Excel's grid: 1,048,576 rows (header included) and 16,384 columns (XFD). */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_COLUMNS = 16_384;
/** Excel refuses to show a cell with more characters than this. */
export const EXCEL_MAX_CELL_CHARS = 32_767;

/** Extensions Weft must not write an .xlsx package under: Excel would expect another format. */
const OTHER_EXCEL_EXTENSIONS = new Set(["xls", "xlsb", "xlsm", "xltm", "xlam"]);

type CellValue = number | boolean | string | null;

/** One column ready to be laid out as cells: its values and, for numbers, their number format. */
interface OutputColumn {
  name: string;
  type: "n" | "b" | "s";
  values: CellValue[];
  format?: string;
}

/**
 * Writes the frame as an .xlsx workbook with one sheet, "Sheet1": a header row of the
 * column names (unless `include_header` is false), then one row per record. Cells are typed:
 * numbers (every integer and float type, Decimal; NaN and ±Infinity left empty), booleans,
 * text (String, Categorical, Enum), dates and date-times as real Excel dates (serial numbers
 * with a date format; a zoned date-time is written as its wall-clock time in its zone),
 * times of day and durations as serials formatted `hh:mm:ss` and `[h]:mm:ss`. Nulls are
 * empty cells. The frame is collected, then written atomically (a temp file beside the
 * target, then renamed). Throws DataSourceError for a frame Excel cannot hold (too many
 * rows or columns, over-long text, nested or binary columns) or a non-.xlsx Excel target.
 */
export function writeExcel(frame: pl.LazyDataFrame, path: string, options: WriteOptions): { rows: number } {
  const extension = extname(path).slice(1).toLowerCase();
  if (OTHER_EXCEL_EXTENSIONS.has(extension)) {
    throw new DataSourceError(`Cannot write ${path}: Weft writes Excel workbooks as .xlsx only, not .${extension}`);
  }
  if (options.compression !== undefined) {
    throw new DataSourceError(
      `Cannot write ${path}: compression is not an option for Excel (an .xlsx package is always ZIP-compressed)`,
    );
  }
  const includeHeader = options.include_header ?? true;
  return writeAtomically(path, (tempPath) => {
    const data = frame.collectSync({ engine: "streaming" } as never);
    checkGrid(path, data, includeHeader);
    const columns = data.columns.map((name) => outputColumn(path, data, name));
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, worksheet(columns, data.height, includeHeader), EXCEL_SHEET_NAME);
    const bytes = XLSX.write(workbook, {
      type: "buffer",
      bookType: "xlsx",
      bookSST: true,
      compression: true,
    }) as Buffer;
    writeFileSync(tempPath, bytes);
    return { rows: data.height };
  });
}

function checkGrid(path: string, data: pl.DataFrame, includeHeader: boolean): void {
  const rows = data.height + (includeHeader ? 1 : 0);
  if (rows > EXCEL_MAX_ROWS) {
    throw new DataSourceError(
      `Cannot write ${path}: ${data.height.toLocaleString("en-US")} rows do not fit in an Excel sheet (at most ${(EXCEL_MAX_ROWS - (includeHeader ? 1 : 0)).toLocaleString("en-US")})`,
    );
  }
  if (data.width > EXCEL_MAX_COLUMNS) {
    throw new DataSourceError(
      `Cannot write ${path}: ${data.width} columns do not fit in an Excel sheet (at most ${EXCEL_MAX_COLUMNS})`,
    );
  }
}

/** A dense SheetJS worksheet of the columns: the header row, then the data rows; nulls are holes. */
function worksheet(columns: OutputColumn[], height: number, includeHeader: boolean): XLSX.WorkSheet {
  const offset = includeHeader ? 1 : 0;
  const rows: XLSX.CellObject[][] = Array.from({ length: height + offset }, () => []);
  columns.forEach((column, c) => {
    if (includeHeader) (rows[0] as XLSX.CellObject[])[c] = { t: "s", v: escapeEscapes(column.name) };
    for (let r = 0; r < height; r++) {
      const v = column.values[r];
      if (v === null || v === undefined) continue;
      const cell: XLSX.CellObject = { t: column.type, v: typeof v === "string" ? escapeEscapes(v) : v };
      if (column.format !== undefined) cell.z = column.format;
      (rows[r + offset] as XLSX.CellObject[])[c] = cell;
    }
  });
  const lastRow = Math.max(0, rows.length - 1);
  const lastColumn = Math.max(0, columns.length - 1);
  return { "!data": rows, "!ref": XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lastRow, c: lastColumn } }) };
}

function outputColumn(path: string, data: pl.DataFrame, name: string): OutputColumn {
  const series = data.getColumn(name);
  const dtype = series.dtype;
  const physical = (expression: pl.Expr) =>
    data.select(expression.alias(name)).getColumn(name).toArray() as (number | null)[];
  const col = pl.col(name);
  switch (dtype.variant) {
    case "Bool":
      return { name, type: "b", values: series.toArray() as (boolean | null)[] };
    case "Utf8":
    case "String":
    case "Categorical":
    case "Enum":
      return { name, type: "s", values: checkedText(path, name, series.cast(pl.Utf8).toArray() as (string | null)[]) };
    case "Int8":
    case "Int16":
    case "Int32":
    case "Int64":
    case "UInt8":
    case "UInt16":
    case "UInt32":
    case "UInt64":
    case "Float32":
    case "Float64":
    case "Decimal":
      // Excel numbers are doubles: integers past ±2^53 are rounded, as they would be in Excel.
      return {
        name,
        type: "n",
        values: physical(col.cast(pl.Float64)).map((v) => (v !== null && Number.isFinite(v) ? v : null)),
      };
    case "Date": {
      const days = physical(col.cast(pl.Int32));
      return {
        name,
        type: "n",
        format: "yyyy-mm-dd",
        values: days.map((d) => (d === null ? null : epochMsToSerial(d * DAY_MS))),
      };
    }
    case "Datetime": {
      const zoned = (dtype as unknown as { timeZone?: string | null }).timeZone;
      const wall = zoned ? col.dt.replaceTimeZone(undefined as never) : col;
      const ms = physical(wall.cast(pl.Datetime("ms")).cast(pl.Int64));
      const format = `yyyy-mm-dd hh:mm:ss${hasMilliseconds(ms) ? ".000" : ""}`;
      return { name, type: "n", format, values: ms.map((v) => (v === null ? null : epochMsToSerial(v))) };
    }
    case "Time": {
      const ms = physical(col.cast(pl.Int64)).map((ns) => (ns === null ? null : Math.round(ns / 1_000_000)));
      const format = `hh:mm:ss${hasMilliseconds(ms) ? ".000" : ""}`;
      return { name, type: "n", format, values: ms.map((v) => (v === null ? null : v / DAY_MS)) };
    }
    case "Duration": {
      const ms = physical(col.cast(pl.Duration("ms")).cast(pl.Int64));
      const format = `[h]:mm:ss${hasMilliseconds(ms) ? ".000" : ""}`;
      return { name, type: "n", format, values: ms.map((v) => (v === null ? null : v / DAY_MS)) };
    }
    case "Null":
      return { name, type: "s", values: new Array(data.height).fill(null) };
    default:
      throw new DataSourceError(
        `Cannot write ${path}: column ${JSON.stringify(name)} has type ${String(dtype).replace(/^DataType\((.*)\)$/, "$1")}, which Excel cells cannot hold; cast it to text first`,
      );
  }
}

/**
 * OOXML text encodes characters XML cannot hold as `_xHHHH_`, so text that already reads
 * like that must have its `_` escaped (`_x005F_`), or a reader would decode it. SheetJS
 * 0.20.3 escapes control characters but not this.
 */
function escapeEscapes(text: string): string {
  return text.replace(/_(x[0-9a-fA-F]{4}_)/g, "_x005F_$1");
}

function hasMilliseconds(ms: (number | null)[]): boolean {
  return ms.some((v) => v !== null && v % 1000 !== 0);
}

function checkedText(path: string, name: string, values: (string | null)[]): (string | null)[] {
  const row = values.findIndex((v) => v !== null && v.length > EXCEL_MAX_CELL_CHARS);
  if (row >= 0) {
    throw new DataSourceError(
      `Cannot write ${path}: column ${JSON.stringify(name)} row ${row + 1} holds ${(values[row] as string).length.toLocaleString("en-US")} characters; an Excel cell holds at most ${EXCEL_MAX_CELL_CHARS.toLocaleString("en-US")}`,
    );
  }
  return values;
}
