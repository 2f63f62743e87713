import { describe, expect, test } from "bun:test";
import { ExpressionError } from "./expression-error";
import { type Token, tokenize } from "./lexer";

/** The one token a source holds (besides eof). */
function only(source: string): Token {
  const tokens = tokenize(source);
  expect(tokens).toHaveLength(2);
  expect(tokens[1]?.kind).toBe("eof");
  return tokens[0] as Token;
}

function numberOf(source: string): { value: number | bigint; isFloat: boolean } {
  const token = only(source);
  if (token.kind !== "number") throw new Error(`${source} is a ${token.kind}`);
  return { value: token.value, isFloat: token.isFloat };
}

function stringOf(source: string): { value: string; bytes: boolean } {
  const token = only(source);
  if (token.kind !== "string") throw new Error(`${source} is a ${token.kind}`);
  return { value: token.value, bytes: token.bytes };
}

/** Expects an ExpressionError whose message contains `fragment`, at `offset`. */
function refuses(source: string, fragment: string, offset: number): void {
  let caught: unknown;
  try {
    tokenize(source);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ExpressionError);
  const error = caught as ExpressionError;
  expect(error.message).toContain(fragment);
  expect(error.offset).toBe(offset);
}

describe("tokens", () => {
  test("kinds, positions and ends", () => {
    expect(tokenize("pl.col('a') >= 1.5")).toEqual([
      { kind: "name", name: "pl", pos: 0, end: 2 },
      { kind: "op", op: ".", pos: 2, end: 3 },
      { kind: "name", name: "col", pos: 3, end: 6 },
      { kind: "op", op: "(", pos: 6, end: 7 },
      { kind: "string", value: "a", bytes: false, pos: 7, end: 10 },
      { kind: "op", op: ")", pos: 10, end: 11 },
      { kind: "op", op: ">=", pos: 12, end: 14 },
      { kind: "number", value: 1.5, isFloat: true, pos: 15, end: 18 },
      { kind: "eof", pos: 18, end: 18 },
    ]);
  });

  test("longest operator wins", () => {
    const ops = tokenize("a**=b//c>>d<<=e...f!=g:=h->i").flatMap((t) => (t.kind === "op" ? [t.op] : []));
    expect(ops).toEqual(["**=", "//", ">>", "<<=", "...", "!=", ":=", "->"]);
  });

  test("keywords, soft keywords and True/False/None", () => {
    const kinds = tokenize("not and or in is if lambda True None match type _").map((t) => t.kind);
    expect(kinds).toEqual([...Array(9).fill("keyword"), "name", "name", "name", "eof"]);
  });

  test("unicode names are NFKC-normalized as Python does", () => {
    expect(only("größe")).toMatchObject({ kind: "name", name: "größe" });
    expect(only("名前")).toMatchObject({ kind: "name", name: "名前" });
    expect(only("ｐｌ")).toMatchObject({ kind: "name", name: "pl", pos: 0, end: 2 });
    expect(only("_＿class＿＿")).toMatchObject({ kind: "name", name: "__class__" });
    expect(only("ﬁ")).toMatchObject({ kind: "name", name: "fi" });
    refuses("Ｔｒｕｅ", "reads as the reserved word 'True'", 0);
    refuses("x + ｉｆ", "reads as the reserved word 'if'", 4);
  });

  test("line breaks: whitespace inside brackets, a token outside, dropped at both ends", () => {
    expect(tokenize("(a\n+\r\nb)").map((t) => t.kind)).toEqual(["op", "name", "op", "name", "op", "eof"]);
    expect(tokenize("\n\n a \n\n").map((t) => t.kind)).toEqual(["name", "eof"]);
    expect(tokenize("a\n \n b")).toContainEqual({ kind: "newline", pos: 1, end: 2 });
    expect(tokenize("a\n \n b").filter((t) => t.kind === "newline")).toHaveLength(1);
    // A stray closer does not make the depth negative: the break after it is still a token.
    expect(tokenize(")\na").map((t) => t.kind)).toEqual(["op", "newline", "name", "eof"]);
  });

  test("a backslash continues the line; elsewhere it is refused", () => {
    expect(tokenize("a + \\\n b").map((t) => t.kind)).toEqual(["name", "op", "name", "eof"]);
    expect(tokenize("a + \\\r\n b").map((t) => t.kind)).toEqual(["name", "op", "name", "eof"]);
    refuses("a \\ b", "a backslash outside a string must end the line", 2);
    refuses("a \\", "a backslash outside a string must end the line", 2);
  });

  test("comments, NUL and stray characters are refused", () => {
    refuses("a # note", "comments (#) are not allowed", 2);
    refuses("a\0", "NUL characters are not allowed", 1);
    refuses("'a\0'", "NUL characters are not allowed", 2);
    refuses("a $ b", "the character '$' cannot be used in an expression", 2);
    refuses("a ? b", "the character '?'", 2);
    refuses("a ! b", "the character '!'", 2);
    refuses("`a`", "the character '`'", 0);
    refuses("a\u00a0b", "the character U+00A0", 1);
    refuses("a\vb", "the character U+000B", 1);
    refuses("\ud800", "the character U+D800", 0);
    refuses("😀", "the character U+1F600", 0);
  });
});

describe("numbers", () => {
  test("integers in every base, with underscores", () => {
    expect(numberOf("0")).toEqual({ value: 0, isFloat: false });
    expect(numberOf("000")).toEqual({ value: 0, isFloat: false });
    expect(numberOf("0_0")).toEqual({ value: 0, isFloat: false });
    expect(numberOf("42")).toEqual({ value: 42, isFloat: false });
    expect(numberOf("1_000_000")).toEqual({ value: 1_000_000, isFloat: false });
    expect(numberOf("0xFF")).toEqual({ value: 255, isFloat: false });
    expect(numberOf("0X_dead_BEEF")).toEqual({ value: 0xdeadbeef, isFloat: false });
    expect(numberOf("0o17")).toEqual({ value: 15, isFloat: false });
    expect(numberOf("0O7_7")).toEqual({ value: 63, isFloat: false });
    expect(numberOf("0b1010")).toEqual({ value: 10, isFloat: false });
    expect(numberOf("0B_1")).toEqual({ value: 1, isFloat: false });
  });

  test("integers beyond 2^53 are bigints", () => {
    expect(numberOf("9007199254740992")).toEqual({ value: 9007199254740992, isFloat: false });
    expect(numberOf("9007199254740993")).toEqual({ value: 9007199254740993n, isFloat: false });
    expect(numberOf("0x20000000000001")).toEqual({ value: 9007199254740993n, isFloat: false });
    expect(numberOf("123456789012345678901234567890")).toEqual({
      value: 123456789012345678901234567890n,
      isFloat: false,
    });
  });

  test("floats", () => {
    expect(numberOf("1.5")).toEqual({ value: 1.5, isFloat: true });
    expect(numberOf(".5")).toEqual({ value: 0.5, isFloat: true });
    expect(numberOf("1.")).toEqual({ value: 1, isFloat: true });
    expect(numberOf("1e-3")).toEqual({ value: 0.001, isFloat: true });
    expect(numberOf("1E+3")).toEqual({ value: 1000, isFloat: true });
    expect(numberOf("1.e5")).toEqual({ value: 100000, isFloat: true });
    expect(numberOf("1_0.5")).toEqual({ value: 10.5, isFloat: true });
    expect(numberOf("1_0.0_5e1_0")).toEqual({ value: 10.05e10, isFloat: true });
    expect(numberOf("007.5")).toEqual({ value: 7.5, isFloat: true });
    expect(numberOf("09e1")).toEqual({ value: 90, isFloat: true });
    expect(numberOf("1e400")).toEqual({ value: Number.POSITIVE_INFINITY, isFloat: true });
  });

  test("a dot after a float starts an attribute: 1..real, 1e5.real", () => {
    expect(tokenize("1..real").map((t) => t.kind)).toEqual(["number", "op", "name", "eof"]);
    expect(tokenize("1e5.real").map((t) => t.kind)).toEqual(["number", "op", "name", "eof"]);
  });

  test("malformed numbers, as Python words them", () => {
    refuses("1j", "complex numbers", 0);
    refuses("x + 1.5J", "complex numbers", 4);
    refuses("012", "a whole number cannot start with 0", 0);
    refuses("0_7", "a whole number cannot start with 0", 0);
    refuses("1_", "1_ is not a valid decimal number", 0);
    refuses("1__0", "1__0 is not a valid decimal number", 0);
    refuses("1abc", "1abc is not a valid decimal number", 0);
    refuses("1.real", "1.real is not a valid decimal number", 0);
    refuses("1e", "1e is not a valid decimal number", 0);
    refuses("1e+", "1e is not a valid decimal number", 0);
    refuses("1if 1 else 2", "1if is not a valid decimal number", 0);
    refuses("0x", "0x must be followed by hexadecimal digits", 0);
    refuses("0xg", "0x must be followed by hexadecimal digits", 0);
    refuses("0b2", "0b must be followed by binary digits", 0);
    refuses("0b12", "'2' cannot appear in binary numbers", 3);
    refuses("0o8", "0o must be followed by octal digits", 0);
    refuses("0o78", "'8' cannot appear in octal numbers", 3);
    refuses("0b1_", "0b1_ is not a valid binary number", 0);
    refuses("1".repeat(4301), "4301 digits is too long", 0);
    expect(numberOf("1".repeat(4300)).value).toBe(BigInt("1".repeat(4300)));
  });
});

describe("strings", () => {
  test("quotes and triple quotes", () => {
    expect(stringOf("'a'")).toEqual({ value: "a", bytes: false });
    expect(stringOf('"a"')).toEqual({ value: "a", bytes: false });
    expect(stringOf("''")).toEqual({ value: "", bytes: false });
    expect(stringOf(`"it's"`)).toEqual({ value: "it's", bytes: false });
    expect(stringOf("'''a\nb'''")).toEqual({ value: "a\nb", bytes: false });
    expect(stringOf('"""a "" b"""')).toEqual({ value: 'a "" b', bytes: false });
    expect(stringOf("'''a\r\nb\rc'''")).toEqual({ value: "a\nb\nc", bytes: false });
    expect(stringOf("'名前 😀'")).toEqual({ value: "名前 😀", bytes: false });
    expect(stringOf("'# not a comment'")).toEqual({ value: "# not a comment", bytes: false });
  });

  test("every escape of Python", () => {
    const source = String.raw`'\\ \' \" \a \b \f \n \r \t \v \x41 \u00e9 \U0001F600 \101 \0 \7 \777 \ud800'`;
    expect(stringOf(source).value).toBe("\\ ' \" \x07 \b \f \n \r \t \v A é 😀 A \0 \x07 \u01ff \ud800");
    expect(stringOf("'a\\\nb'").value).toBe("ab");
    expect(stringOf("'a\\\r\nb'").value).toBe("ab");
    // Unknown escapes keep their backslash, as Python does (with a warning).
    expect(stringOf(String.raw`'\d+\.\8'`).value).toBe(String.raw`\d+\.\8`);
    expect(stringOf(String.raw`'\1234'`).value).toBe("S4");
  });

  test("prefixes: raw, bytes, u, in any case", () => {
    expect(stringOf(String.raw`r'\d\n'`)).toEqual({ value: String.raw`\d\n`, bytes: false });
    expect(stringOf(String.raw`R"\'"`)).toEqual({ value: String.raw`\'`, bytes: false });
    expect(stringOf("r'a\\\nb'")).toEqual({ value: "a\\\nb", bytes: false });
    expect(stringOf("u'x'")).toEqual({ value: "x", bytes: false });
    expect(stringOf(String.raw`b'a\x00\xff\777'`)).toEqual({ value: "a\0\xff\xff", bytes: true });
    expect(stringOf(String.raw`b'\u1234\N{x}'`)).toEqual({ value: String.raw`\u1234\N{x}`, bytes: true });
    expect(stringOf(String.raw`Rb'\x'`)).toEqual({ value: String.raw`\x`, bytes: true });
    expect(stringOf(String.raw`bR'\x'`)).toEqual({ value: String.raw`\x`, bytes: true });
    expect(only("rb''")).toMatchObject({ pos: 0, end: 4 });
  });

  test("f-strings and t-strings are refused at their prefix", () => {
    refuses("f'x'", "f-strings are not allowed", 0);
    refuses('a + F"{a}"', "f-strings are not allowed", 4);
    refuses("rf'x'", "f-strings are not allowed", 0);
    refuses("fR'x'", "f-strings are not allowed", 0);
    refuses("t'x'", "t-strings (template strings) are not allowed", 0);
  });

  test("a name glued to a quote that is not a prefix is two tokens", () => {
    expect(tokenize("ur'x'").map((t) => t.kind)).toEqual(["name", "string", "eof"]);
  });

  test("malformed strings", () => {
    refuses("'abc", "the text is not closed: add its closing quote", 0);
    refuses("x + 'a\nb'", "the text is not closed", 4);
    refuses("'''abc''", "the text in triple quotes is not closed", 0);
    refuses(String.raw`r'\'`, "the text is not closed", 0);
    refuses("'abc\\", "the text is not closed", 0);
    refuses(String.raw`'ab\x4'`, "the escape \\xXX needs all its hex digits", 3);
    refuses(String.raw`'\u12'`, "the escape \\uXXXX needs all its hex digits", 1);
    refuses(String.raw`'\U0011000'`, "the escape \\UXXXXXXXX needs all its hex digits", 1);
    refuses(String.raw`'\U00110000'`, "past the last Unicode character", 1);
    refuses(String.raw`'\N{EM DASH}'`, "named Unicode escapes (\\N{...}) are not supported", 1);
    refuses("b'é'", "bytes (b'...') can only hold ASCII characters", 2);
    refuses("'a\ud800'", "an unpaired surrogate (U+D800)", 2);
    refuses("'\udc00a'", "an unpaired surrogate (U+DC00)", 1);
  });
});
