import { describe, expect, test } from "bun:test";
import type { Cell } from "./cells";
import { columnSeries, fitCell, inferColumnType, MISFIT } from "./column-types";

const n = (value: number, text = String(value)): Cell => ({ kind: "number", value, text });
const s = (value: string): Cell => ({ kind: "string", value, text: value });
const b = (value: boolean): Cell => ({ kind: "boolean", value, text: value ? "TRUE" : "FALSE" });
const d = (value: number, hasTime: boolean): Cell => ({ kind: "date", value, hasTime, text: "shown date" });
const t = (value: number): Cell => ({ kind: "duration", value, text: "shown time" });

describe("inferColumnType", () => {
  test("one kind of value gives its type; empty cells do not count", () => {
    expect(inferColumnType([n(1), null, n(-3)])).toBe("Int64");
    expect(inferColumnType([n(1), n(2.5)])).toBe("Float64");
    expect(inferColumnType([n(2 ** 53)])).toBe("Float64"); // past ±2^53 a double is not a faithful integer
    expect(inferColumnType([b(true), null])).toBe("Boolean");
    expect(inferColumnType([d(0, false), d(86_400_000, false)])).toBe("Date");
    expect(inferColumnType([d(0, false), d(1000, true)])).toBe("Datetime");
    expect(inferColumnType([t(5)])).toBe("Duration");
    expect(inferColumnType([s("a")])).toBe("String");
  });

  test("mixed kinds and all-empty columns are String", () => {
    expect(inferColumnType([n(1), s("1")])).toBe("String");
    expect(inferColumnType([d(0, false), t(1)])).toBe("String");
    expect(inferColumnType([b(true), n(1)])).toBe("String");
    expect(inferColumnType([null, null])).toBe("String");
    expect(inferColumnType([])).toBe("String");
  });
});

describe("fitCell", () => {
  test("String holds anything: strings as their value, others as their displayed text", () => {
    expect([s(" x "), n(0.5, "1"), b(false), d(0, true), t(1), null].map((c) => fitCell("String", c))).toEqual([
      " x ",
      "1",
      "FALSE",
      "shown date",
      "shown time",
      null,
    ]);
  });

  test("typed columns hold their own kind and refuse what would lose information", () => {
    expect(fitCell("Int64", n(3))).toBe(3);
    expect(fitCell("Int64", n(3.5))).toBe(MISFIT);
    expect(fitCell("Float64", n(3))).toBe(3);
    expect(fitCell("Float64", s("3"))).toBe(MISFIT);
    expect(fitCell("Boolean", n(1))).toBe(MISFIT);
    expect(fitCell("Date", d(86_400_000, false))).toEqual(new Date(86_400_000));
    expect(fitCell("Date", d(1000, true))).toBe(MISFIT);
    expect(fitCell("Datetime", d(1000, true))).toEqual(new Date(1000));
    expect(fitCell("Duration", t(7))).toBe(7);
    expect(fitCell("Duration", n(7))).toBe(MISFIT);
    expect(fitCell("Int64", null)).toBeNull();
  });
});

describe("columnSeries", () => {
  test("each type becomes its Polars type, nulls kept", () => {
    expect(columnSeries("a", "Int64", [1, null]).dtype.variant as string).toBe("Int64");
    expect<unknown[]>(columnSeries("a", "Int64", [9007199254740991, null]).toArray()).toEqual([9007199254740991, null]);
    expect(columnSeries("a", "Float64", [1.5, null]).dtype.variant as string).toBe("Float64");
    expect(columnSeries("a", "Boolean", [true, null]).dtype.variant as string).toBe("Bool");
    expect<unknown[]>(columnSeries("a", "Date", [new Date(Date.UTC(1900, 0, 1)), null]).toArray()).toEqual([
      new Date(Date.UTC(1900, 0, 1)),
      null,
    ]);
    const datetime = columnSeries("a", "Datetime", [new Date(1234), null]);
    expect(datetime.inner().timeUnit()).toBe("ms");
    expect<unknown[]>(datetime.toArray()).toEqual([new Date(1234), null]);
    const duration = columnSeries("a", "Duration", [36_610_123_456, null]);
    expect(duration.dtype.variant as string).toBe("Duration");
    expect(duration.inner().timeUnit()).toBe("us");
    expect<unknown[]>(duration.toArray()).toEqual([36_610_123_456, null]);
    expect<unknown[]>(columnSeries("a", "String", ["é", null]).toArray()).toEqual(["é", null]);
  });
});
