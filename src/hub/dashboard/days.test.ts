import { describe, expect, test } from "bun:test";
import { dayWindow } from "./days";

describe("dayWindow", () => {
  test("UTC: the last three days end today and start at the first one's midnight", () => {
    const w = dayWindow(new Date("2026-11-28T09:30:00Z"), 3, 0);
    expect(w.days).toEqual(["2026-11-26", "2026-11-27", "2026-11-28"]);
    expect(w.from.toISOString()).toBe("2026-11-26T00:00:00.000Z");
  });

  test("east of UTC: late in the UTC evening it is already tomorrow, and midnight is earlier in UTC", () => {
    // 23:30 UTC is 01:30 on the 29th at UTC+2.
    const w = dayWindow(new Date("2026-11-28T23:30:00Z"), 2, 120);
    expect(w.days).toEqual(["2026-11-28", "2026-11-29"]);
    expect(w.from.toISOString()).toBe("2026-11-27T22:00:00.000Z");
  });

  test("west of UTC: early in the UTC morning it is still yesterday", () => {
    // 03:00 UTC is 22:00 on the 27th at UTC-5.
    const w = dayWindow(new Date("2026-11-28T03:00:00Z"), 1, -300);
    expect(w.days).toEqual(["2026-11-27"]);
    expect(w.from.toISOString()).toBe("2026-11-27T05:00:00.000Z");
  });

  test("a month boundary and a leap day", () => {
    expect(dayWindow(new Date("2028-03-01T12:00:00Z"), 3, 0).days).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });
});
