import pl from "nodejs-polars";
import type { Args } from "./params";
import { codePointLength } from "./py-value";

/**
 * What the compiler knows of an expression's text length without the data, for the
 * text-growth bounds (string-growth.ts). Two kinds:
 * - exact or fixed by literals alone: a text literal's length, and the bound of a growing
 *   call over literals only (`pl.lit("x"*10).str.replace_all("x", "yy")`: 20). What the data
 *   cannot change is checked when compiling, whatever its size.
 * - bounded by a literal argument over data: a slice, head or tail of literal length, a case
 *   change of a bounded text, a Calculate column made so (`str.slice(0, 3)`: at most 3). The
 *   data's text may be far shorter, so such a bound stands in for a measurement only when it
 *   is small (at most `softUpTo`, a hundredth of the limit): `str.slice(0, 600000)` over
 *   short text is measured, not refused for what it could hold.
 */

/** Text literals (literal-expr.ts registers each), results whose length literals fix, results a literal argument bounds. */
const LITERAL_TEXT = new WeakMap<pl.Expr, string>();
const FIXED_LENGTH = new WeakMap<pl.Expr, number>();
const BOUNDED_LENGTH = new WeakMap<pl.Expr, number>();

/** Which known lengths a bound may use: fixed ones always, bounded ones up to `softUpTo`. */
export interface LengthPolicy {
  softUpTo: number;
}

/** The policy that uses fixed lengths only (every bounded one is measured). */
export const FIXED_ONLY: LengthPolicy = { softUpTo: -1 };

/** The policy for a limit: bounded lengths up to a hundredth of it. */
export const policyFor = (limit: number): LengthPolicy => ({ softUpTo: limit / 100 });

/** Registers the expression of a text literal. */
export function textLiteral(expr: pl.Expr, text: string): pl.Expr {
  LITERAL_TEXT.set(expr, text);
  return expr;
}

/** The text of a literal expression, if it is one. */
export const literalText = (expr: pl.Expr): string | undefined => LITERAL_TEXT.get(expr);

/** Notes that `result`'s text is at most `length` characters: `fixed` when literals alone decide it. */
export function noteLength(result: pl.Expr, length: number | undefined, fixed: boolean): pl.Expr {
  if (length !== undefined) (fixed ? FIXED_LENGTH : BOUNDED_LENGTH).set(result, length);
  return result;
}

/** Whether `expr`'s length is fixed by literals alone. */
export function isFixedLength(expr: pl.Expr): boolean {
  return LITERAL_TEXT.has(expr) || FIXED_LENGTH.has(expr);
}

/** The length of `expr`'s text when known without the data, of either kind. */
export function knownLengthOf(expr: pl.Expr): number | undefined {
  const text = LITERAL_TEXT.get(expr);
  if (text !== undefined) return codePointLength(text);
  return FIXED_LENGTH.get(expr) ?? BOUNDED_LENGTH.get(expr);
}

/** The length of `expr`'s text: known without the data as `policy` allows, else measured per row (as text; null counts 0). */
export function lengthOf(expr: pl.Expr, policy: LengthPolicy): number | pl.Expr {
  const known = knownLengthOf(expr);
  if (known !== undefined && (isFixedLength(expr) || known <= policy.softUpTo)) return known;
  return expr.cast(pl.Utf8).str.lengths().cast(pl.Float64).fillNull(0);
}

/** Unicode's full case mapping gives at most three characters for one ("ΐ" → "Ϊ́", "ß" → "SS"). */
const CASE_GROWTH = 3;

const scaled = (n: number | undefined, factor: number) => (n === undefined ? undefined : n * factor);
const atMost = (n: number | undefined, cap: number) => (n === undefined ? cap : Math.min(n, cap));

/**
 * Calls that do not lengthen text by their arguments, whose result's length a literal
 * argument bounds, or their receiver's known length does: how long, by `namespace.name`.
 * Their results are noted as bounded, not fixed (the data's text may be shorter).
 */
export const KNOWN_AFTER: ReadonlyMap<string, (self: pl.Expr, args: Args) => number | undefined> = new Map([
  [
    "str.slice",
    (self: pl.Expr, a: Args) => {
      const length = a.optInt("length");
      return length === undefined ? knownLengthOf(self) : atMost(knownLengthOf(self), length);
    },
  ],
  ["str.head", (self: pl.Expr, a: Args) => atMost(knownLengthOf(self), a.int("n"))],
  ["str.tail", (self: pl.Expr, a: Args) => atMost(knownLengthOf(self), a.int("n"))],
  ["str.to_uppercase", (self: pl.Expr) => scaled(knownLengthOf(self), CASE_GROWTH)],
  ["str.to_lowercase", (self: pl.Expr) => scaled(knownLengthOf(self), CASE_GROWTH)],
]);
