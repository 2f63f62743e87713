import type { BinaryOp } from "./ast";
import { ExpressionError } from "./expression-error";
import { percentFormat } from "./percent-format";
import { codePointLength, type PyValue, typeName } from "./py-value";

/** The bounds on literal arithmetic (decisions.md: repeat 10,000, power 100, format 10,000). */
export interface ExprLimits {
  /** Longest result of `"text" * n`, in characters. */
  maxExprStringRepeat: number;
  /** Largest |n| of a literal exponent (`x ** n`, `.pow(n)`). */
  maxExprPowerExponent: number;
  /** Longest result of `"template" % args`, and the largest width or precision in it. */
  maxExprFormatLength: number;
  /** Longest text a call may grow a value to (replace, concat_str, format, join): string-growth.ts. */
  maxExprStringLength: number;
}

/**
 * Integers are exact, as in Python, but no bigger than this: a literal must fit in 64 bits in
 * the end, and the bound keeps `(10 ** 100) ** 100 ** ...` from eating memory on the way.
 */
export const MAX_INT_BITS = 1024;

const fail = (message: string, pos: number): never => {
  throw new ExpressionError(message, pos);
};

function bitLength(n: bigint): number {
  return (n < 0n ? -n : n).toString(2).length;
}

function checkedInt(n: bigint, pos: number): PyValue {
  if (bitLength(n) > MAX_INT_BITS) fail(`Integer literal too large (more than ${MAX_INT_BITS} bits)`, pos);
  return { type: "int", value: n };
}

/** Python treats bools as the ints 0 and 1 in arithmetic. */
function asInt(v: PyValue): bigint | undefined {
  if (v.type === "int") return v.value;
  if (v.type === "bool") return v.value ? 1n : 0n;
  return undefined;
}

function asNumber(v: PyValue): number | undefined {
  if (v.type === "float") return v.value;
  const int = asInt(v);
  return int === undefined ? undefined : Number(int);
}

/** Refuses a literal exponent whose magnitude is over the limit (`x ** 1000`, `.pow(1000)`). */
export function checkPowerExponent(exponent: number | bigint, limits: ExprLimits, pos: number): void {
  const magnitude = typeof exponent === "bigint" ? (exponent < 0n ? -exponent : exponent) : Math.abs(exponent);
  if (!(magnitude <= limits.maxExprPowerExponent))
    fail(`Exponent ${exponent} is over the limit: |n| must be at most ${limits.maxExprPowerExponent}`, pos);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function floatMod(a: number, b: number): number {
  const r = a % b;
  if (r !== 0 && r < 0 !== b < 0) return r + b;
  return r === 0 ? (b < 0 ? -0 : 0) : r;
}

/** `text * n` with the result length bounded. */
function repeat(text: string, times: bigint, limits: ExprLimits, pos: number): PyValue {
  if (times <= 0n || text === "") return { type: "str", value: "" };
  const length = BigInt(codePointLength(text)) * times;
  if (length > BigInt(limits.maxExprStringRepeat))
    fail(`Repeated string too long: ${length} characters (the limit is ${limits.maxExprStringRepeat})`, pos);
  return { type: "str", value: text.repeat(Number(times)) };
}

function intOp(op: BinaryOp, a: bigint, b: bigint, limits: ExprLimits, pos: number): PyValue | undefined {
  switch (op) {
    case "+":
      return checkedInt(a + b, pos);
    case "-":
      return checkedInt(a - b, pos);
    case "*":
      return checkedInt(a * b, pos);
    case "//":
      if (b === 0n) fail("Integer division by zero", pos);
      return checkedInt(floorDiv(a, b), pos);
    case "%":
      if (b === 0n) fail("Integer modulo by zero", pos);
      return checkedInt(a - floorDiv(a, b) * b, pos);
    case "**":
      checkPowerExponent(b, limits, pos);
      if (b >= 0n) return checkedInt(a ** b, pos);
      if (a === 0n) fail("0 cannot be raised to a negative power", pos);
      return { type: "float", value: Number(a) ** Number(b) };
    case "<<":
    case ">>":
      if (b < 0n) fail("A shift (<< or >>) cannot be by a negative count", pos);
      if (op === ">>") return checkedInt(a >> b, pos);
      if (b > BigInt(MAX_INT_BITS)) fail(`Integer literal too large (more than ${MAX_INT_BITS} bits)`, pos);
      return checkedInt(a << b, pos);
    case "&":
      return { type: "int", value: a & b };
    case "|":
      return { type: "int", value: a | b };
    case "^":
      return { type: "int", value: a ^ b };
    default:
      return undefined;
  }
}

function floatOp(op: BinaryOp, a: number, b: number, limits: ExprLimits, pos: number): PyValue | undefined {
  const float = (value: number): PyValue => ({ type: "float", value });
  switch (op) {
    case "+":
      return float(a + b);
    case "-":
      return float(a - b);
    case "*":
      return float(a * b);
    case "/":
      if (b === 0) fail("Division by zero", pos);
      return float(a / b);
    case "//":
      if (b === 0) fail("Division by zero", pos);
      return float(Math.floor(a / b));
    case "%":
      if (b === 0) fail("Modulo by zero", pos);
      return float(floatMod(a, b));
    case "**": {
      checkPowerExponent(b, limits, pos);
      if (a === 0 && b < 0) fail("0.0 cannot be raised to a negative power", pos);
      if (a < 0 && !Number.isInteger(b)) fail("A negative number to a fractional power is complex", pos);
      const result = a ** b;
      if (!Number.isFinite(result) && Number.isFinite(a)) fail("Numerical result out of range", pos);
      return float(result);
    }
    default:
      return undefined;
  }
}

/**
 * Python's `left op right` on two literals, bounded by `limits`: exact integers, true
 * division, floor division and modulo with Python's signs, string concatenation, repetition
 * and `%` formatting. Anything Python would refuse (or that we refuse) is an ExpressionError
 * at `pos`, the operator's offset.
 */
export function foldBinary(op: BinaryOp, left: PyValue, right: PyValue, limits: ExprLimits, pos: number): PyValue {
  if (left.type === "str" && op === "%") {
    return { type: "str", value: percentFormat(left.value, right, limits.maxExprFormatLength, pos) };
  }
  if (left.type === "str" && right.type === "str" && op === "+")
    return { type: "str", value: left.value + right.value };
  if (op === "*") {
    const times = asInt(right);
    if (left.type === "str" && times !== undefined) return repeat(left.value, times, limits, pos);
    const timesLeft = asInt(left);
    if (right.type === "str" && timesLeft !== undefined) return repeat(right.value, timesLeft, limits, pos);
  }
  if (left.type === "bool" && right.type === "bool" && (op === "&" || op === "|" || op === "^")) {
    const value =
      op === "&" ? left.value && right.value : op === "|" ? left.value || right.value : left.value !== right.value;
    return { type: "bool", value };
  }
  const a = asInt(left);
  const b = asInt(right);
  if (a !== undefined && b !== undefined && op !== "/") {
    const result = intOp(op, a, b, limits, pos);
    if (result) return result;
  }
  const x = asNumber(left);
  const y = asNumber(right);
  if (x !== undefined && y !== undefined) {
    if (op === "/" && a !== undefined && b === 0n) fail("Division by zero", pos);
    const result = floatOp(op, x, y, limits, pos);
    if (result) return result;
  }
  return fail(`${op} cannot be used between ${typeName(left)} and ${typeName(right)}`, pos);
}

/** Python's unary `-x`, `+x` and `~x` on a literal. */
export function foldUnary(op: "-" | "+" | "~", operand: PyValue, pos: number): PyValue {
  const int = asInt(operand);
  if (int !== undefined) {
    if (op === "-") return { type: "int", value: -int };
    if (op === "+") return { type: "int", value: int };
    return { type: "int", value: -int - 1n };
  }
  if (operand.type === "float" && op !== "~")
    return { type: "float", value: op === "-" ? -operand.value : operand.value };
  return fail(`${op} cannot be put before ${typeName(operand)}`, pos);
}
