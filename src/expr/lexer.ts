import { ExpressionError } from "./expression-error";
import { readNumber } from "./lex-number";
import { readStringBody } from "./lex-string";

/**
 * A token of an expression string. `pos`/`end` are 0-based offsets (end exclusive) in the
 * source. Names are NFKC-normalized as Python does, so `ｐｌ` is the name `pl`.
 */
export type Token =
  | { kind: "name"; name: string; pos: number; end: number }
  | { kind: "keyword"; keyword: string; pos: number; end: number }
  | { kind: "number"; value: number | bigint; isFloat: boolean; pos: number; end: number }
  | { kind: "string"; value: string; bytes: boolean; pos: number; end: number }
  | { kind: "op"; op: string; pos: number; end: number }
  /** A line break outside brackets: only ever between two tokens (the parser refuses it). */
  | { kind: "newline"; pos: number; end: number }
  | { kind: "eof"; pos: number; end: number };

// biome-ignore format: a table
/** Python 3's hard keywords (soft keywords such as `match`, `type`, `_` are names). */
export const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
  "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
  "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
]);

// Longest first, so `**=` wins over `**` and `*`. Statement operators (`=`, `+=`, `;`, `:=`) are
// tokens too: the parser refuses them by name instead of calling them unknown characters.
// biome-ignore format: a table
const OPERATORS = [
  "**=", "//=", ">>=", "<<=", "...",
  "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", ":=",
  "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
  "+", "-", "*", "/", "%", "@", "~", "&", "|", "^", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=",
];

const STRING_PREFIXES = new Set(["r", "u", "b", "br", "rb"]);
const FSTRING_PREFIXES = new Set(["f", "fr", "rf"]);
const TSTRING_PREFIXES = new Set(["t", "tr", "rt"]);

// Python identifiers are XID_Start (or `_`) followed by XID_Continue (PEP 3131). Linear: one
// character class each, no nested quantifier.
const IDENTIFIER = /[\p{XID_Start}_]\p{XID_Continue}*/uy;
const WHOLE_IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

/** `U+00A0` for anything that is not printable ASCII, `'$'` otherwise. */
function describeChar(source: string, at: number): string {
  const code = source.codePointAt(at) ?? 0;
  if (code > 0x20 && code < 0x7f) return `'${String.fromCharCode(code)}'`;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Splits an expression string into tokens, ending with one `eof` token. Line breaks inside
 * brackets are whitespace, as in Python; outside brackets they become `newline` tokens
 * (leading and trailing ones are dropped). A backslash at the end of a line joins lines, as
 * in Python. Comments (`#`) are refused: the text is pasted into generated Python, where a
 * comment would swallow whatever the generator writes after it on the line.
 */
export function tokenize(source: string): Token[] {
  const nul = source.indexOf("\0");
  if (nul >= 0) throw new ExpressionError("NUL characters are not allowed (write \\x00 inside quoted text)", nul);
  const tokens: Token[] = [];
  const n = source.length;
  let i = 0;
  let depth = 0;
  while (i < n) {
    const c = source[i] as string;
    if (c === " " || c === "\t" || c === "\f") {
      i++;
    } else if (c === "\n" || c === "\r") {
      const start = i;
      i += c === "\r" && source[i + 1] === "\n" ? 2 : 1;
      const last = tokens[tokens.length - 1];
      if (depth === 0 && last !== undefined && last.kind !== "newline")
        tokens.push({ kind: "newline", pos: start, end: i });
    } else if (c === "\\") {
      const after = source[i + 1];
      if (after === "\n") i += 2;
      else if (after === "\r") i += source[i + 2] === "\n" ? 3 : 2;
      else throw new ExpressionError("a backslash outside a string must end the line", i);
    } else if (c === "#") {
      throw new ExpressionError("comments (#) are not allowed", i);
    } else if (isDigit(c) || (c === "." && isDigit(source[i + 1]))) {
      const number = readNumber(source, i);
      tokens.push({ kind: "number", value: number.value, isFloat: number.isFloat, pos: i, end: number.end });
      i = number.end;
    } else if (c === '"' || c === "'") {
      const string = readStringBody(source, i, i, "");
      tokens.push({ kind: "string", value: string.value, bytes: string.bytes, pos: i, end: string.end });
      i = string.end;
    } else if (startsIdentifier(source, i)) {
      i = readWord(source, i, tokens);
    } else {
      const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
      if (op === undefined)
        throw new ExpressionError(`the character ${describeChar(source, i)} cannot be used in an expression`, i);
      if (op === "(" || op === "[" || op === "{") depth++;
      else if ((op === ")" || op === "]" || op === "}") && depth > 0) depth--;
      tokens.push({ kind: "op", op, pos: i, end: i + op.length });
      i += op.length;
    }
  }
  if (tokens[tokens.length - 1]?.kind === "newline") tokens.pop();
  tokens.push({ kind: "eof", pos: n, end: n });
  return tokens;
}

/** Reads a name, a keyword, or a prefixed string literal (`r"..."`) starting at `start`. */
function readWord(source: string, start: number, tokens: Token[]): number {
  IDENTIFIER.lastIndex = start;
  IDENTIFIER.exec(source);
  const end = IDENTIFIER.lastIndex;
  const raw = source.slice(start, end);
  const next = source[end];
  if (next === '"' || next === "'") {
    const prefix = raw.toLowerCase();
    if (FSTRING_PREFIXES.has(prefix))
      throw new ExpressionError('f-strings are not allowed: use pl.format("{} {}", pl.col("a"), pl.col("b"))', start);
    if (TSTRING_PREFIXES.has(prefix)) throw new ExpressionError("t-strings (template strings) are not allowed", start);
    if (STRING_PREFIXES.has(prefix)) {
      const string = readStringBody(source, start, end, prefix);
      tokens.push({ kind: "string", value: string.value, bytes: string.bytes, pos: start, end: string.end });
      return string.end;
    }
  }
  if (PYTHON_KEYWORDS.has(raw)) {
    tokens.push({ kind: "keyword", keyword: raw, pos: start, end });
    return end;
  }
  // Python compares names after NFKC normalization (PEP 3131): `ｐｌ` is `pl` and
  // `_＿class＿＿` is `__class__`, so the checker must see the normalized spelling.
  const name = raw.normalize("NFKC");
  if (PYTHON_KEYWORDS.has(name)) {
    throw new ExpressionError(
      `the name '${raw}' reads as the reserved word '${name}' in Python; write it in plain letters`,
      start,
    );
  }
  if (!WHOLE_IDENTIFIER.test(name)) throw new ExpressionError(`'${raw}' is not a valid name`, start);
  tokens.push({ kind: "name", name, pos: start, end });
  return end;
}

function startsIdentifier(source: string, at: number): boolean {
  IDENTIFIER.lastIndex = at;
  return IDENTIFIER.test(source);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}
