/**
 * How preview values show in the grid. Values come JSON-safe from the Server (preview-data:
 * big integers, decimals, dates as strings; lists and structs as JSON), so a cell is text,
 * except null, which the grid draws apart.
 */

const NUMERIC_DTYPE = /^(U?Int\d+|Float\d+|Decimal)/;

/** Numbers read best right-aligned. */
export function isNumericDtype(dtype: string): boolean {
  return NUMERIC_DTYPE.test(dtype);
}

/** The text of one cell; null for a null value. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

/** Longest text the grid renders in a cell; the title attribute carries the rest. */
export const CELL_TEXT_LIMIT = 500;

const TITLE_LIMIT = 5000;

/**
 * The text shown and, when the column cuts it (`fits` says whether it fits) or it holds line
 * breaks, the full text for the tooltip.
 */
export function cellDisplay(
  value: unknown,
  fits: (text: string) => boolean = (text) => text.length <= 24,
): { text: string | null; title?: string } {
  const text = cellText(value);
  if (text === null) return { text: null };
  const shown = text.length > CELL_TEXT_LIMIT ? `${text.slice(0, CELL_TEXT_LIMIT)}…` : text;
  const flat = /[\r\n\t]/.test(text);
  if (!flat && text.length <= CELL_TEXT_LIMIT && fits(text)) return { text };
  const title = text.length > TITLE_LIMIT ? `${text.slice(0, TITLE_LIMIT)}…` : text;
  return { text: flat ? shown.replace(/[\r\n\t]+/g, " ") : shown, title };
}
