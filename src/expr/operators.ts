import pl from "nodejs-polars";
import type { BinaryOp, CompareOp } from "./ast";
import { callNative, hasNative } from "./native";

/**
 * Python's operators on expressions, with Python Polars' meaning. nodejs-polars' `div`
 * floors integers, so `/` is the native true division (or a Float64 cast where the native
 * method is missing); `//` is `div` then `floor` (integers already floor, floats need it);
 * `%` is `rem`, which already takes the divisor's sign as Python does; `^` is the native
 * `xor` (or `(a | b) & ~(a & b)`, the same on booleans and integers).
 */

/** The Python operators an expression may use; `<<`, `>>` and `@` are not among them. */
export const EXPRESSION_OPERATORS: ReadonlySet<BinaryOp> = new Set<BinaryOp>([
  "+",
  "-",
  "*",
  "/",
  "//",
  "%",
  "**",
  "&",
  "|",
  "^",
]);

/** `a / b` as Python Polars computes it: always a float. */
export function trueDiv(a: pl.Expr, b: pl.Expr): pl.Expr {
  return hasNative("truediv") ? callNative(a, "truediv", b) : a.cast(pl.Float64).div(b);
}

/** `a // b`. */
export function floorDiv(a: pl.Expr, b: pl.Expr): pl.Expr {
  return a.div(b).floor();
}

/** `a ^ b`. */
export function xor(a: pl.Expr, b: pl.Expr): pl.Expr {
  return hasNative("xor") ? callNative(a, "xor", b) : a.or(b).and(a.and(b).not());
}

/** `-a`: nodejs-polars has no negation, so `0 - a` (an Int32 zero keeps integer columns integer). */
export function negate(a: pl.Expr): pl.Expr {
  return pl.lit(0).cast(pl.Int32).sub(a);
}

/** `a op b` for the operators of EXPRESSION_OPERATORS except `**` (its exponent is a number). */
export function binary(op: BinaryOp, a: pl.Expr, b: pl.Expr): pl.Expr {
  switch (op) {
    case "+":
      return a.add(b);
    case "-":
      return a.sub(b);
    case "*":
      return a.mul(b);
    case "/":
      return trueDiv(a, b);
    case "//":
      return floorDiv(a, b);
    case "%":
      return a.rem(b);
    case "&":
      return a.and(b);
    case "|":
      return a.or(b);
    case "^":
      return xor(a, b);
    default:
      throw new Error(`binary(): operator ${op} is not compiled here`);
  }
}

/** `a op b` for the six comparisons. */
export function compare(op: CompareOp, a: pl.Expr, b: pl.Expr): pl.Expr {
  switch (op) {
    case "==":
      return a.eq(b);
    case "!=":
      return a.neq(b);
    case "<":
      return a.lt(b);
    case "<=":
      return a.ltEq(b);
    case ">":
      return a.gt(b);
    case ">=":
      return a.gtEq(b);
    default:
      throw new Error(`compare(): operator ${op} is not compiled here`);
  }
}
