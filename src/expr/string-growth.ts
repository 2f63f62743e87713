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
 */

/** An upper bound on a text length: known from literals, or a Float64 expression per row. */
export type Bound = number | pl.Expr;

/** What Polars' failed cast carries to tool-failure.ts: `weft-string-limit:<limit>:<asked>`. */
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

/** The length of `expr`'s text: known from literals, or measured per row (as text; null counts 0). */
export function lengthOf(expr: pl.Expr): Bound {
  const text = LITERAL_TEXT.get(expr);
  if (text !== undefined) return codePointLength(text);
  return KNOWN_LENGTH.get(expr) ?? expr.cast(pl.Utf8).str.lengths().cast(pl.Float64).fillNull(0);
}

const asExpr = (b: Bound): pl.Expr => (typeof b === "number" ? pl.lit(b) : b);

export function add(...terms: Bound[]): Bound {
  const known = terms.filter((t): t is number => typeof t === "number").reduce((s, t) => s + t, 0);
  const exprs = terms.filter((t): t is pl.Expr => typeof t !== "number");
  return exprs.reduce<Bound>((sum, e) => asExpr(sum).add(e), known);
}

export function mul(a: Bound, b: Bound): Bound {
  return typeof a === "number" && typeof b === "number" ? a * b : asExpr(a).mul(asExpr(b));
}

/** `a` when it is smaller than the number `cap`, per row. */
function atMost(a: Bound, cap: number): Bound {
  if (typeof a === "number") return Math.min(a, cap);
  return pl.when(a.gt(cap)).then(pl.lit(cap)).otherwise(a);
}

/** How a growing call's result length is bounded: by its receiver (if a method) and arguments. */
export type Growth = (self: pl.Expr | undefined, args: Args) => Bound;

/** A regex without these matches only its own text. */
const REGEX_SYNTAX = /[\\.^$*+?()[\]{}|]/;

/**
 * `replace`/`replace_all`: each match adds at most the replacement's length, and a regex
 * replacement's `$0`, `$1`, `${name}` each add at most the text's own length in all (matches do
 * not overlap). A non-empty fixed pattern matches at most L/|p| times; any other pattern may
 * match the empty string, so L + 1 times.
 */
function replaceGrowth(maxMatches: number): Growth {
  return (self, a) => {
    const text = self ? lengthOf(self) : 0;
    const literal = a.bool("literal");
    const pattern = literalText(a.expr("pattern"));
    const value = lengthOf(a.expr("value"));
    const valueText = literalText(a.expr("value"));
    const refs = literal ? 0 : typeof valueText === "string" ? (valueText.match(/\$/g) ?? []).length : mul(value, 1);
    const fixed = typeof pattern === "string" && pattern.length > 0 && (literal || !REGEX_SYNTAX.test(pattern));
    const matches = fixed ? div(text, codePointLength(pattern)) : add(text, 1);
    return add(text, mul(atMost(matches, maxMatches), value), mul(refs, text));
  };
}

function div(a: Bound, n: number): Bound {
  return typeof a === "number" ? Math.floor(a / n) : a.div(pl.lit(n)).floor();
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

/** Notes that `result`'s length is at most `bound` when literals fix it, so a chain is checked as a whole. */
export function knownLength(result: pl.Expr, bound: Bound): pl.Expr {
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
  const marker = pl.concatString([pl.lit(`${STRING_LIMIT_MARKER}:${limit}:`), bound.cast(pl.Int64).cast(pl.Utf8)], "");
  // A strict cast of the marker text fails the run before the call computes anything; null
  // (under the limit) casts cleanly. Polars' error lists the failing values, so the marker
  // reaches tool-failure.ts, which turns it into a 422 naming the limit.
  const failure = pl.when(bound.gt(limit)).then(marker).otherwise(pl.lit(null)).cast(pl.Int64, true);
  return pl.when(failure.isNull()).then(input).otherwise(pl.lit(null));
}
