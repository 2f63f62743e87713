import { describe, expect, test } from "bun:test";
import type { Node } from "./ast";
import { parseExpression } from "./parser";
import { printExpression } from "./print";

/** Parses and prints: the canonical spelling of a source. */
const canonical = (source: string) => printExpression(parseExpression(source));
const number = (value: number | bigint, isFloat: boolean): Node => ({ kind: "number", value, isFloat, pos: 0 });

describe("printExpression", () => {
  test("keeps only the parentheses Python's precedence needs", () => {
    expect(canonical("(a + (b * c))")).toBe("a + b * c");
    expect(canonical("(a + b) * c")).toBe("(a + b) * c");
    expect(canonical("a - (b - c)")).toBe("a - (b - c)");
    expect(canonical("(a - b) - c")).toBe("a - b - c");
    expect(canonical("(2 ** 3) ** 2")).toBe("(2 ** 3) ** 2");
    expect(canonical("2 ** (3 ** 2)")).toBe("2 ** 3 ** 2");
    expect(canonical("(-2) ** 2")).toBe("(-2) ** 2");
    expect(canonical("-(2 ** 2)")).toBe("-2 ** 2");
    expect(canonical("2 ** (-1)")).toBe("2 ** -1");
    expect(canonical("(a | b) & ~c")).toBe("(a | b) & ~c");
    expect(canonical("a == (b | c)")).toBe("a == b | c");
    expect(canonical("(a == b) | c")).toBe("(a == b) | c");
    expect(canonical("(a < b) < c")).toBe("(a < b) < c");
    expect(canonical("not (a in b)")).toBe("not a in b");
    expect(canonical("(not a) == b")).toBe("(not a) == b");
    expect(canonical("(a or b) or c")).toBe("(a or b) or c");
    expect(canonical("a and (b or c)")).toBe("a and (b or c)");
    expect(canonical("(a.b)(c)[d:e:]")).toBe("a.b(c)[d:e]");
    expect(canonical("(-a).b")).toBe("(-a).b");
  });

  test("calls, subscripts, displays", () => {
    expect(canonical("f(a,b,k = (1,))")).toBe("f(a, b, k=(1,))");
    expect(canonical("a[1,2]")).toBe("a[(1, 2)]");
    expect(canonical("a[::2]")).toBe("a[::2]");
    expect(canonical("a[:]")).toBe("a[:]");
    expect(canonical("[ (), (1,), [ ] ]")).toBe("[(), (1,), []]");
    expect(canonical("1, 2")).toBe("(1, 2)");
  });

  test("a number before a dot gets parentheses", () => {
    expect(canonical("1 .real")).toBe("(1).real");
    expect(canonical("1.5 .real")).toBe("(1.5).real");
  });

  test("numbers: floats keep a dot or exponent, big integers stay exact", () => {
    expect(canonical("1.0")).toBe("1.0");
    expect(canonical("1e3")).toBe("1000.0");
    expect(canonical("1e22")).toBe("1e+22");
    expect(canonical("1e-7")).toBe("1e-7");
    expect(canonical("1e400")).toBe("1e999");
    expect(canonical("0x_ff")).toBe("255");
    expect(canonical("123456789012345678901234567890")).toBe("123456789012345678901234567890");
    expect(printExpression(number(1e21, false))).toBe("1000000000000000000000");
  });

  test("hand-built negative and non-finite numbers print as Python reads them", () => {
    const power = (left: Node): Node => ({ kind: "binary", op: "**", left, right: number(2, false), pos: 0 });
    expect(printExpression(power(number(-3, false)))).toBe("(-3) ** 2");
    expect(printExpression(power(number(-3n, false)))).toBe("(-3) ** 2");
    expect(printExpression(number(-0, true))).toBe("-0.0");
    expect(printExpression(number(Number.NEGATIVE_INFINITY, true))).toBe("-1e999");
    expect(printExpression(number(Number.NaN, true))).toBe('float("nan")');
  });

  test("strings are double-quoted with Python escapes", () => {
    const string = (value: string, bytes = false): Node => ({ kind: "string", value, bytes, pos: 0 });
    expect(printExpression(string(`a"b'c\\d`))).toBe(String.raw`"a\"b'c\\d"`);
    expect(printExpression(string("\n\r\t\0\x7f\x85"))).toBe(String.raw`"\n\r\t\x00\x7f\x85"`);
    // Not String.raw: Bun's transpiler rewrites non-ASCII characters in raw template text as escapes.
    expect(printExpression(string("é 名 😀 \u00a0\u2028\ufeff\ud800"))).toBe('"é 名 😀 \\xa0\\u2028\\ufeff\\ud800"');
    expect(printExpression(string("\u{e0001}"))).toBe(String.raw`"\U000e0001"`);
    expect(printExpression(string("a\xff\x00", true))).toBe(String.raw`b"a\xff\x00"`);
    expect(() => printExpression(string("\u0100", true))).toThrow(RangeError);
    expect(canonical(String.raw`r'\d' "x"`)).toBe(String.raw`"\\dx"`);
  });
});
