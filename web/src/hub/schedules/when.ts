/**
 * Times as people read them: "in 3 hours", "5 minutes ago" (relative, where it helps), and the
 * exact instant in a given zone ("Mon 30 Mar 2026, 06:30 CEST") for a title or a list of
 * upcoming occurrences.
 */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** `at` from `now` in words: "in 3 hours", "yesterday", "just now" (under a minute). */
export function relativeTime(at: Date, now: Date): string {
  const ms = at.getTime() - now.getTime();
  if (Math.abs(ms) < 60_000) return ms >= 0 ? "in under a minute" : "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(ms) >= size) return relative.format(Math.trunc(ms / size), unit);
  }
  return relative.format(Math.trunc(ms / 60_000), "minute");
}

/**
 * When something already happened, from `now`: as relativeTime, but never "in …" — the page's
 * `now` is renewed every half minute and the Hub's clock may run a little ahead of the browser's.
 */
export function agoTime(at: Date, now: Date): string {
  return at.getTime() >= now.getTime() ? "just now" : relativeTime(at, now);
}

/** `at` in `timezone` (the browser's when absent), exact to the minute, with the zone's short name. */
export function exactTime(at: Date, timezone?: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: timezone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(at);
}

/** The browser's IANA zone ("Europe/Berlin"); UTC when the browser does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Every IANA zone the browser knows, UTC first (Chromium's list leaves "UTC" itself out). */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...known.filter((z) => z !== "UTC")];
}
