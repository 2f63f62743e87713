const DAY_MS = 86_400_000;

/** The days a dashboard chart covers, and the instant its first day starts. */
export interface DayWindow {
  /** The first day's midnight at the viewer's offset, as a UTC instant (runs from here count). */
  from: Date;
  /** Each day as YYYY-MM-DD at the viewer's offset, oldest first, ending with today. */
  days: string[];
}

/**
 * The last `count` days ending with today, where "today" and each midnight are the viewer's
 * (UTC shifted by `utcOffsetMinutes`). A fixed offset, not a time zone: across a daylight
 * saving change one day of the window is an hour off at its edges, which a chart of daily
 * counts can bear (the database then needs no time zone tables, and SQLite has none).
 */
export function dayWindow(now: Date, count: number, utcOffsetMinutes: number): DayWindow {
  const offsetMs = utcOffsetMinutes * 60_000;
  const localMidnight = Math.floor((now.getTime() + offsetMs) / DAY_MS) * DAY_MS;
  const firstLocal = localMidnight - (count - 1) * DAY_MS;
  const days = Array.from({ length: count }, (_, i) => new Date(firstLocal + i * DAY_MS).toISOString().slice(0, 10));
  return { from: new Date(firstLocal - offsetMs), days };
}
