import { expect, test } from "bun:test";
import { axisLabel, chartGeometry, dayLabel, dayWords, niceTop } from "./runs-chart-geometry";

const day = (d: string, total: number, succeeded = 0, failed = 0, cancelled = 0) => ({
  day: d,
  total,
  succeeded,
  failed,
  cancelled,
});

test("niceTop rounds the busiest day up to a number the axis reads easily", () => {
  expect([0, 1, 2, 3, 7, 10, 11, 48, 51, 999].map(niceTop)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 100, 1000]);
});

test("dayLabel and dayWords say the day as written, and its runs in words", () => {
  expect(dayLabel("2026-11-28")).toBe("Nov 28");
  expect([axisLabel("2026-11-28", true), axisLabel("2026-11-29", false), axisLabel("2026-12-01", false)]).toEqual([
    "Nov 28",
    "29",
    "Dec 1",
  ]);
  expect(dayWords(day("2026-11-28", 0))).toBe("Nov 28: no runs");
  expect(dayWords(day("2026-11-28", 5, 2, 1, 1))).toBe(
    "Nov 28: 5 runs, 2 succeeded, 1 failed, 1 cancelled, 1 queued or running",
  );
  expect(dayWords(day("2026-11-27", 1, 1))).toBe("Nov 27: 1 run, 1 succeeded");
});

test("chartGeometry stacks each day's runs from the bottom, scaled to the busiest day's round top", () => {
  const g = chartGeometry([day("2026-11-27", 0), day("2026-11-28", 4, 2, 1, 0)], 100, 100);
  expect(g.top).toBe(5);
  // Each bar 70% of its day's slot, centred in it.
  expect(g.bars.map((b) => [b.x, b.width])).toEqual([
    [7.5, 35],
    [57.5, 35],
  ]);
  // A wide screen spreads the days; the bars stop at 48 px.
  expect(chartGeometry([day("2026-11-28", 1, 1)], 1000, 100).bars[0]).toMatchObject({ x: 476, width: 48 });
  expect(g.bars[0]?.pieces).toEqual([]);
  // 4 of 5: 80 of 100 high; succeeded at the bottom (40), failed above it (20), 1 still running (20).
  expect(g.bars[1]?.pieces).toEqual([
    { kind: "succeeded", y: 60, height: 40 },
    { kind: "failed", y: 40, height: 20 },
    { kind: "other", y: 20, height: 20 },
  ]);
});
