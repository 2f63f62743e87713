import * as XLSX from "@e965/xlsx";

/** Milliseconds in a day: Excel stores dates and times as day counts ("serials"). */
export const DAY_MS = 86_400_000;

/** The serial of 1970-01-01 in the 1900 date system (counting Excel's phantom 1900-02-29). */
const UNIX_EPOCH_1900 = 25_569;
/** The serial of 1970-01-01 in the 1904 date system (serial 0 is 1904-01-01). */
const UNIX_EPOCH_1904 = 24_107;
/** Serial 60 is 1900-02-29, a day that never was; serials below it are one day later than the formula past it. */
const PHANTOM_LEAP_DAY = 60;

/**
 * What a number format makes of a number: a calendar date (with or without a time), a time
 * of day, or an elapsed duration (`[h]:mm:ss`, which Excel shows as 255:10:10).
 */
export type DateFormatKind = "date" | "time" | "duration";

/**
 * The milliseconds since 1970-01-01 UTC of an Excel date serial, rounded to the millisecond.
 * In the 1900 system serials below 60 follow Excel's calendar (1 = 1900-01-01), serial 60
 * (Excel's 1900-02-29) reads as 1900-02-28, as in calamine. Computed here rather than with
 * SheetJS's `cellDates`, which drops milliseconds in .xls/.xlsb and treats serial 60
 * differently per format (SheetJS 0.20.3).
 */
export function serialToEpochMs(serial: number, date1904: boolean): number {
  const days = date1904
    ? serial - UNIX_EPOCH_1904
    : serial - (serial < PHANTOM_LEAP_DAY ? UNIX_EPOCH_1900 - 1 : UNIX_EPOCH_1900);
  return Math.round(days * DAY_MS);
}

/** The 1900-system serial of a UTC instant: the inverse of serialToEpochMs(…, false), written by the writer. */
export function epochMsToSerial(ms: number): number {
  const serial = ms / DAY_MS + UNIX_EPOCH_1900;
  // Before 1900-03-01 Excel's serials are one lower (its phantom 1900-02-29 is still ahead).
  return serial < PHANTOM_LEAP_DAY + 1 ? serial - 1 : serial;
}

/** The time of day of a serial in milliseconds since midnight (the fraction Excel shows with `h:mm`). */
export function serialToTimeOfDayMs(serial: number): number {
  const ms = Math.round((serial - Math.floor(serial)) * DAY_MS);
  return ms >= DAY_MS ? ms - DAY_MS : ms;
}

/** The length of an elapsed-time serial (days) in milliseconds. */
export function serialToDurationMs(serial: number): number {
  return Math.round(serial * DAY_MS);
}

const kindCache = new Map<string, DateFormatKind | undefined>();

/**
 * Whether a number format shows a date, a time of day or a duration, or undefined when it
 * shows a plain number. SheetJS decides whether it is a date format at all (it knows the
 * quoting, colour and locale syntax); this only tells the three apart by the first section's
 * tokens: `[h]`/`[m]`/`[s]` is a duration; y, d, e, g, b or a month-only `m` is a date; h or
 * s (with `m` as minutes) and no date token is a time of day.
 */
export function dateFormatKind(format: string | undefined): DateFormatKind | undefined {
  if (format === undefined || format === "General") return undefined;
  if (kindCache.has(format)) return kindCache.get(format);
  const kind = classify(format);
  if (kindCache.size < 1000) kindCache.set(format, kind);
  return kind;
}

function classify(format: string): DateFormatKind | undefined {
  if (!(XLSX.SSF.is_date(format) as boolean)) return undefined;
  const section = firstSection(format)
    .replace(/"[^"]*"/g, "") // quoted literals
    .replace(/\\./g, "") // escaped characters
    .replace(/[_*]./g, ""); // padding and fill
  if (/\[(h+|m+|s+)\]/i.test(section)) return "duration";
  const bare = section.replace(/\[[^\]]*\]/g, "").replace(/AM\/PM|A\/P/gi, "");
  const tokens = (bare.match(/[a-z]+/gi) ?? []).map((t) => t.toLowerCase());
  const isDateToken = (t: string) => /^[ydegb]/.test(t) || /^m{3,}/.test(t);
  if (tokens.some(isDateToken)) return "date";
  if (tokens.some((t) => t.startsWith("h") || t.startsWith("s"))) return "time";
  return "date";
}

/** The first `;`-separated section of a format (the one for positive numbers), ignoring quoted `;`. */
function firstSection(format: string): string {
  let quoted = false;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '"') quoted = !quoted;
    else if (c === "\\") i++;
    else if (c === ";" && !quoted) return format.slice(0, i);
  }
  return format;
}
