import { describe, expect, test } from "bun:test";
import { CellTextBuilder, cellFromParts, parseOdfDate, parseOdfDuration, parseXsdDouble } from "./cells";

const ms = (y: number, m: number, d: number, h = 0, min = 0, s = 0, milli = 0) =>
  Date.UTC(y, m - 1, d, h, min, s, milli);

describe("parseXsdDouble", () => {
  test("decimal and scientific forms, signs, INF and NaN", () => {
    expect(["15", "-1.5", "+.5", "1E-3", "2e10", " 7 "].map(parseXsdDouble)).toEqual([15, -1.5, 0.5, 0.001, 2e10, 7]);
    expect(parseXsdDouble("INF")).toBe(Number.POSITIVE_INFINITY);
    expect(parseXsdDouble("-INF")).toBe(Number.NEGATIVE_INFINITY);
    expect(parseXsdDouble("NaN")).toBeNaN();
  });

  test("anything else is not a number (Number() would take '' and '0x10')", () => {
    expect(["", "abc", "0x10", "1,5", "1.2.3", "Infinity", undefined].map(parseXsdDouble)).toEqual(
      Array(7).fill(undefined),
    );
  });
});

describe("parseOdfDate", () => {
  test("dates, date-times and fractions of a second (cut at the millisecond)", () => {
    expect(parseOdfDate("2021-01-01")).toEqual({ ms: ms(2021, 1, 1), hasTime: false });
    expect(parseOdfDate("2021-01-01T10:10:10")).toEqual({ ms: ms(2021, 1, 1, 10, 10, 10), hasTime: true });
    expect(parseOdfDate("2016-10-20T00:00:00")).toEqual({ ms: ms(2016, 10, 20), hasTime: false });
    expect(parseOdfDate("2021-01-01T00:00:00.123456")).toEqual({ ms: ms(2021, 1, 1, 0, 0, 0, 123), hasTime: true });
  });

  test("years before 100 and before 1970 stay themselves (Date.UTC would move 0-99 to 1900-1999)", () => {
    const year50 = new Date(0);
    year50.setUTCFullYear(50, 5, 15);
    expect(parseOdfDate("0050-06-15")?.ms).toBe(year50.getTime());
    expect(parseOdfDate("1899-12-30")).toEqual({ ms: ms(1899, 12, 30), hasTime: false });
  });

  test("a zone offset keeps the instant", () => {
    expect(parseOdfDate("2021-01-01T10:00:00+02:00")?.ms).toBe(ms(2021, 1, 1, 8));
    expect(parseOdfDate("2021-01-01T10:00:00Z")?.ms).toBe(ms(2021, 1, 1, 10));
    expect(parseOdfDate("2021-01-01T01:00:00+01:00")).toEqual({ ms: ms(2021, 1, 1), hasTime: false });
  });

  test("malformed text and impossible days are undefined", () => {
    for (const bad of ["", "2021-02-30", "2021-13-01", "2021-1-1", "01/01/2021", "2021-01-01T25:00:00", undefined]) {
      expect(parseOdfDate(bad)).toBeUndefined();
    }
  });
});

describe("parseOdfDuration", () => {
  test("hours, minutes, seconds with microseconds, days, negatives, hours past a day", () => {
    expect(parseOdfDuration("PT10H10M10S")).toBe(36_610_000_000);
    expect(parseOdfDuration("PT10H10M10.123456S")).toBe(36_610_123_456);
    expect(parseOdfDuration("PT0.0000015S")).toBe(2); // rounded at the microsecond
    expect(parseOdfDuration("PT36H")).toBe(36 * 3600e6);
    expect(parseOdfDuration("P1DT1H")).toBe(25 * 3600e6);
    expect(parseOdfDuration("-PT1M")).toBe(-60e6);
    expect(parseOdfDuration("PT1.5H")).toBe(5400e6);
  });

  test("years and months have no fixed length; malformed text is undefined", () => {
    for (const bad of ["P1Y", "P2M", "P", "PT", "10:10:10", "", "PTXS", undefined]) {
      expect(parseOdfDuration(bad)).toBeUndefined();
    }
  });
});

describe("cellFromParts", () => {
  const attrs = (o: Record<string, string>) => o;

  test("each value type reads its own attribute; the shown text is kept beside the value", () => {
    expect(cellFromParts(attrs({ "office:value-type": "float", "office:value": "0.5" }), "1")).toEqual({
      kind: "number",
      value: 0.5,
      text: "1",
    });
    expect(cellFromParts(attrs({ "office:value-type": "percentage", "office:value": "0.25" }), "25%")).toMatchObject({
      kind: "number",
      value: 0.25,
    });
    expect(cellFromParts(attrs({ "office:value-type": "currency", "office:value": "3" }), undefined)).toEqual({
      kind: "number",
      value: 3,
      text: "3",
    });
    expect(cellFromParts(attrs({ "office:value-type": "boolean", "office:boolean-value": "true" }), "TRUE")).toEqual({
      kind: "boolean",
      value: true,
      text: "TRUE",
    });
    expect(cellFromParts(attrs({ "office:value-type": "date", "office:date-value": "2021-01-01" }), "x")).toEqual({
      kind: "date",
      value: ms(2021, 1, 1),
      hasTime: false,
      text: "x",
    });
    expect(cellFromParts(attrs({ "office:value-type": "time", "office:time-value": "PT1S" }), undefined)).toEqual({
      kind: "duration",
      value: 1e6,
      text: "PT1S",
    });
    expect(cellFromParts(attrs({ "office:value-type": "string" }), " a ")).toEqual({
      kind: "string",
      value: " a ",
      text: " a ",
    });
  });

  test("a bad stored value falls back to the shown text; nothing at all is empty", () => {
    expect(cellFromParts(attrs({ "office:value-type": "float", "office:value": "n/a" }), "n/a")).toEqual({
      kind: "string",
      value: "n/a",
      text: "n/a",
    });
    expect(cellFromParts(attrs({ "office:value-type": "float" }), undefined)).toBeNull();
    expect(cellFromParts(attrs({}), undefined)).toBeNull();
    expect(cellFromParts(attrs({}), "")).toBeNull();
    expect(cellFromParts(attrs({ "office:value-type": "void" }), undefined)).toBeNull();
  });

  test("a formula error is empty, whatever number LibreOffice stored with it", () => {
    const error = { "office:value-type": "float", "office:value": "0", "calcext:value-type": "error" };
    expect(cellFromParts(attrs(error), "#DIV/0!")).toBeNull();
  });

  test("a string cell with an empty paragraph is an empty string, not an empty cell", () => {
    expect(cellFromParts(attrs({ "office:value-type": "string" }), "")).toEqual({
      kind: "string",
      value: "",
      text: "",
    });
  });
});

describe("CellTextBuilder", () => {
  function build(steps: (b: CellTextBuilder) => void): string | undefined {
    const b = new CellTextBuilder();
    steps(b);
    return b.result();
  }

  test("no paragraph is undefined; an empty paragraph is the empty string", () => {
    expect(build(() => {})).toBeUndefined();
    expect(
      build((b) => {
        b.startParagraph();
        b.endParagraph();
      }),
    ).toBe("");
  });

  test("whitespace collapses across chunks, but text:s spaces and edge spaces stay", () => {
    const result = build((b) => {
      b.startParagraph();
      b.text(" a  ");
      b.text("\n b");
      b.spaces("2");
      b.text(" c ");
      b.endParagraph();
      b.startParagraph();
      b.literal("\t");
      b.text("d");
      b.endParagraph();
    });
    expect(result).toBe(" a b   c \n\td");
  });

  test("text outside a paragraph is ignored; text:s counts are bounded", () => {
    const result = build((b) => {
      b.text("outside");
      b.startParagraph();
      b.spaces(undefined);
      b.spaces("-3");
      b.spaces("99999999");
      b.endParagraph();
    });
    expect(result).toBe(" ".repeat(1 + 1 + 32_767));
  });
});
