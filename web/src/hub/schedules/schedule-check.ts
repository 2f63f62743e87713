import { ValidationError } from "../../../../src/shared/errors";
import {
  CRON_MAX_CHARS,
  nextOccurrences,
  parseSchedule,
  TIMEZONE_MAX_CHARS,
} from "../../../../src/shared/schedule-occurrences";

/** The fields of a schedule a check (or the Hub's 400) can be about. */
export type ScheduleField = "cron" | "timezone";

export type ScheduleCheck = { ok: true; next: Date[] } | { ok: false; field: ScheduleField; message: string };

/** How many upcoming occurrences the editor shows (as the Hub's `next_runs`). */
export const NEXT_COUNT = 5;

/**
 * The editor's check of a cron in a time zone, by the Hub's own rules (the same
 * schedule-occurrences.ts the Hub parses with, and the same limits as its request schema), so
 * the editor accepts exactly what the Hub accepts; on success, the next five occurrences after
 * `now` as the Hub computes them (its daylight-saving rule included).
 */
export function checkSchedule(cron: string, timezone: string, now: Date): ScheduleCheck {
  const text = cron.trim();
  const zone = timezone.trim();
  if (!text) return { ok: false, field: "cron", message: "cron: must not be empty" };
  if (text.length > CRON_MAX_CHARS) {
    return { ok: false, field: "cron", message: `cron: at most ${CRON_MAX_CHARS} characters` };
  }
  if (!zone) return { ok: false, field: "timezone", message: "timezone: choose a time zone" };
  if (zone.length > TIMEZONE_MAX_CHARS) {
    return { ok: false, field: "timezone", message: `timezone: at most ${TIMEZONE_MAX_CHARS} characters` };
  }
  try {
    return { ok: true, next: nextOccurrences(parseSchedule(text, zone), now, NEXT_COUNT) };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return { ok: false, field: fieldOf(err.message), message: err.message };
  }
}

/** Which field a Hub answer's `detail` is about ("timezone: …", "cron: …"); the cron otherwise. */
export function fieldOf(detail: string): ScheduleField {
  return /^timezone\b/.test(detail) ? "timezone" : "cron";
}

/** "cron: "x" is not valid (…)" → "“x” is not valid (…)": the field's label already says which. */
export function withoutField(detail: string): string {
  return detail.replace(/^(cron|timezone):\s*/, "");
}
