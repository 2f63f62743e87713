import type { DayRuns } from "./dashboard-api";

/** One stacked bar's pieces, bottom up, in the chart's coordinates. */
export interface BarPiece {
  kind: "succeeded" | "failed" | "cancelled" | "other";
  y: number;
  height: number;
}

export interface Bar {
  day: string;
  x: number;
  width: number;
  pieces: BarPiece[];
  /** The day's runs in words, for the bar's title. */
  label: string;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** The largest count the axis shows (a round number at or above the busiest day). */
  top: number;
  bars: Bar[];
}

/** A round number at or above `n` (1, 2, 5, 10, 20, 50, …), so the axis reads easily. */
export function niceTop(n: number): number {
  if (n <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= n) return step * magnitude;
  return 10 * magnitude;
}

/** `2026-11-28` → "Nov 28" (the day as written, not shifted by a time zone). */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString("en", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * The label under a bar: the day of the month ("16"), with the month on the first bar and on
 * the 1st ("Nov 15", "Dec 1"), so 14 or 30 labels fit under the bars and still say the month.
 */
export function axisLabel(day: string, first: boolean): string {
  return first || day.endsWith("-01") ? dayLabel(day) : String(Number(day.slice(8, 10)));
}

/** The day's runs in words: "Nov 28: 5 runs, 3 succeeded, 1 failed, 1 cancelled". */
export function dayWords(d: DayRuns): string {
  if (d.total === 0) return `${dayLabel(d.day)}: no runs`;
  const parts = [`${d.total} run${d.total === 1 ? "" : "s"}`];
  if (d.succeeded) parts.push(`${d.succeeded} succeeded`);
  if (d.failed) parts.push(`${d.failed} failed`);
  if (d.cancelled) parts.push(`${d.cancelled} cancelled`);
  const other = d.total - d.succeeded - d.failed - d.cancelled;
  if (other) parts.push(`${other} queued or running`);
  return `${dayLabel(d.day)}: ${parts.join(", ")}`;
}

/**
 * Stacked bars of runs per day in a `width` × `height` box (the plot area: the component
 * draws the axis and labels around it). Pure, so a test checks the arithmetic.
 */
export function chartGeometry(days: DayRuns[], width: number, height: number): ChartGeometry {
  const top = niceTop(Math.max(0, ...days.map((d) => d.total)));
  const slot = days.length === 0 ? width : width / days.length;
  // At most 48 px: on a wide screen the days spread out rather than the bars swelling.
  const barWidth = Math.min(48, Math.max(2, slot * 0.7));
  const scale = height / top;
  const bars = days.map((d, i) => {
    let base = height;
    const pieces: BarPiece[] = [];
    const other = d.total - d.succeeded - d.failed - d.cancelled;
    for (const [kind, count] of [
      ["succeeded", d.succeeded],
      ["failed", d.failed],
      ["cancelled", d.cancelled],
      ["other", other],
    ] as const) {
      if (count <= 0) continue;
      const h = count * scale;
      base -= h;
      pieces.push({ kind, y: base, height: h });
    }
    return { day: d.day, x: i * slot + (slot - barWidth) / 2, width: barWidth, pieces, label: dayWords(d) };
  });
  return { width, height, top, bars };
}
