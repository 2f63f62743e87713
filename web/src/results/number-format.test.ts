import { describe, expect, test } from "bun:test";
import { exactNumber, formatNumber } from "./number-format";

describe("formatNumber", () => {
  test("floats to 6 significant digits, without trailing zeros", () => {
    expect(formatNumber(274.37899999999996)).toBe("274.379");
    expect(formatNumber(0.1 + 0.2)).toBe("0.3");
    expect(formatNumber(-2.5)).toBe("-2.5");
    expect(formatNumber(1 / 3)).toBe("0.333333");
    expect(formatNumber(0.000123456789)).toBe("0.000123457");
    expect(formatNumber(999999.99)).toBe("1000000");
  });

  test("digits before the decimal point are never rounded away, nor grouped", () => {
    expect(formatNumber(1234567.891)).toBe("1234568");
    expect(formatNumber(98765.4321)).toBe("98765.4");
  });

  test("integers as they are, however large", () => {
    expect(formatNumber(2024)).toBe("2024");
    expect(formatNumber(-17)).toBe("-17");
    expect(formatNumber(9007199254740991)).toBe("9007199254740991");
    expect(formatNumber(1e21)).toBe("1e+21");
    expect(formatNumber(1.5e22)).toBe("1.5e+22");
  });

  test("very small floats with an exponent", () => {
    expect(formatNumber(1e-7)).toBe("1e-7");
    expect(formatNumber(-1.23456789e-7)).toBe("-1.23457e-7");
    expect(formatNumber(0.000001)).toBe("0.000001");
  });

  test("-0 keeps its sign; NaN and Infinity by name", () => {
    expect(formatNumber(-0)).toBe("-0");
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(Number.NaN)).toBe("NaN");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("Infinity");
    expect(formatNumber(Number.NEGATIVE_INFINITY)).toBe("-Infinity");
  });

  test("counts grouped with commas when asked, whatever the locale", () => {
    expect(formatNumber(1234567, { group: true })).toBe("1,234,567");
    expect(formatNumber(-1234.5, { group: true })).toBe("-1,234.5");
    expect(formatNumber(999, { group: true })).toBe("999");
    expect(formatNumber(1e21, { group: true })).toBe("1e+21");
    expect(formatNumber(Number.NaN, { group: true })).toBe("NaN");
  });

  test("percentages: at most maxFraction decimals, never an exponent", () => {
    expect(formatNumber(33.333333, { maxFraction: 2 })).toBe("33.33");
    expect(formatNumber(20, { maxFraction: 2 })).toBe("20");
    expect(formatNumber(0.004, { maxFraction: 2 })).toBe("0");
    expect(formatNumber(-1e-7, { maxFraction: 1 })).toBe("0");
    expect(formatNumber(12.5, { maxFraction: 1 })).toBe("12.5");
  });
});

describe("exactNumber", () => {
  test("as JSON writes it, with the sign of -0", () => {
    expect(exactNumber(274.37899999999996)).toBe("274.37899999999996");
    expect(exactNumber(0.1 + 0.2)).toBe("0.30000000000000004");
    expect(exactNumber(1e-7)).toBe("1e-7");
    expect(exactNumber(1e21)).toBe("1e+21");
    expect(exactNumber(-0)).toBe("-0");
  });
});
