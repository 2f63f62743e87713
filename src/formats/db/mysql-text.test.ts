import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { decimalDigits } from "./column-builders";
import { parseIsoDate, parseIsoDateTime } from "./iso-text";
import { mysqlBitValue, mysqlDate, mysqlDateTime, mysqlDecimalDigits, mysqlInteger } from "./mysql-text";

// The byte readers agree with the text parsers they stand in for (iso-text.ts, decimalDigits),
// on MySQL's forms and on random text around them.

const bytes = (text: string) => Buffer.from(text, "latin1");
const unpack = (packed: number) => (packed < 0 ? null : { integer: packed >>> 8, fraction: packed & 0xff });

/** Text of the characters numbers and dates are made of, mostly in the right places. */
const nearNumber = fc.stringMatching(/^[-+]?[0-9]{0,40}(\.[0-9]{0,40})?$/);
const noise = fc.string({ unit: fc.constantFrom("0", "1", "9", "-", "+", ".", ":", " ", "e", "a"), maxLength: 30 });

describe("MySQL text from bytes", () => {
  test("mysqlDecimalDigits counts as decimalDigits does", () => {
    for (const text of [
      "-0012.50",
      "0",
      ".5",
      "0.000",
      "-0",
      "99999999999999999999999999999999999999",
      "1.",
      "-",
      "",
    ]) {
      expect([text, unpack(mysqlDecimalDigits(bytes(text)))]).toEqual([text, decimalDigits(text)]);
    }
    fc.assert(
      fc.property(fc.oneof(nearNumber, noise), (text) => {
        expect([text, unpack(mysqlDecimalDigits(bytes(text)))]).toEqual([text, decimalDigits(text)]);
      }),
      { numRuns: 5000 },
    );
  });

  test("mysqlInteger reads up to 15 digits exactly, anything else is NaN", () => {
    const cases: [string, number][] = [
      ["0", 0],
      ["-128", -128],
      ["999999999999999", 999999999999999],
      ["-999999999999999", -999999999999999],
      ["007", 7],
    ];
    for (const [text, value] of cases) expect([text, mysqlInteger(bytes(text))]).toEqual([text, value]);
    for (const text of ["", "-", "1.5", "1e3", "+1", " 1", "1234567890123456", "12a"]) {
      expect([text, mysqlInteger(bytes(text))]).toEqual([text, Number.NaN]);
    }
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (value) => {
        expect(mysqlInteger(bytes(String(value)))).toBe(value);
      }),
    );
  });

  test("mysqlDateTime and mysqlDate agree with the ISO parsers on MySQL's forms", () => {
    const moment = fc.record({
      year: fc.integer({ min: 0, max: 9999 }),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      hour: fc.integer({ min: 0, max: 25 }),
      minute: fc.integer({ min: 0, max: 60 }),
      second: fc.integer({ min: 0, max: 60 }),
      fraction: fc.stringMatching(/^(\.[0-9]{1,6})?$/),
    });
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    fc.assert(
      fc.property(moment, (m) => {
        const date = `${pad(m.year, 4)}-${pad(m.month, 2)}-${pad(m.day, 2)}`;
        const text = `${date} ${pad(m.hour, 2)}:${pad(m.minute, 2)}:${pad(m.second, 2)}${m.fraction}`;
        expect([text, mysqlDateTime(bytes(text))]).toEqual([text, parseIsoDateTime(text, "naive")]);
        expect([date, mysqlDate(bytes(date))]).toEqual([date, parseIsoDate(date)]);
      }),
      { numRuns: 5000 },
    );
    // Past 2^53 microseconds the value is an exact BigInt.
    expect(mysqlDateTime(bytes("9999-12-31 23:59:59.999999"))).toBe(253402300799999999n);
    expect(mysqlDateTime(bytes("1000-01-01 00:00:00.000001"))).toBe(-30610224000000000n + 1n);
    for (const text of ["2024-01-02T03:04:05", "2024-01-02 03:04:05.", "2024-01-02 03:04:05.1234567", "2024-01-02"]) {
      expect([text, mysqlDateTime(bytes(text))]).toEqual([text, null]);
    }
    // Other text: what the byte reader takes, the ISO parser takes the same.
    fc.assert(
      fc.property(noise, (text) => {
        const read = mysqlDateTime(bytes(text));
        if (read !== null) expect([text, read] as unknown[]).toEqual([text, parseIsoDateTime(text, "naive")]);
      }),
    );
  });

  test("mysqlBitValue reads big-endian bytes", () => {
    expect(mysqlBitValue(new Uint8Array([]))).toBe("0");
    expect(mysqlBitValue(new Uint8Array([1, 0]))).toBe("256");
    expect(mysqlBitValue(new Uint8Array(8).fill(255))).toBe("18446744073709551615");
  });
});
