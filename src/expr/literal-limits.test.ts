import { describe, expect, test } from "bun:test";
import { ExpressionError } from "./expression-error";
import { type ExprLimits, foldBinary, foldUnary, MAX_INT_BITS } from "./literal-limits";
import type { PyValue } from "./py-value";

// Expected values are Python's, worked out by hand (Python: floor division and modulo take
// the divisor's sign, `/` is always a float, ints are exact, bools are 0 and 1).

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10,
  maxExprPowerExponent: 5,
  maxExprFormatLength: 20,
  maxExprStringLength: 1_000_000,
};
const int = (value: bigint | number): PyValue => ({ type: "int", value: BigInt(value) });
const float = (value: number): PyValue => ({ type: "float", value });
const str = (value: string): PyValue => ({ type: "str", value });
const bool = (value: boolean): PyValue => ({ type: "bool", value });

const fold = (op: Parameters<typeof foldBinary>[0], a: PyValue, b: PyValue) => foldBinary(op, a, b, LIMITS, 7);

function refused(fn: () => unknown): ExpressionError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ExpressionError);
  expect((caught as ExpressionError).offset).toBe(7);
  return caught as ExpressionError;
}

describe("integer arithmetic is exact and Python-signed", () => {
  test.each([
    ["+", 2n ** 60n, 1n, 2n ** 60n + 1n],
    ["-", -5n, 7n, -12n],
    ["*", 2n ** 40n, 2n ** 40n, 2n ** 80n],
    ["//", 7n, 2n, 3n],
    ["//", -7n, 2n, -4n],
    ["//", 7n, -2n, -4n],
    ["//", -7n, -2n, 3n],
    ["%", -7n, 2n, 1n],
    ["%", 7n, -2n, -1n],
    ["%", 6n, -4n, -2n],
    ["**", 3n, 5n, 243n],
    ["**", -2n, 5n, -32n],
    ["&", 12n, 10n, 8n],
    ["|", 12n, 10n, 14n],
    ["^", 12n, 10n, 6n],
    ["<<", 1n, 10n, 1024n],
    [">>", -9n, 1n, -5n],
  ] as const)("%d %s %d", (op, a, b, want) => {
    expect(fold(op, int(a), int(b))).toEqual(int(want));
  });

  test("true division gives a float, a negative power too", () => {
    expect(fold("/", int(7), int(2))).toEqual(float(3.5));
    expect(fold("/", int(6), int(3))).toEqual(float(2));
    expect(fold("**", int(2), int(-2))).toEqual(float(0.25));
  });

  test("bools are 0 and 1 in arithmetic, and stay bools under & | ^", () => {
    expect(fold("+", bool(true), bool(true))).toEqual(int(2));
    expect(fold("*", bool(true), int(5))).toEqual(int(5));
    expect(fold("&", bool(true), bool(false))).toEqual(bool(false));
    expect(fold("^", bool(true), bool(false))).toEqual(bool(true));
  });

  test("results beyond the integer bound are refused before they grow", () => {
    expect(refused(() => fold("<<", int(1), int(MAX_INT_BITS + 1))).message).toMatch(/too large/);
    expect(refused(() => fold("*", int(2n ** 1000n), int(2n ** 100n))).message).toMatch(/too large/);
    expect(fold("*", int(2n ** 900n), int(2n ** 100n))).toEqual(int(2n ** 1000n));
  });

  test("division and modulo by zero and negative shifts are refused", () => {
    expect(refused(() => fold("//", int(1), int(0))).message).toMatch(/by zero/);
    expect(refused(() => fold("%", int(1), int(0))).message).toMatch(/by zero/);
    expect(refused(() => fold("/", int(1), int(0))).message).toMatch(/by zero/);
    expect(refused(() => fold("/", float(1), float(0))).message).toMatch(/by zero/);
    expect(refused(() => fold("**", int(0), int(-1))).message).toMatch(/negative power/);
    expect(refused(() => fold("<<", int(1), int(-1))).message).toMatch(
      /A shift \(<< or >>\) cannot be by a negative count/,
    );
  });
});

describe("float arithmetic", () => {
  test("floor division and modulo take the divisor's sign", () => {
    expect(fold("//", float(7.5), int(2))).toEqual(float(3));
    expect(fold("//", float(-7.5), int(2))).toEqual(float(-4));
    expect(fold("%", float(-7.5), int(2))).toEqual(float(0.5));
    expect(fold("%", float(7.5), int(-2))).toEqual(float(-0.5));
    expect(fold("+", int(1), float(0.5))).toEqual(float(1.5));
  });

  test("complex results, overflow and bitwise operators on floats are refused", () => {
    expect(refused(() => fold("**", float(-8), float(0.5))).message).toMatch(/complex/);
    expect(fold("**", float(10), float(5))).toEqual(float(100_000));
    expect(
      refused(() => foldBinary("**", float(1e300), int(2), { ...LIMITS, maxExprPowerExponent: 100 }, 7)).message,
    ).toMatch(/out of range/);
    expect(refused(() => fold("&", float(1), int(1))).message).toMatch(
      /& cannot be used between a decimal number and an integer/,
    );
  });
});

describe("the exponent bound", () => {
  test("applies to int and float exponents, both signs", () => {
    expect(fold("**", int(2), int(5))).toEqual(int(32));
    expect(fold("**", float(2), float(-5))).toEqual(float(1 / 32));
    expect(refused(() => fold("**", int(2), int(6))).message).toMatch(
      /Exponent 6 is over the limit: \|n\| must be at most 5/,
    );
    expect(refused(() => fold("**", int(2), int(-6))).message).toMatch(/Exponent -6/);
    expect(refused(() => fold("**", float(1), float(5.5))).message).toMatch(/Exponent 5.5/);
  });
});

describe("strings", () => {
  test("concatenation and repetition (either side, bools count as ints)", () => {
    expect(fold("+", str("a"), str("é"))).toEqual(str("aé"));
    expect(fold("*", str("ab"), int(3))).toEqual(str("ababab"));
    expect(fold("*", int(2), str("日本"))).toEqual(str("日本日本"));
    expect(fold("*", str("ab"), bool(true))).toEqual(str("ab"));
    expect(fold("*", str("ab"), int(-3))).toEqual(str(""));
    expect(fold("*", str(""), int(10n ** 30n))).toEqual(str(""));
  });

  test("the repeat bound counts characters (code points), not UTF-16 units", () => {
    expect(fold("*", str("😀"), int(10))).toEqual(str("😀".repeat(10)));
    expect(refused(() => fold("*", str("😀"), int(11))).message).toMatch(/11 characters \(the limit is 10\)/);
    expect(refused(() => fold("*", str("ab"), int(10n ** 30n))).message).toMatch(/Repeated string too long/);
  });

  test("mixing strings with numbers is refused as Python refuses it", () => {
    expect(refused(() => fold("+", str("a"), int(1))).message).toMatch(/\+ cannot be used between text and an integer/);
    expect(refused(() => fold("*", str("a"), float(2))).message).toMatch(/between text and a decimal number/);
    expect(refused(() => fold("-", str("a"), str("b"))).message).toMatch(/between text and text/);
    expect(refused(() => fold("+", { type: "list", items: [] }, { type: "list", items: [] })).message).toMatch(
      /between a list and a list/,
    );
    expect(refused(() => fold("+", { type: "none" }, int(1))).message).toMatch(/between None and an integer/);
  });

  test("% on a string formats, bounded by maxExprFormatLength", () => {
    expect(fold("%", str("%s=%d"), { type: "tuple", items: [str("n"), int(3)] })).toEqual(str("n=3"));
    expect(refused(() => fold("%", str("%21s"), str("x"))).message).toMatch(/width of 21/);
  });
});

describe("unary operators", () => {
  test("minus, plus and invert on numbers and bools", () => {
    expect(foldUnary("-", int(5), 0)).toEqual(int(-5));
    expect(foldUnary("-", float(0), 0)).toEqual(float(-0));
    expect(foldUnary("+", bool(true), 0)).toEqual(int(1));
    expect(foldUnary("~", int(5), 0)).toEqual(int(-6));
    expect(foldUnary("~", bool(false), 0)).toEqual(int(-1));
  });

  test("on strings, None and ~ on floats they are refused", () => {
    expect(() => foldUnary("-", str("a"), 0)).toThrow(/- cannot be put before text/);
    expect(() => foldUnary("~", float(1), 0)).toThrow(/~ cannot be put before a decimal number/);
    expect(() => foldUnary("+", { type: "none" }, 0)).toThrow(/\+ cannot be put before None/);
  });
});
