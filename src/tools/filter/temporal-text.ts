import { civilDays } from "../../shared/civil-date";
/**
 * ISO 8601 text a user types into a filter, read in plain TypeScript so that a wrong date is
 * refused when the tool is built (a Polars cast of a bad literal would give null and silently
 * match nothing).
 */

/** A date-time read from text: seconds since 1970-01-01 of its wall-clock time, the sub-second part, its offset. */
export interface ParsedDateTime {
  seconds: bigint;
  nanos: bigint;
  /** Minutes east of UTC when the text had `Z` or `±HH:MM`. */
  offsetMinutes?: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

function validDays(year: string, month: string, day: string): number | undefined {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  return civilDays(y, m, d);
}

/** Nanoseconds of a time of day, or undefined when a field is out of range. */
function timeNanos(hour = "0", minute = "0", second = "0", fraction = ""): bigint | undefined {
  const h = Number(hour);
  const m = Number(minute);
  const s = Number(second);
  if (h > 23 || m > 59 || s > 59) return undefined;
  return BigInt(h * 3600 + m * 60 + s) * 1_000_000_000n + BigInt(fraction.padEnd(9, "0"));
}

/** `YYYY-MM-DD` → days since 1970-01-01, or undefined. */
export function parseDate(text: string): number | undefined {
  const m = DATE.exec(text.trim());
  return m ? validDays(m[1] ?? "", m[2] ?? "", m[3] ?? "") : undefined;
}

/** `YYYY-MM-DD`, optionally with `THH:MM[:SS[.f…]]` (or a space) and `Z` / `±HH:MM`, or undefined. */
export function parseDateTime(text: string): ParsedDateTime | undefined {
  const m = DATETIME.exec(text.trim());
  if (!m) return undefined;
  const days = validDays(m[1] ?? "", m[2] ?? "", m[3] ?? "");
  const nanos = timeNanos(m[4], m[5], m[6], m[7]);
  if (days === undefined || nanos === undefined) return undefined;
  const parsed: ParsedDateTime = {
    seconds: BigInt(days) * 86_400n + nanos / 1_000_000_000n,
    nanos: nanos % 1_000_000_000n,
  };
  const offset = m[8];
  if (offset === "Z") parsed.offsetMinutes = 0;
  else if (offset) {
    const digits = offset.slice(1).replace(":", "");
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    if (Number(digits.slice(2)) > 59) return undefined;
    parsed.offsetMinutes = offset.startsWith("-") ? -minutes : minutes;
  }
  return parsed;
}

/** `HH:MM[:SS[.f…]]` → nanoseconds since midnight, or undefined. */
export function parseTime(text: string): bigint | undefined {
  const m = TIME.exec(text.trim());
  return m ? timeNanos(m[1], m[2], m[3], m[4]) : undefined;
}
