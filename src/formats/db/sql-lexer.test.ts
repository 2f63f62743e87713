import { describe, expect, test } from "bun:test";
import { lexSql, type SqlToken } from "./sql-lexer";
import { readingsOf, type SqlDialect } from "./sql-readings";

/** The tokens as `kind:text` (text only for words, quoted names and symbols), read with reading `n`. */
function lex(sql: string, dialect: SqlDialect, n = 0): string[] {
  const reading = readingsOf(dialect)[n];
  if (!reading) throw new Error(`${dialect} has no reading ${n}`);
  return lexSql(sql, dialect, reading).map(show);
}

const show = (token: SqlToken): string =>
  token.kind === "string" || token.kind === "number" ? token.kind : `${token.kind}:${token.text}`;

/** Only the bare words. */
const words = (sql: string, dialect: SqlDialect, n = 0): string[] =>
  lex(sql, dialect, n)
    .filter((token) => token.startsWith("word:"))
    .map((token) => token.slice(5));

describe("comments", () => {
  test("-- ends at LF everywhere, and at a lone CR in PostgreSQL", () => {
    expect(words("a -- b\nc", "sqlite")).toEqual(["a", "c"]);
    expect(words("a -- b\rc", "postgresql")).toEqual(["a", "c"]);
    expect(words("a -- b\rc", "sqlite")).toEqual(["a"]);
    expect(words("a -- b\rc", "mysql")).toEqual(["a"]);
    expect(words("a -- b\rc", "mssql", 0)).toEqual(["a", "c"]);
    expect(words("a -- b\rc", "mssql", 1)).toEqual(["a"]);
  });

  test("MySQL reads -- as a comment only before a space or control character", () => {
    expect(lex("1--1", "mysql")).toEqual(["number", "symbol:-", "symbol:-", "number"]);
    expect(words("a --b", "mysql")).toEqual(["a", "b"]);
    expect(words("a --\tb", "mysql")).toEqual(["a"]);
    expect(words("a --", "mysql")).toEqual(["a"]);
    expect(words("a --b", "postgresql")).toEqual(["a"]);
  });

  test("# is a comment in MySQL only", () => {
    expect(words("a # b\nc", "mysql")).toEqual(["a", "c"]);
    expect(words("a # b", "postgresql")).toEqual(["a", "b"]);
    expect(words("a #b", "mssql")).toEqual(["a", "#b"]);
  });

  test("PostgreSQL and SQL Server nest block comments; MySQL and SQLite refuse a /* inside one", () => {
    expect(words("a /* x /* y */ z */ b", "postgresql")).toEqual(["a", "b"]);
    expect(words("a /* x /* y */ z */ b", "mssql")).toEqual(["a", "b"]);
    expect(lex("a /* x /* y */ b", "mysql")).toEqual(["word:a", "bad:a /* inside a comment"]);
    expect(lex("a /* x /* y */ b", "sqlite")).toEqual(["word:a", "bad:a /* inside a comment"]);
    expect(words("a /**/ b /*/ c */ d", "sqlite")).toEqual(["a", "b", "d"]);
    expect(lex("a /* x /* y */", "postgresql")).toEqual(["word:a", "bad:an unterminated /* comment"]);
  });

  test("MySQL executable comments and optimizer hints are code", () => {
    expect(words("a /*! b */ c /*!50001 d */ e /*M!100100 f */ /*+ g(h) */", "mysql")).toEqual([
      ...["a", "b", "c", "d", "e", "f", "g", "h"],
    ]);
    expect(words("a /*! b */ c", "postgresql")).toEqual(["a", "c"]);
    expect(lex("/*! a", "mysql")).toEqual(["word:a", "bad:an unterminated /*! ... */ comment"]);
  });

  test("inside an executable comment, nothing may hold the */ that could end it", () => {
    expect(lex("/*! 'x*/' */", "mysql")).toEqual(["bad:a string holding */ inside a /*! ... */ comment"]);
    expect(lex("/*! a # */\n */", "mysql")).toEqual(["word:a", "bad:a comment holding */ inside a /*! ... */ comment"]);
    expect(lex("/*! a /* b */ */", "mysql")).toEqual(["word:a", "bad:a comment inside a /*! ... */ comment"]);
    expect(lex("/*! a ; b */", "mysql")).toEqual(["word:a", "bad:a ; inside a /*! ... */ comment", "word:b"]);
  });
});

describe("strings and quoted names", () => {
  test("a doubled quote escapes itself", () => {
    expect(lex("'a''b' c", "sqlite")).toEqual(["string", "word:c"]);
    expect(lex('"a""b" c', "postgresql")).toEqual(['quoted:a"b', "word:c"]);
    expect(lex("`a``b` c", "mysql")).toEqual(["quoted:a`b", "word:c"]);
    expect(lex("[a]]b] c", "mssql")).toEqual(["quoted:a]b", "word:c"]);
  });

  test("SQLite's [name] has no escape", () => {
    expect(lex("[a]]b", "sqlite")).toEqual(["quoted:a", "symbol:]", "word:b"]);
  });

  test("brackets and backticks quote only where the dialect says so", () => {
    expect(lex("[a]", "postgresql")).toEqual(["symbol:[", "word:a", "symbol:]"]);
    expect(lex("`a`", "mssql")).toEqual(["symbol:`", "word:a", "symbol:`"]);
  });

  test("a backslash escapes per reading", () => {
    const text = "'a\\' b '";
    expect(lex(text, "postgresql", 0)).toEqual(["string", "word:b", "bad:an unterminated string"]);
    expect(lex(text, "postgresql", 1)).toEqual(["string"]);
    expect(lex(text, "mysql", 0)).toEqual(["string"]);
    expect(lex(text, "mysql", 2)).toEqual(["string", "word:b", "bad:an unterminated string"]);
    expect(lex(text, "sqlite")).toEqual(["string", "word:b", "bad:an unterminated string"]);
    expect(lex("E'a\\' b '", "postgresql", 0)).toEqual(["string"]);
    expect(lex("ae'a\\' b '", "postgresql", 0)).toEqual(["word:ae", "string", "word:b", "bad:an unterminated string"]);
  });

  test('MySQL reads "..." as a string, or as a name with ANSI_QUOTES', () => {
    expect(lex('"a\\" b "', "mysql", 0)).toEqual(["string"]);
    expect(lex('"a\\" b "', "mysql", 1)).toEqual(["quoted:a\\", "word:b", "bad:an unterminated quoted name"]);
  });

  test("PostgreSQL dollar quotes, parameters and $ inside names", () => {
    expect(lex("$$ a $$ b", "postgresql")).toEqual(["string", "word:b"]);
    expect(lex("$x$ $y$ a $x$ b", "postgresql")).toEqual(["string", "word:b"]);
    expect(lex("$é\u00a0$ a $é\u00a0$ b", "postgresql")).toEqual(["string", "word:b"]);
    expect(lex("$1 a$b$ c", "postgresql")).toEqual(["number", "word:a$b$", "word:c"]);
    expect(lex("$x$ a", "postgresql")).toEqual(["bad:an unterminated $x$ string"]);
    expect(lex("$ a", "postgresql")).toEqual(["symbol:$", "word:a"]);
  });

  test("hex and bit strings hold only hex digits", () => {
    expect(lex("X'4a' B'01' c", "postgresql")).toEqual(["string", "string", "word:c"]);
    expect(lex("x'4' 'z'", "sqlite")).toEqual(["string", "string"]);
    expect(lex("x'4\\'", "mysql")).toEqual(["bad:a malformed hex or bit string"]);
    expect(lex("x'4'", "mssql")).toEqual(["word:x", "string"]);
  });

  test('U&"..." names may not hide letters behind escapes', () => {
    expect(lex('U&"abc" d', "postgresql")).toEqual(["word:U", "symbol:&", "quoted:abc", "word:d"]);
    expect(lex('U&"\\0061bc"', "postgresql").at(-1)).toBe('bad:a Unicode-escaped name (U&"...")');
  });

  test("SQLite parameters, including Tcl's $a(...) and $a::b", () => {
    expect(lex("$a(x'y) b", "sqlite")).toEqual(["number", "word:b"]);
    expect(lex("$a::b c", "sqlite")).toEqual(["number", "word:c"]);
    expect(lex(":p @q #r", "sqlite")).toEqual(["number", "number", "number"]);
    expect(lex("$a(x y)", "sqlite")).toEqual(["bad:an unterminated ( in a parameter name"]);
    expect(lex("$ a", "sqlite")).toEqual(["symbol:$", "word:a"]);
  });
});

describe("words and other characters", () => {
  test("non-ASCII letters are part of words", () => {
    expect(words("prénom 名前 a😀b", "postgresql")).toEqual(["prénom", "名前", "a😀b"]);
  });

  test("Unicode spaces and invisible characters split words and are flagged", () => {
    expect(lex("DELETE\u00a0FROM", "postgresql")).toEqual([
      "word:DELETE",
      "bad:the character U+00A0 outside a string (only ASCII spaces separate words)",
      "word:FROM",
    ]);
    expect(words("a\u200bb\u2028c\ufeffd", "mysql")).toEqual(["a", "b", "c", "d"]);
    expect(lex("a\u0001", "sqlite").at(-1)).toBe(
      "bad:the control character U+0001 outside a string (only ASCII spaces separate words)",
    );
  });

  test("numbers end where a word begins", () => {
    expect(lex("1e5 1.5 .5 1DELETE", "mysql")).toEqual(["number", "number", "number", "number", "word:DELETE"]);
  });

  test("SQL Server names may start with @ or #", () => {
    expect(words("@@VERSION @x #t ##g", "mssql")).toEqual(["@@VERSION", "@x", "#t", "##g"]);
  });

  test("tokens carry their offsets", () => {
    const [reading] = readingsOf("sqlite");
    if (!reading) throw new Error("sqlite has no reading");
    const [first, second] = lexSql("  ab 'c'", "sqlite", reading);
    expect(first).toEqual({ kind: "word", start: 2, end: 4, text: "ab" });
    expect(second).toEqual({ kind: "string", start: 5, end: 8, text: "" });
  });
});
