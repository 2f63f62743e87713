import { civilDays } from "../../shared/civil-date";

/**
 * The text forms Alteryx stores dates, times and fixed decimals in. Dates and times are read
 * straight from the record's bytes (no string, no regex: they are the hot path of a large
 * file) and without a JS Date (whose UTC helpers move years 0-99 and whose local forms
 * depend on the time zone).
 */

const ZERO = 48;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The number written by `count` ASCII digits at `at`, or -1 if one is not a digit. */
function digits(bytes: Uint8Array, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const d = (bytes[i] ?? 0) - ZERO;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/** Days since 1970-01-01 of the `YYYY-MM-DD` date at `at`, or undefined when it is not a real date. */
export function dateAt(bytes: Uint8Array, at: number): number | undefined {
  const year = digits(bytes, at, 4);
  const month = digits(bytes, at + 5, 2);
  const day = digits(bytes, at + 8, 2);
  if (year < 0 || bytes[at + 4] !== 0x2d || bytes[at + 7] !== 0x2d) return undefined;
  return civilDays(year, month, day);
}

/** Seconds since midnight of the `HH:MM:SS` time at `at`, or undefined when it is not a real time. */
export function timeAt(bytes: Uint8Array, at: number): number | undefined {
  const hours = digits(bytes, at, 2);
  const minutes = digits(bytes, at + 3, 2);
  const seconds = digits(bytes, at + 6, 2);
  if (bytes[at + 2] !== 0x3a || bytes[at + 5] !== 0x3a) return undefined;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return undefined;
  return hours * 3600 + minutes * 60 + seconds;
}

/** Seconds since 1970-01-01 00:00:00 of the `YYYY-MM-DD HH:MM:SS` date-time at `at`, or undefined. */
export function dateTimeAt(bytes: Uint8Array, at: number): number | undefined {
  if (bytes[at + 10] !== 0x20) return undefined;
  const days = dateAt(bytes, at);
  const seconds = timeAt(bytes, at + 11);
  if (days === undefined || seconds === undefined) return undefined;
  return days * 86_400 + seconds;
}

/** Whether `text` is a plain decimal number (sign, digits, optional fraction; no exponent). */
export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text);
}

/** The digits before the point of a decimal text, leading zeros left out. */
export function integerDigits(text: string): number {
  let count = 0;
  let leading = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e) break;
    if (c < ZERO || c > ZERO + 9) continue;
    if (leading && c === ZERO) continue;
    leading = false;
    count++;
  }
  return count;
}
