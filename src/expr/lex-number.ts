import { ExpressionError } from "./expression-error";

/** A number literal read by the lexer: its value and where it ends. */
export interface NumberLiteral {
  /** Integers up to 2^53 are numbers, larger ones bigints; floats are numbers. */
  value: number | bigint;
  isFloat: boolean;
  end: number;
}

/** Python refuses decimal integer literals longer than this (sys.int_info.default_max_str_digits). */
export const MAX_DECIMAL_DIGITS = 4300;

const TWO_POW_53 = 2n ** 53n;
const IDENTIFIER_RUN = /\p{XID_Continue}*/uy;

const BASES: Record<string, { name: string; digit: RegExp }> = {
  x: { name: "hexadecimal", digit: /[0-9a-fA-F]/ },
  o: { name: "octal", digit: /[0-7]/ },
  b: { name: "binary", digit: /[01]/ },
};

/**
 * Reads a Python number literal at `start` (a digit, or a dot followed by a digit), following
 * Python's lexical rules: `0x`/`0o`/`0b` prefixes, single underscores between digits, no
 * leading zeros on decimal integers, floats with fraction and exponent. Imaginary literals
 * (`1j`) are refused, and so is a letter glued to the number (`1abc`, `1if`), which Python
 * 3.12 already warns about.
 */
export function readNumber(source: string, start: number): NumberLiteral {
  const prefix = source[start + 1]?.toLowerCase();
  if (source[start] === "0" && prefix !== undefined && prefix in BASES) return readPrefixed(source, start, prefix);
  // `.5` starts at the dot; anything else at its first digit.
  let i = source[start] === "." ? start : readDigits(source, start);
  let isFloat = false;
  if (source[i] === ".") {
    isFloat = true;
    i = isDigit(source[i + 1]) ? readDigits(source, i + 1) : i + 1;
  }
  const e = source[i];
  if (e === "e" || e === "E") {
    const sign = source[i + 1] === "+" || source[i + 1] === "-" ? 1 : 0;
    if (isDigit(source[i + 1 + sign])) {
      isFloat = true;
      i = readDigits(source, i + 1 + sign);
    }
  }
  if (source[i] === "j" || source[i] === "J") {
    throw new ExpressionError("complex numbers (such as 1j) are not allowed", start);
  }
  refuseGluedLetter(source, i, start, "decimal");
  const text = source.slice(start, i).replaceAll("_", "");
  if (isFloat) return { value: Number(text), isFloat: true, end: i };
  if (/^0+[1-9]/.test(text)) {
    throw new ExpressionError(
      "a whole number cannot start with 0 (write 9, not 09; octal numbers start with 0o)",
      start,
    );
  }
  if (text.length > MAX_DECIMAL_DIGITS) {
    throw new ExpressionError(
      `an integer with ${text.length} digits is too long (Python's limit is ${MAX_DECIMAL_DIGITS})`,
      start,
    );
  }
  return { value: integerValue(BigInt(text)), isFloat: false, end: i };
}

/** `0x1f`, `0o17`, `0b1_0`: at least one digit, underscores only between digits. */
function readPrefixed(source: string, start: number, prefix: string): NumberLiteral {
  const base = BASES[prefix] as { name: string; digit: RegExp };
  let i = start + 2;
  let digits = 0;
  for (;;) {
    const underscore = source[i] === "_" ? 1 : 0;
    const c = source[i + underscore];
    if (c === undefined || !base.digit.test(c)) break;
    i += underscore + 1;
    digits++;
  }
  const next = source[i];
  if (digits > 0 && isDigit(next)) {
    throw new ExpressionError(`'${next}' cannot appear in ${base.name} numbers`, i);
  }
  if (digits === 0)
    throw new ExpressionError(`${source.slice(start, start + 2)} must be followed by ${base.name} digits`, start);
  refuseGluedLetter(source, i, start, base.name);
  const text = `0${prefix}${source.slice(start + 2, i).replaceAll("_", "")}`;
  return { value: integerValue(BigInt(text)), isFloat: false, end: i };
}

/** Digits with single underscores between them, from a position holding a digit. */
function readDigits(source: string, from: number): number {
  let i = from + 1;
  for (;;) {
    if (isDigit(source[i])) i++;
    else if (source[i] === "_" && isDigit(source[i + 1])) i += 2;
    else return i;
  }
}

// `1_`, `1__0`, `1abc`, `1.real`, `0x1g` (Python says "invalid ... literal"): named whole.
function refuseGluedLetter(source: string, at: number, start: number, kind: string): void {
  IDENTIFIER_RUN.lastIndex = at;
  const glued = IDENTIFIER_RUN.exec(source)?.[0] ?? "";
  if (glued.length > 0) {
    const text = source.slice(start, at) + glued;
    throw new ExpressionError(`${text} is not a valid ${kind} number: a number cannot run into letters or '_'`, start);
  }
}

function integerValue(value: bigint): number | bigint {
  return value <= TWO_POW_53 ? Number(value) : value;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}
