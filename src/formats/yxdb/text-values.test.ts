import { describe, expect, test } from "bun:test";
import { daysFromCivil } from "../../shared/civil-date";
import { dateAt, dateTimeAt, integerDigits, isDecimalText, timeAt } from "./text-values";

// The parsers read fixed-width text from a record; here each text is a record of its own,
// behind two bytes of something else, so the offset is exercised too.
const at2 = (text: string) => Buffer.from(`##${text}`, "latin1");
const parseDate = (text: string) => dateAt(at2(text), 2);
const parseTime = (text: string) => timeAt(at2(text), 2);
const parseDateTime = (text: string) => dateTimeAt(at2(text), 2);

/** Days since the epoch by JS Date, for years where Date.UTC is reliable (>= 100). */
const utcDays = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;

describe("daysFromCivil", () => {
  test("agrees with Date.UTC from year 100 to 9999", () => {
    for (let year = 100; year <= 9999; year += 37) {
      for (const [m, d] of [
        [1, 1],
        [2, 28],
        [3, 1],
        [12, 31],
      ] as const) {
        expect(daysFromCivil(year, m, d)).toBe(utcDays(year, m, d));
      }
    }
  });

  test("years below 100 stay themselves (Date.UTC would move them to 19xx)", () => {
    // 0001-01-01 is 719162 days before 1970-01-01.
    expect(daysFromCivil(1, 1, 1)).toBe(-719_162);
    expect(daysFromCivil(99, 12, 31) - daysFromCivil(99, 1, 1)).toBe(364);
  });
});

describe("parseDate", () => {
  test("valid dates", () => {
    expect(parseDate("1970-01-01")).toBe(0);
    expect(parseDate("2020-01-01")).toBe(18_262);
    expect(parseDate("2000-02-29")).toBe(utcDays(2000, 2, 29));
    expect(parseDate("1899-12-30")).toBe(utcDays(1899, 12, 30));
  });

  test("not dates", () => {
    for (const text of [
      "2019-02-29",
      "1900-02-29",
      "2020-13-01",
      "2020-00-10",
      "2020-04-31",
      "2020-1-01",
      "",
      "20200101",
      "2020/01/01",
      "2020-01-0x",
      "+020-01-01",
    ]) {
      expect(parseDate(text)).toBeUndefined();
    }
  });
});

describe("parseTime and parseDateTime", () => {
  test("times", () => {
    expect(parseTime("00:00:00")).toBe(0);
    expect(parseTime("04:05:06")).toBe(4 * 3600 + 5 * 60 + 6);
    expect(parseTime("23:59:59")).toBe(86_399);
    for (const text of ["24:00:00", "12:60:00", "12:00:60", "1:02:03", "12:00", "aa:bb:cc"]) {
      expect(parseTime(text)).toBeUndefined();
    }
  });

  test("date-times", () => {
    expect(parseDateTime("2020-02-03 04:05:06")).toBe(Date.UTC(2020, 1, 3, 4, 5, 6) / 1000);
    expect(parseDateTime("1969-12-31 23:59:59")).toBe(-1);
    for (const text of ["2020-02-03T04:05:06", "2020-02-30 04:05:06", "2020-02-03 24:05:06", "2020-02-03"]) {
      expect(parseDateTime(text)).toBeUndefined();
    }
  });
});

describe("integerDigits", () => {
  test("counts the digits before the point, without leading zeros or sign", () => {
    expect(integerDigits("123.450000")).toBe(3);
    expect(integerDigits("-0012.5")).toBe(2);
    expect(integerDigits("+7")).toBe(1);
    expect(integerDigits("0.5")).toBe(0);
    expect(integerDigits(".5")).toBe(0);
    expect(integerDigits("99999999")).toBe(8);
  });
});

describe("isDecimalText", () => {
  test("plain decimals pass, anything else fails", () => {
    for (const text of ["123.450000", "-0.5", "+7", "0", "5.", ".5"]) expect(isDecimalText(text)).toBe(true);
    for (const text of ["", "-", "1e5", "1,5", " 1", "NaN", "1.2.3", "."]) expect(isDecimalText(text)).toBe(false);
  });
});
