/**
 * Numbers as the results show them (the grid's cells, the profile's values and counts): a
 * float reads as 274.379, not 274.37899999999996, while the exact value stays in the
 * tooltip and in what is copied (`exactNumber`).
 *
 * The text does not depend on the browser's locale: "." is the decimal point, as in the
 * CSV files and expressions the person writes. Data values are never grouped (a year, an id
 * or a postcode must not read as 2,024, and a copied value must paste back as a number);
 * counts the designer reports (rows, nulls) may be, with "," as in the rest of the English UI.
 */

/** Significant digits a float keeps; digits before the decimal point are never rounded away. */
const SIGNIFICANT = 6;
/**
 * Below this a float reads better with an exponent (1.5e-7); JS's own String switches there
 * too. (Floats from 2^53 on are whole numbers, which String writes with an exponent from 1e21.)
 */
const SMALL = 1e-6;

export interface NumberFormat {
  /** Groups the digits before the decimal point in threes with "," (counts, not data values). */
  group?: boolean;
  /** At most this many digits after the decimal point (percentages), and never an exponent. */
  maxFraction?: number;
}

/** The number exactly, as JSON would write it, except that -0 keeps its sign. */
export function exactNumber(value: number): string {
  return Object.is(value, -0) ? "-0" : String(value);
}

/**
 * A number to read: integers as they are, floats to 6 significant digits without trailing
 * zeros (274.37899999999996 → 274.379, 0.1 + 0.2 → 0.3, 1234567.891 → 1234568), very small
 * or large ones with an exponent (1.23457e-7), NaN and ±Infinity by name.
 */
export function formatNumber(value: number, options: NumberFormat = {}): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return grouped(exactNumber(value), options.group);
  const size = Math.abs(value);
  if (options.maxFraction === undefined && size < SMALL) {
    return value.toExponential(SIGNIFICANT - 1).replace(/\.?0+e/, "e");
  }
  // The first significant digit's place: 3 for 274.4, 0 for 0.3, -3 for 0.000123.
  const leading = Math.floor(Math.log10(size)) + 1;
  let fraction = Math.max(0, SIGNIFICANT - leading);
  if (options.maxFraction !== undefined) fraction = Math.min(fraction, options.maxFraction);
  const fixed = value.toFixed(fraction);
  const text = fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
  return grouped(text === "-0" ? "0" : text, options.group);
}

/** "1234567.5" → "1,234,567.5" when `group`; texts with an exponent or a name stay as they are. */
function grouped(text: string, group = false): string {
  if (!group || !/^-?\d+(\.\d+)?$/.test(text)) return text;
  const [integer = "", fraction] = text.split(".");
  const withCommas = integer.replace(/\B(?=(\d{3})+$)/g, ",");
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

/** A count the designer reports (rows, nulls, values): "1,234,567". */
export const formatCount = (count: number): string => formatNumber(count, { group: true });

/** A share in percent, without the sign: "33.33". */
export const formatPercent = (percent: number, maxFraction = 2): string => formatNumber(percent, { maxFraction });
