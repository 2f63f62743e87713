import { ExpressionError } from "./expression-error";

/** A string literal read by the lexer: its decoded value and where it ends. */
export interface StringLiteral {
  /** Escapes applied; for bytes literals one character (U+0000-U+00FF) per byte. */
  value: string;
  bytes: boolean;
  end: number;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/**
 * Reads a Python string literal whose prefix (`""`, `r`, `b`, `rb`, `u`, lowercased) starts at
 * `start` and whose opening quote is at `quoteAt`. Follows Python: single or triple quotes,
 * line breaks only in triple-quoted strings (`\r\n` and `\r` read as `\n`), every escape of
 * Python (a backslash before an unknown character stays, as Python keeps it), raw strings
 * keep backslashes, bytes literals hold ASCII only. `\N{name}` is refused: it would need
 * the Unicode name table. An unpaired surrogate cannot be written in Python source (UTF-8),
 * so it is refused too; `\ud800` written as an escape is accepted, as Python accepts it.
 */
export function readStringBody(source: string, start: number, quoteAt: number, prefix: string): StringLiteral {
  const raw = prefix.includes("r");
  const bytes = prefix.includes("b");
  const quote = source[quoteAt];
  const triple = source[quoteAt + 1] === quote && source[quoteAt + 2] === quote;
  const unterminated = () =>
    new ExpressionError(
      triple
        ? "the text in triple quotes is not closed: add the closing quotes"
        : "the text is not closed: add its closing quote",
      start,
    );
  let value = "";
  let i = quoteAt + (triple ? 3 : 1);
  for (;;) {
    const c = source[i];
    if (c === undefined) throw unterminated();
    if (c === quote && (!triple || (source[i + 1] === quote && source[i + 2] === quote))) {
      return { value, bytes, end: i + (triple ? 3 : 1) };
    }
    if (c === "\n" || c === "\r") {
      if (!triple) throw unterminated();
      value += "\n";
      i += c === "\r" && source[i + 1] === "\n" ? 2 : 1;
    } else if (c === "\\" && !raw) {
      const decoded = decodeEscape(source, i, bytes);
      if (decoded === null) throw unterminated();
      value += decoded.text;
      i = decoded.end;
    } else if (c === "\\") {
      // Raw: the backslash stays, and it keeps a following quote, backslash or line break
      // from ending the string or the line (so `r"\"` is unterminated, as in Python).
      const next = source[i + 1];
      if (next === undefined) throw unterminated();
      value += "\\";
      i++;
      if (next === quote || next === "\\") {
        value += next;
        i++;
      } else if (next === "\n" || next === "\r") {
        value += "\n";
        i += next === "\r" && source[i + 1] === "\n" ? 2 : 1;
      }
    } else {
      const width = checkCharacter(source, i, bytes);
      value += source.slice(i, i + width);
      i += width;
    }
  }
}

/** The width (1 or 2 code units) of the character at `at`, refusing what Python source cannot hold. */
function checkCharacter(source: string, at: number, bytes: boolean): number {
  const code = source.charCodeAt(at);
  if (bytes && code > 0x7f) throw new ExpressionError("bytes (b'...') can only hold ASCII characters", at);
  if (code < 0xd800 || code > 0xdfff) return 1;
  const low = source.charCodeAt(at + 1);
  if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) return 2;
  const hex = code.toString(16).toUpperCase();
  throw new ExpressionError(`an unpaired surrogate (U+${hex}) cannot appear in a string; write \\u${hex}`, at);
}

/** Decodes the escape whose backslash is at `at`; null when the source ends after the backslash. */
function decodeEscape(source: string, at: number, bytes: boolean): { text: string; end: number } | null {
  const c = source[at + 1];
  if (c === undefined) return null;
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return { text: simple, end: at + 2 };
  if (c === "\n") return { text: "", end: at + 2 };
  if (c === "\r") return { text: "", end: at + (source[at + 2] === "\n" ? 3 : 2) };
  if (c >= "0" && c <= "7") {
    let end = at + 2;
    while (end < at + 4 && (source[end] ?? "") >= "0" && (source[end] ?? "") <= "7") end++;
    const code = Number.parseInt(source.slice(at + 1, end), 8);
    // Python keeps `\777` as U+01FF in str and masks it to one byte in bytes.
    return { text: String.fromCharCode(bytes ? code & 0xff : code), end };
  }
  if (c === "x") return { text: String.fromCharCode(readHex(source, at, 2, "\\xXX")), end: at + 4 };
  if (!bytes && c === "u") return { text: String.fromCharCode(readHex(source, at, 4, "\\uXXXX")), end: at + 6 };
  if (!bytes && c === "U") {
    const code = readHex(source, at, 8, "\\UXXXXXXXX");
    if (code > 0x10ffff)
      throw new ExpressionError("the \\U escape is past the last Unicode character (\\U0010FFFF)", at);
    return { text: String.fromCodePoint(code), end: at + 10 };
  }
  if (!bytes && c === "N") {
    throw new ExpressionError("named Unicode escapes (\\N{...}) are not supported; write \\uXXXX instead", at);
  }
  // An unknown escape (`\d`) keeps its backslash; the next character is read as usual.
  return { text: "\\", end: at + 1 };
}

function readHex(source: string, at: number, count: number, form: string): number {
  const digits = source.slice(at + 2, at + 2 + count);
  if (digits.length < count || !/^[0-9a-fA-F]+$/.test(digits)) {
    throw new ExpressionError(`the escape ${form} needs all its hex digits`, at);
  }
  return Number.parseInt(digits, 16);
}
