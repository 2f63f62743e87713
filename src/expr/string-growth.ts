import pl from "nodejs-polars";
import type { Args } from "./params";
import { codePointLength } from "./py-value";
import { type Bound, STRING_LIMIT_MARKER, stringLimitMessage, stringLimitOf } from "./string-guard";
import { FIXED_ONLY, type LengthPolicy, lengthOf, literalText, policyFor } from "./text-lengths";

export { type Bound, STRING_LIMIT_MARKER, stringLimitMessage, stringLimitOf };

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
 * - Lengths known without the data add nothing to measure (text-lengths.ts): a literal's, a
 *   slice's or head's or tail's literal length, what case changes make of a known length
 *   (Unicode's full case mapping turns one character into at most three: "ß" → "SS"), and an
 *   earlier Calculate column's of such a length. A length a literal argument only bounds
 *   (the data's may be shorter) is used when it is at most a hundredth of the limit, or when
 *   with it the whole bound is known and under the limit; else the text is measured, so the
 *   bound is never looser than the measurement by more than those small parts.
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

/** What a call that cannot lengthen its text answers for its growth: no guard, its input's length. */
export const KEEPS_LENGTH = "keeps-length";

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

/**
 * The largest per-row bound: far past any limit, exact in a Float64, and far below 2^64, past
 * which the guard's cast to UInt64 would make it null (string-guard.ts).
 */
export const MAX_BOUND = 1e15;

/**
 * The product; a factor of 0 or 1 adds no step per row. A product of two per-row lengths
 * (a replacement that is a column: its length times the matches) can pass 2^64 with 4 GB
 * values, so it is capped at MAX_BOUND; any other bound is a sum of lengths under 2^32 and
 * of literal-sized products.
 */
export function mul(a: Bound, b: Bound): Bound {
  if (typeof a === "number" && typeof b === "number") return a * b;
  if (a === 0 || b === 0) return 0;
  if (a === 1) return b;
  if (b === 1) return a;
  const product = asExpr(a).mul(asExpr(b));
  return typeof a === "number" || typeof b === "number" ? product : product.clip(0, MAX_BOUND);
}

/** `a` when it is smaller than the number `cap`, per row (no step when the cap is infinite). */
function atMost(a: Bound, cap: number): Bound {
  if (typeof a === "number") return Math.min(a, cap);
  if (cap === Number.POSITIVE_INFINITY) return a;
  return pl.when(a.gt(cap)).then(pl.lit(cap)).otherwise(a);
}

function div(a: Bound, n: number): Bound {
  if (typeof a === "number") return Math.floor(a / n);
  return n === 1 ? a : a.div(pl.lit(n)).floor();
}

/** How a growing call's result length is bounded: by its receiver (if a method) and arguments. */
export type Growth = (self: pl.Expr | undefined, args: Args, lengths: LengthPolicy) => Bound | typeof KEEPS_LENGTH;

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
  return (self, a, lengths) => {
    const literal = a.bool("literal");
    const pattern = literalText(a.expr("pattern"));
    const valueText = literalText(a.expr("value"));
    const fixed = typeof pattern === "string" && pattern.length > 0 && (literal || !REGEX_SYNTAX.test(pattern));
    const refs = literal ? 0 : typeof valueText === "string" ? (valueText.match(/\$/g) ?? []).length : undefined;
    if (fixed && refs === 0 && valueText !== undefined && codePointLength(valueText) <= codePointLength(pattern))
      return KEEPS_LENGTH;
    const text = self ? lengthOf(self, lengths) : 0;
    const value = lengthOf(a.expr("value"), lengths);
    const matches = fixed ? div(text, codePointLength(pattern)) : add(text, 1);
    return add(text, mul(atMost(matches, maxMatches), value), mul(refs ?? value, text));
  };
}

const separators = (count: Bound, separator: string): Bound => mul(count, codePointLength(separator));

/** The calls that lengthen text, by `namespace.name`. */
export const GROWTH: ReadonlyMap<string, Growth> = new Map<string, Growth>([
  ["str.replace", (self, a, lengths) => replaceGrowth(a.int("n"))(self, a, lengths)],
  ["str.replace_all", replaceGrowth(Number.POSITIVE_INFINITY)],
  [
    "pl.concat_str",
    (_self, a, lengths) => {
      const parts = a.exprs("exprs").concat(a.exprs("more_exprs"));
      return add(...parts.map((p) => lengthOf(p, lengths)), separators(parts.length, a.str("separator")));
    },
  ],
  [
    "pl.format",
    (_self, a, lengths) => add(codePointLength(a.str("f_string")), ...a.exprs("args").map((e) => lengthOf(e, lengths))),
  ],
  [
    // All the column's values in one: their lengths and a delimiter after each, summed.
    "str.join",
    (self, a, lengths) => {
      const each = add(self ? lengthOf(self, lengths) : 0, codePointLength(a.str("delimiter")));
      return typeof each === "number" ? pl.len().cast(pl.Float64).mul(each) : each.sum();
    },
  ],
  [
    // Each list's items in one: the items' own total (joined without separator) and the separators.
    "list.join",
    (self, a, lengths) => {
      if (!self) return 0;
      const items = lengthOf(self.list.join({ separator: "", ignoreNulls: true }), lengths);
      return add(items, separators(self.list.lengths().cast(pl.Float64).fillNull(0), a.str("separator")));
    },
  ],
]);

/** A growing call's bound, and whether literals alone fix it (then it is its result's fixed length). */
export interface CallBound {
  bound: Bound;
  fixed: boolean;
}

/**
 * The bound a growing call is guarded by: with the small bounded lengths when that leaves a
 * per-row sum, or a known total under the limit; else with fixed lengths only (the bounded
 * parts measured), so a call is refused when compiling only for what literals alone decide.
 */
export function callBound(
  growth: Growth,
  self: pl.Expr | undefined,
  args: Args,
  limit: number,
): CallBound | typeof KEEPS_LENGTH {
  const loose = growth(self, args, policyFor(limit));
  if (loose === KEEPS_LENGTH || typeof loose !== "number")
    return loose === KEEPS_LENGTH ? loose : { bound: loose, fixed: false };
  const exact = growth(self, args, FIXED_ONLY);
  if (exact === KEEPS_LENGTH) return exact;
  if (typeof exact === "number") return { bound: exact, fixed: true };
  return { bound: loose <= limit ? loose : exact, fixed: false };
}
