import { describe, expect, test } from "bun:test";
import {
  dateFormatKind,
  epochMsToSerial,
  serialToDurationMs,
  serialToEpochMs,
  serialToTimeOfDayMs,
} from "./excel-dates";

const utc = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => Date.UTC(y, m - 1, d, h, min, s, ms);

describe("serialToEpochMs", () => {
  // Serials as Excel shows them (Format Cells > Number), checked against the fixtures' MANIFESTs.
  const cases1900: [number, number][] = [
    [44197, utc(2021, 1, 1)],
    [42663, utc(2016, 10, 20)],
    [25569, utc(1970, 1, 1)],
    [61, utc(1900, 3, 1)],
    [59, utc(1900, 2, 28)],
    [1, utc(1900, 1, 1)],
    [1.999988425925926, utc(1900, 1, 1, 23, 59, 59)],
    [45293.12784349537, utc(2024, 1, 2, 3, 4, 5, 678)],
    [2958465, utc(9999, 12, 31)],
  ];
  for (const [serial, expected] of cases1900) {
    test(`1900 system: ${serial} is ${new Date(expected).toISOString()}`, () => {
      expect(serialToEpochMs(serial, false)).toBe(expected);
    });
  }

  test("Excel's phantom 1900-02-29 (serial 60) reads as 1900-02-28, as calamine does", () => {
    expect(serialToEpochMs(60, false)).toBe(utc(1900, 2, 28));
  });

  test("1904 system: serial 0 is 1904-01-01, and dates are 1,462 serials lower", () => {
    expect(serialToEpochMs(0, true)).toBe(utc(1904, 1, 1));
    expect(serialToEpochMs(44197 - 1462, true)).toBe(utc(2021, 1, 1));
    expect(serialToEpochMs(42735.5, true)).toBe(utc(2021, 1, 1, 12));
  });

  test("epochMsToSerial is its inverse on both sides of the phantom leap day", () => {
    for (const ms of [
      utc(2024, 1, 2, 3, 4, 5, 678),
      utc(1969, 12, 31),
      utc(1900, 3, 1),
      utc(1900, 2, 28, 12),
      utc(1900, 1, 1),
      utc(1850, 6, 1),
    ]) {
      expect(serialToEpochMs(epochMsToSerial(ms), false)).toBe(ms);
    }
    expect(epochMsToSerial(utc(2021, 1, 1))).toBe(44197);
    expect(epochMsToSerial(utc(1900, 1, 1))).toBe(1);
  });
});

describe("times of day and durations", () => {
  test("a time of day is the serial's fraction of a day", () => {
    expect(serialToTimeOfDayMs(0.25)).toBe(6 * 3_600_000);
    expect(serialToTimeOfDayMs(44197.75)).toBe(18 * 3_600_000);
    // A hair under midnight rounds to midnight, never to 24:00.
    expect(serialToTimeOfDayMs(0.9999999999)).toBe(0);
  });

  test("a duration counts whole days too (the date.xlsx A3 value is 255 h 10 min 10 s)", () => {
    expect(serialToDurationMs(10.6320601851852)).toBe((255 * 3600 + 10 * 60 + 10) * 1000);
    expect(serialToDurationMs(-0.5)).toBe(-12 * 3_600_000);
  });
});

describe("dateFormatKind", () => {
  const cases: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ["General", undefined],
    ["0.00", undefined],
    ["#,##0", undefined],
    ['"yyyy" 0', undefined],
    ["m/d/yy", "date"],
    ["yyyy\\-mm\\-dd", "date"],
    ["yyyy-mm-dd hh:mm:ss", "date"],
    ["dd/mm/yyyy hh:mm", "date"],
    ["mmm yyyy", "date"],
    ["mmmm", "date"],
    ["[$-409]dddd, mmmm dd, yyyy", "date"],
    ["[h]:mm:ss", "duration"],
    ["[hh]:mm:ss", "duration"],
    ["[mm]:ss", "duration"],
    ["h:mm", "time"],
    ["hh:mm:ss", "time"],
    ["h:mm AM/PM", "time"],
    ["mm:ss.0", "time"],
    ['[Red]hh:mm;"neg"', "time"],
  ];
  for (const [format, kind] of cases) {
    test(`${JSON.stringify(format)} is ${kind ?? "not a date"}`, () => {
      expect(dateFormatKind(format)).toBe(kind as never);
    });
  }
});
