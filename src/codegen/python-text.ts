/**
 * Python source text for generated code: string literals, values, comments and identifiers
 * that survive any text a user put in a workflow (quotes, backslashes, line breaks, `"""`,
 * NUL, right-to-left overrides, lone surrogates). Pure string building, no Polars.
 */

/**
 * Characters written as escapes rather than as themselves: controls (a raw NUL is a syntax
 * error, a raw line break would end a comment), format characters (bidirectional overrides
 * could make the source read differently from what runs), lone surrogates, private-use and
 * unassigned code points, line/paragraph separators and every space but the plain one.
 */
const ESCAPED = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const ESCAPED_GLOBAL = new RegExp(ESCAPED.source, "gu");

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\\": "\\\\",
};

function escapeChar(char: string): string {
  const short = SHORT_ESCAPES[char];
  if (short) return short;
  if (char === " ") return char;
  const code = char.codePointAt(0) as number;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

/**
 * A Python string literal of `text`, double-quoted unless the text holds `"` and no `'` (as
 * Python's repr does). Backslashes, the quote and every character of ESCAPED are escaped;
 * other characters (accents, CJK, emoji) stay as themselves, since the generated file is
 * UTF-8. Iterating by code point keeps surrogate pairs whole, and a lone surrogate becomes
 * `\udXXX`, which Python reads as the same code point.
 */
export function pyStr(text: string): string {
  const quote = text.includes('"') && !text.includes("'") ? "'" : '"';
  let out = quote;
  for (const char of text) {
    if (char === quote) out += `\\${char}`;
    else out += char === "\\" || ESCAPED.test(char) ? escapeChar(char) : char;
  }
  return out + quote;
}

/** A value a workflow config holds, as a Python literal. */
export type PyValue = string | number | boolean | null | readonly PyValue[];

/**
 * A JSON value as a Python literal: `None`, `True`/`False`, numbers as JavaScript writes them
 * (`1e+21` and `-0.5` read back as the same float in Python; a whole number stays an int),
 * strings through pyStr, arrays as lists.
 */
export function pyValue(value: PyValue): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") {
    // JSON has no NaN or Infinity, so a config never holds one; refuse rather than emit `NaN`.
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return Object.is(value, -0) ? "-0.0" : String(value);
  }
  if (typeof value === "string") return pyStr(value);
  return `[${value.map(pyValue).join(", ")}]`;
}

/** `["a", "b"]`: a list of column names. */
export function pyList(names: readonly string[]): string {
  return `[${names.map(pyStr).join(", ")}]`;
}

/** `pl.col("<name>")`. */
export function pyCol(name: string): string {
  return `pl.col(${pyStr(name)})`;
}

/**
 * Text safe inside a `#` comment: the characters pyStr escapes are written the same way
 * (so a label holding a line break cannot end the comment and start code), and long text
 * is cut, keeping comments on one readable line.
 */
export function commentText(text: string, max = 80): string {
  const chars = [...text];
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
  return cut.replace(ESCAPED_GLOBAL, escapeChar);
}

/** Python's keywords and soft keywords: never a variable name. */
const KEYWORDS = new Set([
  "False",
  "None",
  "True",
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "case",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "match",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "type",
  "while",
  "with",
  "yield",
  "_",
]);

/** True for a Python keyword (soft keywords included). */
export function isPythonKeyword(name: string): boolean {
  return KEYWORDS.has(name);
}

const MAX_IDENTIFIER = 40;

/**
 * A snake_case ASCII identifier from free text (a label): accents dropped (`Région` →
 * `region`), every other run of non-alphanumerics one `_`, at most 40 characters; a leading
 * digit gets `fallback` in front, and text with nothing usable gives `fallback`. The result
 * may still be a keyword or taken: the caller makes it unique (names.ts).
 */
export function identifierFrom(text: string, fallback: string): string {
  const ascii = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_IDENTIFIER)
    .replace(/_+$/, "");
  if (ascii === "") return fallback;
  return /^[0-9]/.test(ascii) ? `${fallback}_${ascii}` : ascii;
}
