import { describe, expect, test } from "bun:test";
import { ValidationError } from "./errors";
import { isoInZone, isRepeatedLocalTime, nextOccurrences, parseSchedule } from "./schedule-occurrences";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const runs = (cron: string, tz: string, after: string, n: number) =>
  iso(nextOccurrences(parseSchedule(cron, tz), new Date(after), n));

describe("cron and time zone checks", () => {
  test.each([
    ["61 * * * *", "UTC", "cron:"],
    ["* * * *", "UTC", "cron:"],
    ["* * * * * * *", "UTC", "cron:"],
    ["* * * * *", "Mars/Olympus", "timezone:"],
  ])("%s in %s is refused, naming %s", (cron, tz, field) => {
    expect(() => parseSchedule(cron, tz)).toThrow(ValidationError);
    expect(() => parseSchedule(cron, tz)).toThrow(field);
  });

  test("six fields have seconds first", () => {
    expect(runs("*/15 * * * * *", "UTC", "2026-01-01T00:00:00Z", 3)).toEqual([
      "2026-01-01T00:00:15.000Z",
      "2026-01-01T00:00:30.000Z",
      "2026-01-01T00:00:45.000Z",
    ]);
  });
});

describe("daylight saving (Europe/Berlin: forward 2026-03-29 02:00→03:00, back 2026-10-25 03:00→02:00)", () => {
  test("a local time that does not exist fires at the next valid instant", () => {
    // 02:30 does not exist on 29 March: 03:00 CEST (01:00Z) instead, then 02:30 CEST again.
    expect(runs("30 2 * * *", "Europe/Berlin", "2026-03-28T12:00:00Z", 2)).toEqual([
      "2026-03-29T01:00:00.000Z",
      "2026-03-30T00:30:00.000Z",
    ]);
  });

  test("a repeated local time fires once (a fixed time)", () => {
    // 02:30 happens at 00:30Z (CEST) and 01:30Z (CET): only the first.
    expect(runs("30 2 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z", 2)).toEqual([
      "2026-10-25T00:30:00.000Z",
      "2026-10-26T01:30:00.000Z",
    ]);
  });

  test("a repeated local time fires once (several times an hour)", () => {
    // Every 30 minutes: 02:00 and 02:30 CEST fire; the repeated 02:00 and 02:30 CET do not.
    expect(runs("*/30 * * * *", "Europe/Berlin", "2026-10-24T23:45:00Z", 4)).toEqual([
      "2026-10-25T00:00:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T02:00:00.000Z",
      "2026-10-25T02:30:00.000Z",
    ]);
  });

  test("the skipped hour's instants collapse into the next valid one", () => {
    expect(runs("*/30 * * * *", "Europe/Berlin", "2026-03-28T23:50:00Z", 4)).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T01:30:00.000Z",
    ]);
  });

  test("America/New_York too: 02:00 on 8 March fires at 03:00 EDT; 01:30 on 1 November once", () => {
    expect(runs("0 2 * * *", "America/New_York", "2026-03-07T12:00:00Z", 2)).toEqual([
      "2026-03-08T07:00:00.000Z",
      "2026-03-09T06:00:00.000Z",
    ]);
    expect(runs("30 1 * * *", "America/New_York", "2026-10-31T12:00:00Z", 2)).toEqual([
      "2026-11-01T05:30:00.000Z",
      "2026-11-02T06:30:00.000Z",
    ]);
  });

  test("isRepeatedLocalTime marks only the second pass of the repeated hour", () => {
    expect(isRepeatedLocalTime(new Date("2026-10-25T00:30:00Z"), "Europe/Berlin")).toBe(false);
    expect(isRepeatedLocalTime(new Date("2026-10-25T01:30:00Z"), "Europe/Berlin")).toBe(true);
    expect(isRepeatedLocalTime(new Date("2026-10-25T02:00:00Z"), "Europe/Berlin")).toBe(false);
    expect(isRepeatedLocalTime(new Date("2026-10-25T01:30:00Z"), "UTC")).toBe(false);
  });
});

test("isoInZone writes the zone's offset at that instant", () => {
  expect(isoInZone(new Date("2026-03-29T01:00:00Z"), "Europe/Berlin")).toBe("2026-03-29T03:00:00+02:00");
  expect(isoInZone(new Date("2026-03-28T01:00:00Z"), "Europe/Berlin")).toBe("2026-03-28T02:00:00+01:00");
  expect(isoInZone(new Date("2026-11-01T05:30:00Z"), "America/New_York")).toBe("2026-11-01T01:30:00-04:00");
  expect(isoInZone(new Date("2026-01-01T00:00:00Z"), "UTC")).toBe("2026-01-01T00:00:00+00:00");
  expect(isoInZone(new Date("2026-01-01T00:00:00Z"), "Asia/Kolkata")).toBe("2026-01-01T05:30:00+05:30");
});
