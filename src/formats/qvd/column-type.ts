import type { QvdFieldHeader, QvdNumberFormat } from "./header";
import { hasNumber, SymbolKind, type SymbolTable } from "./symbols";

/** The Polars type a QVD field is read as (README.md gives the rules and why). */
export type QvdColumnType = "Int64" | "Float64" | "String" | "Date" | "Datetime" | "Time" | "Duration";

/** Day 0 of Qlik's serial dates, 1899-12-30, as days before 1970-01-01. */
export const SERIAL_EPOCH_DAYS = 25569;
export const MS_PER_DAY = 86_400_000;
/** The range of a JavaScript Date (±100,000,000 days around 1970), far inside Polars' Int64 ms. */
const MAX_ABS_MS = 8.64e15;

/**
 * Chooses a field's column type from its symbols (all of them, so the schema does not depend
 * on how many rows are read), its NumberFormat and, when the format is UNKNOWN, its tags:
 * - text in any symbol (or an ASCII format) → String of every symbol's text form;
 * - DATE (or tag `$date`) → Date, TIMESTAMP (or `$timestamp`) → Datetime(ms), TIME → Time,
 *   INTERVAL → Duration(ms), each falling back when a value does not fit (README.md);
 * - INTEGER, UNKNOWN → Int64 when every symbol is an int32 (or, for INTEGER / `$integer`,
 *   an integral double within ±2^53), else Float64; REAL, FIX, MONEY → Float64.
 * A field with no symbols takes its type from its NumberFormat alone (String when UNKNOWN).
 */
export function columnTypeOf(field: QvdFieldHeader, symbols: SymbolTable): QvdColumnType {
  const format = effectiveFormat(field);
  if (symbols.count === 0) return typeOfFormat(format);
  if (format === "ASCII" || !everySymbol(symbols, (kind) => hasNumber(kind))) return "String";
  const numbers = symbols.numbers;
  switch (format) {
    case "DATE":
      if (numbers.every((n) => Number.isInteger(n) && fitsMs(n))) return "Date";
      return numbers.every(fitsMs) ? "Datetime" : "Float64";
    case "TIMESTAMP":
      return numbers.every(fitsMs) ? "Datetime" : "Float64";
    case "TIME":
      if (numbers.every((n) => n >= 0 && Math.round(n * MS_PER_DAY) < MS_PER_DAY)) return "Time";
      return numbers.every(fitsMs) ? "Duration" : "Float64";
    case "INTERVAL":
      return numbers.every(fitsMs) ? "Duration" : "Float64";
    case "REAL":
    case "FIX":
    case "MONEY":
      return "Float64";
    default: {
      if (everySymbol(symbols, (kind) => kind === SymbolKind.Int || kind === SymbolKind.DualInt)) return "Int64";
      const declaredInteger = format === "INTEGER" || field.tags.includes("$integer");
      return declaredInteger && numbers.every(Number.isSafeInteger) ? "Int64" : "Float64";
    }
  }
}

/** The NumberFormat, or for UNKNOWN the date/timestamp that Qlik's tags declare. */
function effectiveFormat(field: QvdFieldHeader): QvdNumberFormat {
  if (field.numberFormat !== "UNKNOWN") return field.numberFormat;
  if (field.tags.includes("$date")) return "DATE";
  if (field.tags.includes("$timestamp")) return "TIMESTAMP";
  return "UNKNOWN";
}

function typeOfFormat(format: QvdNumberFormat): QvdColumnType {
  switch (format) {
    case "INTEGER":
      return "Int64";
    case "REAL":
    case "FIX":
    case "MONEY":
      return "Float64";
    case "DATE":
      return "Date";
    case "TIMESTAMP":
      return "Datetime";
    case "TIME":
      return "Time";
    case "INTERVAL":
      return "Duration";
    default:
      return "String";
  }
}

function everySymbol(symbols: SymbolTable, test: (kind: number) => boolean): boolean {
  return symbols.kinds.every(test);
}

/** A serial day number whose instant a Datetime(ms) can hold exactly enough. */
function fitsMs(serial: number): boolean {
  return Number.isFinite(serial) && Math.abs((serial - SERIAL_EPOCH_DAYS) * MS_PER_DAY) <= MAX_ABS_MS;
}
