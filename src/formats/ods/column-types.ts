import pl from "nodejs-polars";
import type { Cell } from "./cells";

/** The Polars type a spreadsheet column is read as (see README.md for the rules). */
export type ColumnType = "Int64" | "Float64" | "Boolean" | "Date" | "Datetime" | "Duration" | "String";

/**
 * The type of a column from its cells (those of the inference window), empty ones ignored:
 * only whole numbers (within ±2^53) → Int64; any other numbers → Float64; booleans →
 * Boolean; dates all at midnight → Date, else Datetime (ms); durations → Duration (µs);
 * strings, or a mix of kinds → String; no value at all → String.
 */
export function inferColumnType(cells: Iterable<Cell | null>): ColumnType {
  let kind: Cell["kind"] | undefined;
  let whole = true;
  let hasTime = false;
  for (const cell of cells) {
    if (cell === null) continue;
    if (kind === undefined) kind = cell.kind;
    else if (kind !== cell.kind) return "String";
    if (cell.kind === "number" && !isWholeNumber(cell.value)) whole = false;
    if (cell.kind === "date" && cell.hasTime) hasTime = true;
  }
  switch (kind) {
    case "number":
      return whole ? "Int64" : "Float64";
    case "boolean":
      return "Boolean";
    case "date":
      return hasTime ? "Datetime" : "Date";
    case "duration":
      return "Duration";
    default:
      return "String";
  }
}

/** A JS value a column of `type` holds: a number, boolean, Date or string, or null. */
export type ColumnValue = number | boolean | Date | string | null;

/** Marks a cell that a column of the inferred type cannot hold (a value past the inference window). */
export const MISFIT = Symbol("misfit");

/**
 * The value `cell` takes in a column of `type`, or MISFIT when the column cannot hold it
 * without losing information (text in a number column, 1.5 in an Int64 column, a time of
 * day in a Date column). A String column holds anything: a non-text cell as its displayed text.
 */
export function fitCell(type: ColumnType, cell: Cell | null): ColumnValue | typeof MISFIT {
  if (cell === null) return null;
  switch (type) {
    case "String":
      return cell.kind === "string" ? cell.value : cell.text;
    case "Int64":
      return cell.kind === "number" && isWholeNumber(cell.value) ? cell.value : MISFIT;
    case "Float64":
      return cell.kind === "number" ? cell.value : MISFIT;
    case "Boolean":
      return cell.kind === "boolean" ? cell.value : MISFIT;
    case "Date":
      return cell.kind === "date" && !cell.hasTime ? new Date(cell.value) : MISFIT;
    case "Datetime":
      return cell.kind === "date" ? new Date(cell.value) : MISFIT;
    case "Duration":
      return cell.kind === "duration" ? cell.value : MISFIT;
  }
}

/** A Series of `type` from values made by fitCell. */
export function columnSeries(name: string, type: ColumnType, values: ColumnValue[]): pl.Series {
  switch (type) {
    case "Int64":
      return pl.Series(name, values, pl.Int64);
    case "Float64":
      return pl.Series(name, values, pl.Float64);
    case "Boolean":
      return pl.Series(name, values, pl.Bool);
    case "Date":
      return pl.Series(name, values, pl.Date);
    case "Datetime":
      return pl.Series(name, values, pl.Datetime("ms"));
    case "Duration":
      // Built as Int64 microseconds, then reinterpreted: the values are whole microseconds already.
      return pl.Series(name, values, pl.Int64).cast(pl.Duration("us"));
    case "String":
      return pl.Series(name, values, pl.Utf8);
  }
}

/** How a cell is described in an error: its kind and displayed text. */
export function describeCell(cell: Cell): string {
  const kind = cell.kind === "number" && !isWholeNumber(cell.value) ? "decimal number" : cell.kind;
  return `${kind} ${JSON.stringify(cell.text)}`;
}

function isWholeNumber(value: number): boolean {
  return Number.isSafeInteger(value);
}
