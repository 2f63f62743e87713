import { Cron } from "croner";
import { ValidationError } from "./errors";

/**
 * When a schedule fires: its cron (5 fields, or 6 with seconds first) read in its IANA time
 * zone by croner, plus the one daylight-saving rule croner does not make for us. It lives in
 * shared/ because two apps read it: the Hub (which refuses what it cannot parse, and plans
 * runs) and the web app's cron editor (which must accept exactly what the Hub accepts and
 * show the same next occurrences).
 *
 * The policy (docs/hub.md "Schedules"):
 * - a local time that does not exist (the hour skipped when clocks go forward) fires at the
 *   next valid instant: `30 2 * * *` in Europe/Berlin fires at 03:00 CEST on that night
 *   (croner's own behaviour);
 * - a local time that happens twice (the hour repeated when clocks go back) fires once, at
 *   its first instant. croner already does so for a fixed time (`30 2 * * *`); a pattern
 *   that fires several times an hour would fire again in the repeated hour, so such an
 *   instant is dropped here (`isRepeatedLocalTime`).
 */

/** The longest cron and time zone texts the Hub takes (src/hub/schedules/schemas.ts). */
export const CRON_MAX_CHARS = 200;
export const TIMEZONE_MAX_CHARS = 100;

/** A parsed, checked schedule expression. */
export interface Occurrences {
  /** The first occurrence strictly after `after`, or null when the cron has none left. */
  next(after: Date): Date | null;
}

/** How far back a clock change is looked for: far more than any zone's change, far less than any two changes apart. */
const CHANGE_WINDOW_MS = 6 * 3_600_000;

/** The zone's offset from UTC at `at`, in milliseconds (Europe/Berlin in summer: +7,200,000). */
export function zoneOffsetMs(at: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - (at.getTime() - at.getUTCMilliseconds());
}

/**
 * True when `at`'s local wall time already happened earlier the same night: the clocks went
 * back by `d` within the window before `at`, and `at - d` (same wall time) lies before the change.
 */
export function isRepeatedLocalTime(at: Date, timezone: string): boolean {
  const before = zoneOffsetMs(new Date(at.getTime() - CHANGE_WINDOW_MS), timezone);
  const d = before - zoneOffsetMs(at, timezone);
  if (d <= 0) return false;
  return zoneOffsetMs(new Date(at.getTime() - d), timezone) === before;
}

function checkTimezone(timezone: string): void {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
  } catch {
    throw new ValidationError(`timezone: "${timezone}" is not an IANA time zone (e.g. UTC, Europe/Berlin)`);
  }
}

/** Parses `cron` in `timezone`; a ValidationError (400) names the field that is wrong. */
export function parseSchedule(cron: string, timezone: string): Occurrences {
  checkTimezone(timezone);
  const fields = cron.trim().split(/\s+/).length;
  if (fields !== 5 && fields !== 6) {
    throw new ValidationError(`cron: "${cron}" has ${fields} fields; give 5 (minute first) or 6 (second first)`);
  }
  let pattern: Cron;
  try {
    pattern = new Cron(cron.trim(), { timezone, mode: "5-or-6-parts", paused: true });
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^CronPattern:\s*/, "") : String(err);
    throw new ValidationError(`cron: "${cron}" is not a valid cron expression (${why})`);
  }
  return {
    next(after) {
      let from = after;
      // A repeated instant is skipped; at most a few per night, so the loop is short.
      for (let guard = 0; guard < 10_000; guard++) {
        const at = pattern.nextRun(from);
        if (!at) return null;
        if (!isRepeatedLocalTime(at, timezone)) return at;
        from = at;
      }
      return null;
    },
  };
}

/** The next `count` occurrences after `after`. */
export function nextOccurrences(schedule: Occurrences, after: Date, count: number): Date[] {
  const out: Date[] = [];
  let from = after;
  while (out.length < count) {
    const at = schedule.next(from);
    if (!at) break;
    out.push(at);
    from = at;
  }
  return out;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** `at` as ISO 8601 with the offset of `timezone` at that instant: 2026-03-29T03:00:00+02:00. */
export function isoInZone(at: Date, timezone: string): string {
  const offset = zoneOffsetMs(at, timezone);
  const local = new Date(at.getTime() + offset);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const ms = local.getUTCMilliseconds();
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    (ms ? `.${pad(ms, 3)}` : "") +
    `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`
  );
}
