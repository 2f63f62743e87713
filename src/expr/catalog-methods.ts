import pl from "nodejs-polars";
import { intLiteral } from "./literal-expr";
import { callNative } from "./native";
import { compare, negate, xor } from "./operators";
import { type Args, fixedFlag, type MethodEntry, method, type Param, param } from "./params";

/**
 * The general expression methods (`<expr>.<name>`): naming, casting, nulls, membership,
 * comparison and boolean logic, window and order. Python signatures as in Polars 1.x;
 * numeric methods are in catalog-numeric.ts.
 */

const m = (name: string, uses: string | string[], build: MethodEntry["build"], params: Param[] = []) =>
  method("", name, uses, build, { params });

const FILL_STRATEGIES = [null, "forward", "backward", "min", "max", "mean", "zero", "one"] as const;

/** `is_in` against an empty list or a list of only None: no Series type to build, so the answer is built. */
function isInUntyped(self: pl.Expr, hasNone: boolean, nullsEqual: boolean): pl.Expr {
  const nullRow = nullsEqual ? pl.lit(hasNone) : pl.lit(null).cast(pl.Bool);
  return pl.when(self.isNotNull()).then(pl.lit(false)).otherwise(nullRow);
}

function isIn(self: pl.Expr, a: Args): pl.Expr {
  const values = a.values("other");
  const nullsEqual = a.bool("nulls_equal");
  if (values.untyped) return isInUntyped(self, values.hasNone, nullsEqual);
  return self.isIn(values.expr, nullsEqual);
}

function isBetween(self: pl.Expr, a: Args): pl.Expr {
  const closed = a.str("closed");
  const lower = a.expr("lower_bound");
  const upper = a.expr("upper_bound");
  const low = closed === "both" || closed === "left" ? self.gtEq(lower) : self.gt(lower);
  const high = closed === "both" || closed === "right" ? self.ltEq(upper) : self.lt(upper);
  return low.and(high);
}

/** `shift(n, fill_value=x)`: only the rows shifted in take x (a null already there stays null). */
function shift(self: pl.Expr, a: Args): pl.Expr {
  const n = a.int("n");
  const fill = a.optExpr("fill_value");
  const shifted = self.shift(n);
  if (!fill || n === 0) return shifted;
  const row = pl.intRange(0, pl.len());
  const shiftedIn = n > 0 ? row.lt(intLiteral(n)) : row.gtEq(pl.len().add(intLiteral(n)));
  return pl.when(shiftedIn).then(fill).otherwise(shifted);
}

function fillNull(self: pl.Expr, a: Args): pl.Expr {
  const strategy = a.optStr("strategy");
  if (strategy) return self.fillNull(strategy as "forward", a.optInt("limit"));
  return self.fillNull(a.expr("value"));
}

function fillNullRule(given: ReadonlySet<string>, literal: (name: string) => unknown): string | undefined {
  const hasValue = given.has("value") && literal("value") !== null;
  const strategy = literal("strategy");
  if (hasValue && strategy !== null && strategy !== undefined) return "takes a value or a strategy, not both";
  if (!hasValue && (strategy === null || strategy === undefined)) return "needs a value or a strategy";
  if (given.has("limit") && literal("limit") !== null && strategy !== "forward" && strategy !== "backward")
    return "takes a limit only with the forward or backward strategy";
  return undefined;
}

/** `eq_missing`: None equals None; None never equals a value. */
function eqMissing(self: pl.Expr, other: pl.Expr): pl.Expr {
  return pl
    .when(self.isNull().and(other.isNull()))
    .then(pl.lit(true))
    .when(self.isNull().or(other.isNull()))
    .then(pl.lit(false))
    .otherwise(self.eq(other));
}

const comparison = (name: string, op: "==" | "!=" | "<" | "<=" | ">" | ">=", js: string) =>
  m(name, `expr.${js}`, (e, a) => compare(op, e, a.expr("other")), [param.expr("other")]);

const fold = (self: pl.Expr, others: pl.Expr[], step: (x: pl.Expr, y: pl.Expr) => pl.Expr) => others.reduce(step, self);

export const GENERAL_METHODS: readonly MethodEntry[] = [
  m("alias", "expr.alias", (e, a) => e.alias(a.str("name")), [param.str("name")]),
  m("cast", "expr.cast", (e, a) => e.cast(a.dtype("dtype"), a.bool("strict")), [
    param.dtype("dtype"),
    param.bool("strict", { default: true, keywordOnly: true }),
    fixedFlag("wrap_numerical", false),
  ]),
  method("", "fill_null", "expr.fillNull", fillNull, {
    params: [
      param.expr("value", { default: null }),
      param.str("strategy", { default: null, choices: FILL_STRATEGIES }),
      param.int("limit", { default: null, min: 0, max: 2 ** 31 - 1 }),
    ],
    validate: fillNullRule,
  }),
  m("fill_nan", "expr.fillNan", (e, a) => e.fillNan(a.expr("value")), [param.expr("value")]),
  m("forward_fill", "expr.fillNull", (e, a) => e.fillNull("forward", a.optInt("limit")), [
    param.int("limit", { default: null, min: 0, max: 2 ** 31 - 1 }),
  ]),
  m("backward_fill", "expr.fillNull", (e, a) => e.fillNull("backward", a.optInt("limit")), [
    param.int("limit", { default: null, min: 0, max: 2 ** 31 - 1 }),
  ]),
  m("is_null", "expr.isNull", (e) => e.isNull()),
  m("is_not_null", "expr.isNotNull", (e) => e.isNotNull()),
  m("is_unique", "expr.isUnique", (e) => e.isUnique()),
  m("is_duplicated", "expr.isDuplicated", (e) => e.isDuplicated()),
  m("is_first_distinct", "expr.isFirstDistinct", (e) => e.isFirstDistinct()),
  m("is_in", "expr.isIn", isIn, [
    param.values("other"),
    param.bool("nulls_equal", { default: false, keywordOnly: true }),
  ]),
  m("is_between", ["expr.gtEq", "expr.ltEq"], isBetween, [
    param.col("lower_bound"),
    param.col("upper_bound"),
    param.str("closed", { default: "both", choices: ["both", "left", "right", "none"] }),
  ]),
  comparison("eq", "==", "eq"),
  comparison("ne", "!=", "neq"),
  comparison("lt", "<", "lt"),
  comparison("le", "<=", "ltEq"),
  comparison("gt", ">", "gt"),
  comparison("ge", ">=", "gtEq"),
  m("eq_missing", "expr.eq", (e, a) => eqMissing(e, a.expr("other")), [param.expr("other")]),
  m("ne_missing", "expr.eq", (e, a) => eqMissing(e, a.expr("other")).not(), [param.expr("other")]),
  m("not_", "expr.not", (e) => e.not()),
  m("and_", "expr.and", (e, a) => fold(e, a.exprs("others"), (x, y) => x.and(y)), [
    { name: "others", kind: "expr", variadic: true },
  ]),
  m("or_", "expr.or", (e, a) => fold(e, a.exprs("others"), (x, y) => x.or(y)), [
    { name: "others", kind: "expr", variadic: true },
  ]),
  m("xor", "expr.or", (e, a) => xor(e, a.expr("other")), [param.expr("other")]),
  m("neg", "expr.sub", (e) => negate(e)),
  m("count", "expr.count", (e) => e.count()),
  m("len", ["expr.count", "expr.nullCount"], (e) => e.count().add(e.nullCount())),
  m("n_unique", "expr.nUnique", (e) => e.nUnique()),
  m("null_count", "expr.nullCount", (e) => e.nullCount()),
  m("first", "expr.first", (e) => e.first()),
  m("last", "expr.last", (e) => e.last()),
  m("all", "expr.all", (e, a) => e.all(a.bool("ignore_nulls")), [
    param.bool("ignore_nulls", { default: true, keywordOnly: true }),
  ]),
  m("any", "expr.any", (e, a) => e.any(a.bool("ignore_nulls")), [
    param.bool("ignore_nulls", { default: true, keywordOnly: true }),
  ]),
  m("shift", ["expr.shift", "pl.intRange", "pl.len"], shift, [
    param.int("n", { default: 1, min: -(2 ** 31), max: 2 ** 31 - 1 }),
    param.expr("fill_value", { default: null, keywordOnly: true }),
  ]),
  m(
    "over",
    "expr.over",
    (e, a) => {
      const [first, ...rest] = [...a.exprs("partition_by"), ...a.exprs("more_exprs")];
      return first ? e.over(first, ...rest) : e;
    },
    [
      param.columns("partition_by"),
      param.more(),
      fixedFlag("order_by", null),
      fixedFlag("mapping_strategy", "group_to_rows"),
    ],
  ),
  m("sort", "expr.sort", (e, a) => e.sort({ descending: a.bool("descending"), nullsLast: a.bool("nulls_last") }), [
    param.bool("descending", { default: false, keywordOnly: true }),
    param.bool("nulls_last", { default: false, keywordOnly: true }),
  ]),
  m("reverse", "expr.reverse", (e) => e.reverse()),
  m(
    "exclude",
    "expr.exclude",
    (e, a) => {
      const [first = "", ...rest] = [...a.names("columns"), ...a.names("more_columns")];
      return e.exclude(first, ...rest);
    },
    [param.names("columns"), { name: "more_columns", kind: "names", variadic: true }],
  ),
  m("replace", "native.replace", (e, a) => callNative(e, "replace", replaceValues(a, "old"), replaceValues(a, "new")), [
    param.values("old", { scalars: true }),
    param.values("new", { scalars: true }),
  ]),
  m(
    "replace_strict",
    "native.replaceStrict",
    (e, a) =>
      callNative(
        e,
        "replaceStrict",
        replaceValues(a, "old"),
        replaceValues(a, "new"),
        a.optExpr("default"),
        a.optDtype("return_dtype"),
      ),
    [
      param.values("old", { scalars: true }),
      param.values("new", { scalars: true }),
      param.expr("default", { default: null, keywordOnly: true }),
      param.dtype("return_dtype", { default: null, keywordOnly: true }),
    ],
  ),
];

/** A replace argument: a list with no type (empty or only None) is refused, since nothing could match or map. */
function replaceValues(a: Args, name: string): pl.Expr {
  const values = a.values(name);
  if (values.untyped) return a.fail(name, "needs values with a type (the list is empty or holds only None)");
  return values.expr;
}
