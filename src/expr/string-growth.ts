import pl from "nodejs-polars";
import { ExpressionError } from "./expression-error";
import type { ExprLimits } from "./literal-limits";
import type { Args } from "./params";
import { codePointLength } from "./py-value";

/**
 * The bound on what an expression's text can grow to (MAX_EXPR_STRING_LENGTH). The literal
 * bounds cap each literal, but a replace multiplies: `pl.lit("x"*10000).str.replace_all("x",
 * "y"*10000, literal=True)` is 100,000,000 characters a row. So each call that lengthens text
 * by its arguments (replace, replace_all, concat_str, format, str.join, list.join) gets an
 * upper bound of its result's length from its inputs' lengths: a number when literals fix
 * them (checked here, an ExpressionError before anything runs), else a per-row expression
 * evaluated before the call, which fails the run with STRING_LIMIT_MARKER when over the limit.
 * Each guarded result is at most the limit, so a chain is bounded one call at a time.
 *
 * What the per-row guard costs, and where it is not needed. Measuring a value's length,
 * comparing and failing costs about as much as the string function it guards (P3 of `npm
 * run bench`, 3M rows: the guards took 1.2 of 2 s), so a guard is left out where the bound
 * is provable without the data:
 * - A call that cannot lengthen its text needs none: a replace whose pattern is fixed text
 *   (literal, or free of regex syntax) at least as long as its literal replacement, which
 *   holds no `$` reference. Its result is at most its input, and every input is either a
 *   value read from the data or one an earlier guarded (or as provably bounded) call built,
 *   so no chain of such calls, in one expression or across tools, makes text longer than
 *   the limit or the data's own longest value. A value in the data longer than the limit is
 *   the data's: the limit bounds what expressions build, not what files hold.
 * - Lengths fixed without the data add nothing to measure: a literal's, a slice's or head's
 *   or tail's literal length, and what case changes make of a known length (Unicode's full
 *   case mapping turns one character into at most three: "ß" → "SS", "ΐ" → "Ϊ́").
 * - A call that adds text (concat_str, format, a lengthening replace, the joins) over a
 *   column is still measured per row, columns read from files included: the expression
 *   cannot tell a file's column from one an earlier Calculate column built, so treating
 *   columns as free would let a chain of columns (each `concat_str(x, x)` of the one before)
 *   double text at every step.
 * The measurement, when needed, is made cheap: only the inputs whose length is not known are
 * measured, and only one of a function's arguments carries the guard (every argument is
 * computed before the call builds anything, so one failing argument stops it). The failure
 * builds its marker text for the rows over the limit only (a few string operations over
 * nulls otherwise, where building it for every row cost as much as the call).
 */

/** An upper bound on a text length: known from literals, or a Float64 expression per row. */
export type Bound = number | pl.Expr;

/** What a call that cannot lengthen its text answers for its growth: no guard, its input's length. */
export const KEEPS_LENGTH = "keeps-length";

/** What Polars' failed cast carries to tool-failure.ts: `weft-string-limit:<limit>:<limit + 1>+<asked - limit - 1>`. */
export const STRING_LIMIT_MARKER = "weft-string-limit";

/** Text literals (literal-expr.ts registers each), and the results whose length literals fix. */
const LITERAL_TEXT = new WeakMap<pl.Expr, string>();
const KNOWN_LENGTH = new WeakMap<pl.Expr, number>();

/** Registers the expression of a text literal. */
export function textLiteral(expr: pl.Expr, text: string): pl.Expr {
  LITERAL_TEXT.set(expr, text);
  return expr;
}

/** The text of a literal expression, if it is one. */
export const literalText = (expr: pl.Expr): string | undefined => LITERAL_TEXT.get(expr);

/** The length of `expr`'s text when known without the data (a literal's, or a bounded call's). */
export function knownLengthOf(expr: pl.Expr): number | undefined {
  const text = LITERAL_TEXT.get(expr);
  return text !== undefined ? codePointLength(text) : KNOWN_LENGTH.get(expr);
}

/** The length of `expr`'s text: known without the data, or measured per row (as text; null counts 0). */
export function lengthOf(expr: pl.Expr): Bound {
  return knownLengthOf(expr) ?? expr.cast(pl.Utf8).str.lengths().cast(pl.Float64).fillNull(0);
}

const asExpr = (b: Bound): pl.Expr => (typeof b === "number" ? pl.lit(b) : b);

/** The sum; known terms are added here, and a zero adds no step per row. */
export function add(...terms: Bound[]): Bound {
  const known = terms.filter((t): t is number => typeof t === "number").reduce((s, t) => s + t, 0);
  const exprs = terms.filter((t): t is pl.Expr => typeof t !== "number");
  const [first, ...rest] = exprs;
  if (!first) return known;
  const sum = rest.reduce((acc, e) => acc.add(e), first);
  return known === 0 ? sum : sum.add(pl.lit(known));
}

/** The product; a factor of 0 or 1 adds no step per row. */
export function mul(a: Bound, b: Bound): Bound {
  if (typeof a === "number" && typeof b === "number") return a * b;
  if (a === 0 || b === 0) return 0;
  if (a === 1) return b;
  if (b === 1) return a;
  return asExpr(a).mul(asExpr(b));
}

/** `a` when it is smaller than the number `cap`, per row (no step when the cap is infinite). */
function atMost(a: Bound, cap: number): Bound {
  if (typeof a === "number") return Math.min(a, cap);
  if (cap === Number.POSITIVE_INFINITY) return a;
  return pl.when(a.gt(cap)).then(pl.lit(cap)).otherwise(a);
}

/** How a growing call's result length is bounded: by its receiver (if a method) and arguments. */
export type Growth = (self: pl.Expr | undefined, args: Args) => Bound | typeof KEEPS_LENGTH;

/** A regex without these matches only its own text. */
const REGEX_SYNTAX = /[\\.^$*+?()[\]{}|]/;

/**
 * `replace`/`replace_all`: each match adds at most the replacement's length, and a regex
 * replacement's `$0`, `$1`, `${name}` each add at most the text's own length in all (matches do
 * not overlap). A non-empty fixed pattern matches at most L/|p| times; any other pattern may
 * match the empty string, so L + 1 times. A fixed pattern replaced by literal text no longer
 * than itself, without references, keeps the text's length or shortens it: KEEPS_LENGTH.
 */
function replaceGrowth(maxMatches: number): Growth {
  return (self, a) => {
    const literal = a.bool("literal");
    const pattern = literalText(a.expr("pattern"));
    const valueText = literalText(a.expr("value"));
    const fixed = typeof pattern === "string" && pattern.length > 0 && (literal || !REGEX_SYNTAX.test(pattern));
    const refs = literal ? 0 : typeof valueText === "string" ? (valueText.match(/\$/g) ?? []).length : undefined;
    if (fixed && refs === 0 && valueText !== undefined && codePointLength(valueText) <= codePointLength(pattern))
      return KEEPS_LENGTH;
    const text = self ? lengthOf(self) : 0;
    const value = lengthOf(a.expr("value"));
    const matches = fixed ? div(text, codePointLength(pattern)) : add(text, 1);
    return add(text, mul(atMost(matches, maxMatches), value), mul(refs ?? value, text));
  };
}

function div(a: Bound, n: number): Bound {
  if (typeof a === "number") return Math.floor(a / n);
  return n === 1 ? a : a.div(pl.lit(n)).floor();
}

const separators = (count: Bound, separator: string): Bound => mul(count, codePointLength(separator));

/** The calls that lengthen text, by `namespace.name`. */
export const GROWTH: ReadonlyMap<string, Growth> = new Map<string, Growth>([
  ["str.replace", (self, a) => replaceGrowth(a.int("n"))(self, a)],
  ["str.replace_all", replaceGrowth(Number.POSITIVE_INFINITY)],
  [
    "pl.concat_str",
    (_self, a) => {
      const parts = a.exprs("exprs").concat(a.exprs("more_exprs"));
      return add(...parts.map(lengthOf), separators(parts.length, a.str("separator")));
    },
  ],
  ["pl.format", (_self, a) => add(codePointLength(a.str("f_string")), ...a.exprs("args").map(lengthOf))],
  [
    // All the column's values in one: their lengths and a delimiter after each, summed.
    "str.join",
    (self, a) => {
      const each = add(self ? lengthOf(self) : 0, codePointLength(a.str("delimiter")));
      return typeof each === "number" ? pl.len().cast(pl.Float64).mul(each) : each.sum();
    },
  ],
  [
    // Each list's items in one: the items' own total (joined without separator) and the separators.
    "list.join",
    (self, a) => {
      if (!self) return 0;
      const items = lengthOf(self.list.join({ separator: "", ignoreNulls: true }));
      return add(items, separators(self.list.lengths().cast(pl.Float64).fillNull(0), a.str("separator")));
    },
  ],
]);

/** Unicode's full case mapping gives at most three characters for one ("ΐ" → "Ϊ́"). */
const CASE_GROWTH = 3;

const scaled = (n: number | undefined, factor: number) => (n === undefined ? undefined : n * factor);
const atMostKnown = (n: number | undefined, cap: number) => (n === undefined ? cap : Math.min(n, cap));

/**
 * Calls that do not lengthen text by their arguments, whose result's length is known without
 * the data when their receiver's is, or fixed by a literal length: how long, by `namespace.name`.
 */
export const KNOWN_AFTER: ReadonlyMap<string, (self: pl.Expr, args: Args) => number | undefined> = new Map([
  [
    "str.slice",
    (self: pl.Expr, a: Args) => {
      const length = a.optInt("length");
      return length === undefined ? knownLengthOf(self) : atMostKnown(knownLengthOf(self), length);
    },
  ],
  ["str.head", (self: pl.Expr, a: Args) => atMostKnown(knownLengthOf(self), a.int("n"))],
  ["str.tail", (self: pl.Expr, a: Args) => atMostKnown(knownLengthOf(self), a.int("n"))],
  ["str.to_uppercase", (self: pl.Expr) => scaled(knownLengthOf(self), CASE_GROWTH)],
  ["str.to_lowercase", (self: pl.Expr) => scaled(knownLengthOf(self), CASE_GROWTH)],
]);

/** Notes that `result`'s length is at most `bound` when literals fix it, so a chain is checked as a whole. */
export function knownLength(result: pl.Expr, bound: Bound | undefined): pl.Expr {
  if (typeof bound === "number") KNOWN_LENGTH.set(result, bound);
  return result;
}

/** The message of a refusal: the size asked for, the limit and its setting. */
export function stringLimitMessage(asked: number, limit: number): string {
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  return `Text would grow to ${n(asked)} characters, over the limit of ${n(limit)} (setting MAX_EXPR_STRING_LENGTH)`;
}

/**
 * `input` guarded by the bound: refused now when literals decide it (an ExpressionError at
 * `pos`), else made to fail the run before it is used where the bound is over the limit.
 */
export function guarded(input: pl.Expr, bound: Bound, limits: ExprLimits, pos: number): pl.Expr {
  const limit = limits.maxExprStringLength;
  if (typeof bound === "number") {
    if (bound > limit) throw new ExpressionError(stringLimitMessage(bound, limit), pos);
    return input;
  }
  // Where the bound is over the limit, by how much past limit + 1; elsewhere null: the
  // non-strict cast makes the negative differences null, so the bound is computed once (Polars
  // does not share `str.slice(1)` between a condition and its branch). The marker text is built
  // for those rows only (a regex replace of the start skips nulls; a concat_str visits every
  // row). A strict cast of the marker fails the run before the call computes anything; null
  // casts cleanly. Polars' error lists the failing values, so the marker reaches
  // tool-failure.ts, which turns it into a 422 naming the limit and the size asked for.
  const excess = bound.sub(pl.lit(limit + 1)).cast(pl.UInt64, false);
  const marker = excess.cast(pl.Utf8).str.replace("^", `${STRING_LIMIT_MARKER}:${limit}:${limit + 1}+`);
  const failure = marker.cast(pl.Int64, true);
  return pl.when(failure.isNull()).then(input).otherwise(pl.lit(null));
}

/** The limit and size asked for of a marker in Polars' message (`<limit>:<asked>` or `<limit>:<base>+<excess>`). */
export function stringLimitOf(message: string): { limit: number; asked: number } | undefined {
  const match = new RegExp(`${STRING_LIMIT_MARKER}:(\\d+):(\\d+)(?:\\+(\\d+))?`).exec(message);
  return match ? { limit: Number(match[1]), asked: Number(match[2]) + Number(match[3] ?? 0) } : undefined;
}
