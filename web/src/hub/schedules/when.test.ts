import { expect, test } from "bun:test";
import { agoTime, exactTime, relativeTime, timeZones } from "./when";

const NOW = new Date("2026-03-27T12:00:00Z");
const after = (ms: number) => new Date(NOW.getTime() + ms);

test.each([
  [30_000, "in under a minute"],
  [-30_000, "just now"],
  [5 * 60_000, "in 5 minutes"],
  [-5 * 60_000, "5 minutes ago"],
  [3 * 3_600_000 + 59 * 60_000, "in 3 hours"],
  [-86_400_000, "yesterday"],
  [2 * 86_400_000, "in 2 days"],
  [9 * 86_400_000, "next week"],
])("%d ms from now reads “%s”", (ms, words) => {
  expect(relativeTime(after(ms), NOW)).toBe(words);
});

test("exact times are in the zone asked for, to the minute", () => {
  const at = new Date("2026-03-30T04:30:00Z");
  expect(exactTime(at, "Europe/Berlin")).toContain("06:30");
  expect(exactTime(at, "Europe/Berlin")).toContain("30 Mar 2026");
  expect(exactTime(at, "America/New_York")).toContain("00:30");
  expect(exactTime(at, "UTC")).toContain("04:30");
});

test("the zones to choose from hold UTC once, and the common ones", () => {
  const zones = timeZones();
  expect(zones[0]).toBe("UTC");
  expect(zones.filter((z) => z === "UTC")).toHaveLength(1);
  expect(zones).toContain("Europe/Berlin");
});

test("what already happened is never “in …”, whatever the clocks say", () => {
  expect(agoTime(after(20_000), NOW)).toBe("just now");
  expect(agoTime(after(-5 * 60_000), NOW)).toBe("5 minutes ago");
});
