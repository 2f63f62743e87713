import { describe, expect, test } from "bun:test";
import { exactValues, shownType } from "./db-values.fixture";
import {
  decimalByValues,
  NumericByValuesBuilder,
  type NumericSeen,
  numericDigits,
  numericTypmod,
  pgNumericType,
} from "./pg-numeric";

// No server needed: the digit counts and the rule that types a numeric by its values
// (README.md, "Types"). postgres-numeric.test.ts reads the same from a real PostgreSQL.

describe("numericDigits", () => {
  test("counts the integer part without leading zeros, the fraction, and the fraction to its last nonzero digit", () => {
    expect(numericDigits("0")).toEqual({ integer: 0, fraction: 0, significant: 0 });
    expect(numericDigits("-0.500")).toEqual({ integer: 0, fraction: 3, significant: 1 });
    expect(numericDigits("-0012.0100")).toEqual({ integer: 2, fraction: 4, significant: 2 });
    expect(numericDigits("10000")).toEqual({ integer: 5, fraction: 0, significant: 0 });
    expect(numericDigits("0.000")).toEqual({ integer: 0, fraction: 3, significant: 0 });
    expect(numericDigits("1".repeat(40))).toEqual({ integer: 40, fraction: 0, significant: 0 });
  });

  test("NaN and ±Infinity have no digits", () => {
    for (const text of ["NaN", "Infinity", "-Infinity"]) expect(numericDigits(text)).toBeNull();
  });
});

describe("decimalByValues", () => {
  const seen = (integer: number, fraction: number, significant: number, special = false): NumericSeen => ({
    integer,
    fraction,
    significant,
    special,
  });

  test("the most fraction digits shown, within 38 digits; Decimal(38, 0) without values", () => {
    expect(decimalByValues(seen(0, -1, 0))).toEqual({ precision: 38, scale: 0 });
    expect(decimalByValues(seen(30, 3, 3))).toEqual({ precision: 38, scale: 3 });
    expect(decimalByValues(seen(0, 38, 38))).toEqual({ precision: 38, scale: 38 });
    expect(decimalByValues(seen(38, 0, 0))).toEqual({ precision: 38, scale: 0 });
    // Only trailing zeros past 38 digits: they give way.
    expect(decimalByValues(seen(35, 12, 1))).toEqual({ precision: 38, scale: 3 });
  });

  test("null (String) past 38 digits or for NaN and ±Infinity", () => {
    expect(decimalByValues(seen(39, 0, 0))).toBeNull();
    expect(decimalByValues(seen(35, 4, 4))).toBeNull();
    expect(decimalByValues(seen(1, 1, 1, true))).toBeNull();
  });
});

describe("NumericByValuesBuilder", () => {
  test("casts once at the end, to the scale of every batch's values", () => {
    const builder = new NumericByValuesBuilder<string>("n");
    builder.push(builder.note("1"));
    builder.pushNull();
    builder.flush();
    builder.push(builder.note("-0.25"));
    const series = builder.finish();
    expect([series.name, shownType(series), exactValues(series)]).toEqual([
      "n",
      "decimal[38,2]",
      ["1.00", null, "-0.25"],
    ]);
  });

  test("a value without a Decimal form keeps every value's text; lists alike", () => {
    const builder = new NumericByValuesBuilder<string>("n");
    for (const text of ["1.5", "NaN"]) builder.push(builder.note(text));
    expect(exactValues(builder.finish())).toEqual(["1.5", "NaN"]);
    const list = new NumericByValuesBuilder<(string | null)[]>("l", true);
    list.push([list.note("2"), null]);
    list.pushNull();
    list.push([]);
    const series = list.finish();
    expect([shownType(series), exactValues(series)]).toEqual(["list[decimal[38,0]]", [["2", null], null, []]]);
  });
});

test("typmods: none is by values, p <= 38 a Decimal, wider is text", () => {
  expect(pgNumericType(-1)).toBe("values");
  expect(pgNumericType(numericTypmod(12, 2))).toEqual({ precision: 12, scale: 2 });
  expect(pgNumericType(numericTypmod(2, -3))).toEqual({ precision: 5, scale: 0 });
  expect(pgNumericType(numericTypmod(38, 38))).toEqual({ precision: 38, scale: 38 });
  expect(pgNumericType(numericTypmod(39, 0))).toBe("text");
  expect(pgNumericType(numericTypmod(19, 2))).toEqual({ precision: 19, scale: 2 });
});
