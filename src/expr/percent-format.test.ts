import { describe, expect, test } from "bun:test";
import { ExpressionError } from "./expression-error";
import { fixedDigits, percentFormat } from "./percent-format";
import { floatRepr, type PyValue, pyRepr, strRepr } from "./py-value";

// Every expected string below is what CPython prints for the same `template % args`.

const int = (value: number | bigint): PyValue => ({ type: "int", value: BigInt(value) });
const float = (value: number): PyValue => ({ type: "float", value });
const str = (value: string): PyValue => ({ type: "str", value });
const tuple = (...items: PyValue[]): PyValue => ({ type: "tuple", items });

const format = (template: string, args: PyValue, max = 10_000) => percentFormat(template, args, max, 3);

describe("conversions as CPython prints them", () => {
  test.each([
    ["%s-%05d", tuple(str("a"), int(7)), "a-00007"],
    ["%d%%", int(50), "50%"],
    ["%i|%u", tuple(int(-3), int(4)), "-3|4"],
    ["%x %X %o", tuple(int(255), int(255), int(8)), "ff FF 10"],
    ["%#x %#X %#o", tuple(int(255), int(255), int(8)), "0xff 0XFF 0o10"],
    ["%x", int(-255), "-ff"],
    ["%#06x", int(255), "0x00ff"],
    ["%5s|%-5s|", tuple(str("ab"), str("cd")), "   ab|cd   |"],
    ["%+d % d", tuple(int(5), int(5)), "+5  5"],
    ["%+.1f", float(-0.0), "-0.0"],
    ["%05.1f", float(-2.5), "-02.5"],
    ["%05s", str("a"), "    a"],
    ["%.3s", str("abcdef"), "abc"],
    ["%.3d", int(5), "005"],
    ["%d", float(3.99), "3"],
    ["%d", float(-3.99), "-3"],
    ["%d %d", tuple({ type: "bool", value: true }, { type: "bool", value: false }), "1 0"],
    ["%f", int(1), "1.000000"],
    ["%.2f", float(2.675), "2.67"],
    ["%.0f", float(2.5), "2"],
    ["%.0f", float(3.5), "4"],
    ["%.1f", float(0.25), "0.2"],
    ["%.1f", float(0.35), "0.3"],
    ["%.3f", float(-0.0005), "-0.001"],
    ["%#.0f", float(1), "1."],
    ["%f %F", tuple(float(Number.POSITIVE_INFINITY), float(Number.NaN)), "inf NAN"],
    ["%5f", float(Number.NEGATIVE_INFINITY), " -inf"],
    ["%.1f", float(1e22), "10000000000000000000000.0"],
    ["%s", { type: "list", items: [int(1), str("a")] }, "[1, 'a']"],
    ["%s %s", tuple(float(1), float(1e16)), "1.0 1e+16"],
    ["%s %s %s", tuple({ type: "none" }, { type: "bool", value: true }, tuple(int(1))), "None True (1,)"],
    ["%r", str("it's"), '"it\'s"'],
    ["%r", str("a'b\"c\n"), "'a\\'b\"c\\n'"],
    ["%3s|%-3s|", tuple(str("é"), str("日本")), "  é|日本 |"],
    ["%d", int(2n ** 100n), (2n ** 100n).toString()],
    ["no conversions", tuple(), "no conversions"],
    ["%hd %ld", tuple(int(1), int(2)), "1 2"],
  ] as Array<[string, PyValue, string]>)("%s", (template, args, want) => {
    expect(format(template, args)).toBe(want);
  });
});

describe("refusals", () => {
  const refused = (template: string, args: PyValue, max = 10_000): string => {
    let caught: unknown;
    try {
      format(template, args, max);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ExpressionError);
    expect((caught as ExpressionError).offset).toBe(3);
    return (caught as ExpressionError).message;
  };

  test("unsupported conversions, mapping keys and * widths", () => {
    expect(refused("%e", float(1))).toMatch(/%e is not supported/);
    expect(refused("%g", float(1))).toMatch(/%g/);
    expect(refused("%c", int(65))).toMatch(/%c/);
    expect(refused("%(name)s", str("x"))).toMatch(/mapping keys/);
    expect(refused("%*d", tuple(int(3), int(1)))).toMatch(/\* widths/);
    expect(refused("%.*f", tuple(int(3), float(1)))).toMatch(/\* widths/);
    expect(refused("abc %", tuple())).toMatch(/incomplete format/);
  });

  test("argument counts and types", () => {
    expect(refused("%s %s", tuple(str("a")))).toMatch(/not enough arguments/);
    expect(refused("%s", tuple(str("a"), str("b")))).toMatch(/not all arguments converted/);
    expect(refused("x", str("a"))).toMatch(/not all arguments converted/);
    expect(refused("%d", str("1"))).toMatch(/%d needs a number, not text/);
    expect(refused("%x", float(1.5))).toMatch(/%x needs an integer, not a decimal number/);
    expect(refused("%f", str("1"))).toMatch(/%f needs a number, not text/);
    expect(refused("%d", float(Number.NaN))).toMatch(/cannot format/);
    expect(refused("%f", int(10n ** 400n))).toMatch(/too large/);
  });

  test("widths and precisions over the limit are refused before formatting", () => {
    expect(refused("%11s", str("x"), 10)).toMatch(/width of 11 is over the limit of 10/);
    expect(refused("%.11f", float(1), 10)).toMatch(/precision of 11/);
    expect(refused(`%${"9".repeat(400)}d`, int(1), 10)).toMatch(/width of 999999999999\.\.\. is over the limit/);
    expect(refused(`%.${"9".repeat(400)}f`, float(1), 10)).toMatch(/precision/);
    expect(format("%010d", int(1), 10)).toBe("0000000001");
  });

  test("the result length is bounded, counting characters", () => {
    expect(format("%s%s", tuple(str("é".repeat(5)), str("😀".repeat(5))), 10)).toBe(
      `${"é".repeat(5)}${"😀".repeat(5)}`,
    );
    expect(refused("%s%s", tuple(str("a".repeat(6)), str("b".repeat(5))), 10)).toMatch(/longer than 10 characters/);
    expect(refused("0123456789x", tuple(), 10)).toMatch(/longer than 10/);
    expect(refused("%.5f", float(1e6), 10)).toMatch(/longer than 10/);
  });
});

describe("fixedDigits rounds the exact binary value, ties to even", () => {
  test.each([
    [0.5, 0, "0"],
    [1.5, 0, "2"],
    [2.5, 0, "2"],
    [0.125, 2, "0.12"],
    [0.375, 2, "0.38"],
    [1.005, 2, "1.00"],
    [5e-324, 3, "0.000"],
    [123.456, 1, "123.5"],
    [0.1, 20, "0.10000000000000000555"],
  ])("%d with %d digits", (x, digits, want) => {
    expect(fixedDigits(x, digits)).toBe(want);
  });
});

describe("Python repr of floats and strings", () => {
  test.each([
    [0.1, "0.1"],
    [1, "1.0"],
    [-0, "-0.0"],
    [1e16, "1e+16"],
    [1.5e16, "1.5e+16"],
    [9999999999999998, "9999999999999998.0"],
    [0.0001, "0.0001"],
    [0.00001, "1e-05"],
    [123456789012345680000, "1.2345678901234568e+20"],
    [1.5e-300, "1.5e-300"],
    [Number.POSITIVE_INFINITY, "inf"],
    [Number.NaN, "nan"],
  ])("%d", (x, want) => {
    expect(floatRepr(x)).toBe(want);
  });

  test("strings choose their quote and escape controls", () => {
    expect(strRepr("abc")).toBe("'abc'");
    expect(strRepr("it's")).toBe('"it\'s"');
    expect(strRepr("\\\t\u0001é")).toBe("'\\\\\\t\\x01é'");
    expect(pyRepr({ type: "tuple", items: [] })).toBe("()");
  });
});
