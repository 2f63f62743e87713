import { exactNumber, formatNumber } from "./number-format";

/**
 * How preview values show in the grid. Values come JSON-safe from the Server (preview-data:
 * big integers, decimals, dates, NaN and Infinity as strings; lists and structs as JSON), so
 * a cell is text, except null, which the grid draws apart. Strings show as they came; only
 * numbers are formatted for reading (number-format.ts), with the exact value in the tooltip.
 */

const NUMERIC_DTYPE = /^(U?Int\d+|Float\d+|Decimal)/;

/** Numbers read best right-aligned. */
export function isNumericDtype(dtype: string): boolean {
  return NUMERIC_DTYPE.test(dtype);
}

/** The exact text of one value (the tooltip, and what is copied); null for a null value. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return exactNumber(value);
  if (typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

/** The text one value shows: numbers for reading (274.379), others as `cellText`. */
export function cellShown(value: unknown): string | null {
  return typeof value === "number" ? formatNumber(value) : cellText(value);
}

/** Longest text the grid renders in a cell; the title attribute carries the rest. */
export const CELL_TEXT_LIMIT = 500;

const TITLE_LIMIT = 5000;

/**
 * The text shown and, when the column cuts it (`fits` says whether it fits), it holds line
 * breaks or it is a number shown rounded, the full text for the tooltip.
 */
export function cellDisplay(
  value: unknown,
  fits: (text: string) => boolean = (text) => text.length <= 24,
): { text: string | null; title?: string } {
  const text = cellText(value);
  if (text === null) return { text: null };
  if (typeof value === "number") {
    const rounded = formatNumber(value);
    return rounded === text && fits(text) ? { text } : { text: rounded, title: text };
  }
  const shown = text.length > CELL_TEXT_LIMIT ? `${text.slice(0, CELL_TEXT_LIMIT)}…` : text;
  const flat = /[\r\n\t]/.test(text);
  if (!flat && text.length <= CELL_TEXT_LIMIT && fits(text)) return { text };
  const title = text.length > TITLE_LIMIT ? `${text.slice(0, TITLE_LIMIT)}…` : text;
  return { text: flat ? shown.replace(/[\r\n\t]+/g, " ") : shown, title };
}
