import type * as XLSX from "@e965/xlsx";
import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { DAY_MS, dateFormatKind, serialToDurationMs, serialToEpochMs, serialToTimeOfDayMs } from "./excel-dates";
import { isPresent, type SheetTable } from "./table";

/** What one cell holds, as far as a column's type is concerned. */
export type CellKind = "bool" | "int" | "float" | "date" | "datetime" | "time" | "duration" | "string";

/**
 * Instants outside 0001-01-01 .. 9999-12-31 are not dates Excel can show (it shows ####);
 * a number with a date format that lands there is read as the plain number.
 */
const MIN_DATE_MS = -62_135_596_800_000;
const MAX_DATE_MS = 253_402_300_799_999;

const KIND_NAMES: Record<CellKind, string> = {
  bool: "a boolean",
  int: "a whole number",
  float: "a number",
  date: "a date",
  datetime: "a date-time",
  time: "a time of day",
  duration: "a duration",
  string: "text",
};

const DTYPE_NAMES: Record<CellKind, string> = {
  bool: "Boolean",
  int: "Int64",
  float: "Float64",
  date: "Date",
  datetime: "Datetime(ms)",
  time: "Time",
  duration: "Duration(ms)",
  string: "String",
};

/** What the column builder needs besides the table: the file, the sheet and the workbook's date system. */
export interface ColumnContext {
  path: string;
  sheetName: string;
  date1904: boolean;
  /** How many data rows decide a column's type (Infinity: all of them; 0: every column is text). */
  inferSchemaLength: number;
}

/**
 * The kind of a cell, or undefined for an empty or error cell (#N/A, #DIV/0!, ...), which
 * is null. A number is a date, time or duration when its number format says so.
 */
export function cellKind(cell: XLSX.CellObject | undefined, date1904: boolean): CellKind | undefined {
  if (!isPresent(cell)) return undefined;
  switch (cell.t) {
    case "b":
      return "bool";
    case "s":
      return "string";
    case "d":
      return dateValueKind(dateOfCell(cell));
    case "n": {
      const v = cell.v as number;
      const format = dateFormatKind(cell.z as string | undefined);
      if (format === "duration") return "duration";
      if (format === "time") return "time";
      if (format === "date") {
        const ms = serialToEpochMs(v, date1904);
        if (ms >= MIN_DATE_MS && ms <= MAX_DATE_MS) return dateValueKind(ms);
      }
      return Number.isSafeInteger(v) ? "int" : "float";
    }
    default:
      return undefined;
  }
}

/** The one kind that holds both: int+float is float, date+datetime is datetime, anything else is text. */
export function unify(a: CellKind, b: CellKind): CellKind {
  if (a === b) return a;
  if ((a === "int" && b === "float") || (a === "float" && b === "int")) return "float";
  if ((a === "date" && b === "datetime") || (a === "datetime" && b === "date")) return "datetime";
  return "string";
}

/**
 * The columns of a table as Polars series: each column's type is the unified kind of its
 * first `inferSchemaLength` data rows (a column without values is String). A later cell
 * that the type cannot hold throws DataSourceError naming the cell.
 */
export function tableColumns(table: SheetTable, context: ColumnContext): pl.Series[] {
  return table.names.map((name, column) => buildColumn(table, column, name, context));
}

function buildColumn(table: SheetTable, column: number, name: string, context: ColumnContext): pl.Series {
  const type = inferKind(table, column, context);
  const values: (number | boolean | string | null)[] = new Array(table.height);
  for (let row = 0; row < table.height; row++) {
    const cell = table.cell(row, column);
    const kind = cellKind(cell, context.date1904);
    if (kind === undefined || cell === undefined) {
      values[row] = null;
      continue;
    }
    if (!holds(type, kind)) throw mismatch(table, row, column, name, type, kind, cell, context);
    values[row] = convert(cell, type, context.date1904);
  }
  switch (type) {
    case "bool":
      return pl.Series(name, values, pl.Bool);
    case "int":
      return pl.Series(name, values, pl.Int64);
    case "float":
      return pl.Series(name, values, pl.Float64);
    case "string":
      return pl.Series(name, values, pl.Utf8);
    case "date":
      return pl.Series(name, values, pl.Int32).cast(pl.Date);
    case "datetime":
      return pl.Series(name, values, pl.Int64).cast(pl.Datetime("ms"));
    case "time":
      return pl.Series(name, values, pl.Int64).cast(pl.Time);
    case "duration":
      return pl.Series(name, values, pl.Int64).cast(pl.Duration("ms"));
  }
}

function inferKind(table: SheetTable, column: number, context: ColumnContext): CellKind {
  let kind: CellKind | undefined;
  const rows = Math.min(table.height, context.inferSchemaLength);
  for (let row = 0; row < rows && kind !== "string"; row++) {
    const next = cellKind(table.cell(row, column), context.date1904);
    if (next !== undefined) kind = kind === undefined ? next : unify(kind, next);
  }
  return kind ?? "string";
}

function holds(type: CellKind, kind: CellKind): boolean {
  return type === kind || type === "string" || unify(type, kind) === type;
}

/** A cell's value in the column's physical representation (days, ms or ns for temporal types). */
function convert(cell: XLSX.CellObject, type: CellKind, date1904: boolean): number | boolean | string {
  switch (type) {
    case "string":
      return cellText(cell);
    case "bool":
      return cell.v as boolean;
    case "int":
    case "float":
      return cell.v as number;
    case "date":
      return Math.round(epochMsOf(cell, date1904) / DAY_MS);
    case "datetime":
      return epochMsOf(cell, date1904);
    case "time":
      return serialToTimeOfDayMs(cell.v as number) * 1_000_000;
    case "duration":
      return serialToDurationMs(cell.v as number);
  }
}

/** A cell as text: a string as stored, anything else as Excel shows it (its formatted text). */
export function cellText(cell: XLSX.CellObject): string {
  if (cell.t === "s") return String(cell.v);
  if (cell.w !== undefined) return cell.w;
  if (cell.t === "b") return cell.v ? "TRUE" : "FALSE";
  if (cell.v instanceof Date) return cell.v.toISOString();
  return String(cell.v);
}

function epochMsOf(cell: XLSX.CellObject, date1904: boolean): number {
  return cell.t === "d" ? dateOfCell(cell) : serialToEpochMs(cell.v as number, date1904);
}

/** A date cell's instant (SheetJS gives a Date, or an ISO string from some writers). */
function dateOfCell(cell: XLSX.CellObject): number {
  return cell.v instanceof Date ? cell.v.getTime() : Date.parse(String(cell.v));
}

function dateValueKind(ms: number): CellKind {
  if (Number.isNaN(ms)) return "string";
  return ms % DAY_MS === 0 ? "date" : "datetime";
}

function mismatch(
  table: SheetTable,
  row: number,
  column: number,
  name: string,
  type: CellKind,
  kind: CellKind,
  cell: XLSX.CellObject,
  context: ColumnContext,
): DataSourceError {
  return new DataSourceError(
    `Cannot read ${context.path}: sheet ${JSON.stringify(context.sheetName)} cell ${table.address(row, column)} holds ` +
      `${KIND_NAMES[kind]} (${JSON.stringify(cellText(cell))}), but column ${JSON.stringify(name)} was typed ` +
      `${DTYPE_NAMES[type]} from its first ${context.inferSchemaLength} rows; raise infer_schema_length or leave it unset to use every row`,
  );
}
