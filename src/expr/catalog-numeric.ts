import pl from "nodejs-polars";
import { intLiteral } from "./literal-expr";
import { binary, floorDiv, trueDiv } from "./operators";
import { type Args, fixedFlag, type MethodEntry, method, type Param, param } from "./params";

/**
 * The numeric expression methods: arithmetic, rounding, math functions, cumulative and
 * rolling windows, statistics. They are served in the `numeric` introspection list.
 */

const n = (name: string, uses: string | string[], build: MethodEntry["build"], params: Param[] = []) =>
  method("", name, uses, build, { params, category: "numeric" });

const reverse = param.bool("reverse", { default: false, keywordOnly: true });
const ddof = param.int("ddof", { default: 1, min: 0, max: 2 ** 31 - 1 });

/** Variance with any ddof (nodejs-polars' var and std have none): Σ(x - mean)² / (n - ddof), null when n ≤ ddof. */
function variance(self: pl.Expr, a: Args): pl.Expr {
  const delta = a.int("ddof");
  if (delta === 1) return self.var();
  const count = self.count();
  const squares = self.sub(self.mean()).pow(2).sum();
  return pl
    .when(count.gt(intLiteral(delta)))
    .then(trueDiv(squares, count.sub(intLiteral(delta))))
    .otherwise(pl.lit(null));
}

function std(self: pl.Expr, a: Args): pl.Expr {
  return a.int("ddof") === 1 ? self.std() : variance(self, a).pow(0.5);
}

/** `sign`: -1, 0 or 1 (zero, -0.0 and null are left as they are). */
function sign(self: pl.Expr): pl.Expr {
  return pl
    .when(self.gt(intLiteral(0)))
    .then(intLiteral(1))
    .when(self.lt(intLiteral(0)))
    .then(intLiteral(-1))
    .otherwise(self);
}

function clip(self: pl.Expr, a: Args): pl.Expr {
  const lower = a.optExpr("lower_bound");
  const upper = a.optExpr("upper_bound");
  if (!lower && !upper) return self;
  // The object form passes expressions through (the positional form takes numbers only); a null bound is no bound.
  const bounds = { min: lower ?? pl.lit(null), max: upper ?? pl.lit(null) };
  return self.clip(bounds as unknown as { min: number; max: number });
}

const ROUND_MODES = { half_to_even: "halftoeven", half_away_from_zero: "halfawayfromzero" } as const;

type RollingName =
  | "rollingSum"
  | "rollingMean"
  | "rollingMin"
  | "rollingMax"
  | "rollingMedian"
  | "rollingStd"
  | "rollingVar";

/** `rolling_*(window_size, weights=None, *, min_samples=None, center=False)`; min_samples defaults to the window. */
function rolling(name: string, js: RollingName, withDdof = false): MethodEntry {
  const params: Param[] = [
    param.int("window_size", { min: 1, max: 2 ** 31 - 1 }),
    fixedFlag("weights", null),
    param.int("min_samples", { default: null, min: 1, max: 2 ** 31 - 1, keywordOnly: true }),
    param.bool("center", { default: false, keywordOnly: true }),
  ];
  if (withDdof) params.push({ ...fixedFlag("ddof", 1), kind: "int" });
  return n(
    name,
    `expr.${js}`,
    (e, a) => {
      const windowSize = a.int("window_size");
      const options = { windowSize, minPeriods: a.optInt("min_samples") ?? windowSize, center: a.bool("center") };
      return e[js](options as never);
    },
    params,
  );
}

const arithmetic = (name: string, op: "+" | "-" | "*" | "/" | "//" | "%", uses: string) =>
  n(name, uses, (e, a) => binary(op, e, a.expr("other")), [param.expr("other")]);

export const NUMERIC_METHODS: readonly MethodEntry[] = [
  arithmetic("add", "+", "expr.add"),
  arithmetic("sub", "-", "expr.sub"),
  arithmetic("mul", "*", "expr.mul"),
  n("truediv", "expr.div", (e, a) => trueDiv(e, a.expr("other")), [param.expr("other")]),
  n("floordiv", "expr.floor", (e, a) => floorDiv(e, a.expr("other")), [param.expr("other")]),
  arithmetic("mod", "%", "expr.rem"),
  n("pow", "expr.pow", (e, a) => e.pow(a.num("exponent")), [param.num("exponent", { bound: "power" })]),
  n("abs", "expr.abs", (e) => e.abs()),
  n("sqrt", "expr.pow", (e) => e.pow(0.5)),
  n("exp", "expr.exp", (e) => e.exp()),
  n("log", "expr.log", (e, a) => e.log(a.num("base")), [param.num("base", { default: Math.E })]),
  n("log10", "expr.log", (e) => e.log(10)),
  n("log1p", "expr.log1p", (e) => e.log1p()),
  n(
    "round",
    "expr.round",
    (e, a) => e.round(a.int("decimals"), ROUND_MODES[a.str("mode") as keyof typeof ROUND_MODES]),
    [
      param.int("decimals", { default: 0, min: 0, max: 255 }),
      param.str("mode", { default: "half_to_even", choices: Object.keys(ROUND_MODES) }),
    ],
  ),
  n("floor", "expr.floor", (e) => e.floor()),
  n("ceil", "expr.ceil", (e) => e.ceil()),
  n("clip", "expr.clip", clip, [
    param.col("lower_bound", { default: null }),
    param.col("upper_bound", { default: null }),
  ]),
  n("sign", "expr.gt", sign),
  n("sin", "expr.sin", (e) => e.sin()),
  n("cos", "expr.cos", (e) => e.cos()),
  n("tan", "expr.tan", (e) => e.tan()),
  n("cot", "expr.cot", (e) => e.cot()),
  n("arcsin", "expr.arcsin", (e) => e.arcsin()),
  n("arccos", "expr.arccos", (e) => e.arccos()),
  n("arctan", "expr.arctan", (e) => e.arctan()),
  n("sinh", "expr.sinh", (e) => e.sinh()),
  n("cosh", "expr.cosh", (e) => e.cosh()),
  n("tanh", "expr.tanh", (e) => e.tanh()),
  n("arcsinh", "expr.arcsinh", (e) => e.arcsinh()),
  n("arccosh", "expr.arccosh", (e) => e.arccosh()),
  n("arctanh", "expr.arctanh", (e) => e.arctanh()),
  n("degrees", "expr.degrees", (e) => e.degrees()),
  n("radians", "expr.radians", (e) => e.radians()),
  n("is_nan", "expr.isNan", (e) => e.isNan()),
  n("is_not_nan", "expr.isNotNan", (e) => e.isNotNan()),
  n("is_finite", "expr.isFinite", (e) => e.isFinite()),
  n("is_infinite", "expr.isInfinite", (e) => e.isInfinite()),
  n("cum_sum", "expr.cumSum", (e, a) => e.cumSum(a.bool("reverse")), [reverse]),
  n("cum_prod", "expr.cumProd", (e, a) => e.cumProd(a.bool("reverse")), [reverse]),
  n("cum_min", "expr.cumMin", (e, a) => e.cumMin(a.bool("reverse")), [reverse]),
  n("cum_max", "expr.cumMax", (e, a) => e.cumMax(a.bool("reverse")), [reverse]),
  n("cum_count", "expr.cumCount", (e, a) => e.cumCount(a.bool("reverse")), [reverse]),
  n("diff", "expr.diff", (e, a) => e.diff(a.int("n"), a.str("null_behavior") as "ignore"), [
    param.int("n", { default: 1, min: -(2 ** 31), max: 2 ** 31 - 1 }),
    param.str("null_behavior", { default: "ignore", choices: ["ignore", "drop"] }),
  ]),
  n("pct_change", "expr.pctChange", (e, a) => e.pctChange(a.int("n")), [
    param.int("n", { default: 1, min: -(2 ** 31), max: 2 ** 31 - 1 }),
  ]),
  n("rank", "expr.rank", (e, a) => e.rank(a.str("method") as "average", a.bool("descending")), [
    param.str("method", { default: "average", choices: ["average", "min", "max", "dense", "ordinal"] }),
    param.bool("descending", { default: false, keywordOnly: true }),
    fixedFlag("seed", null),
  ]),
  n("sum", "expr.sum", (e) => e.sum()),
  n("mean", "expr.mean", (e) => e.mean()),
  n("median", "expr.median", (e) => e.median()),
  n("min", "expr.min", (e) => e.min()),
  n("max", "expr.max", (e) => e.max()),
  n("product", "expr.product", (e) => e.product()),
  n("std", ["expr.std", "expr.var"], std, [ddof]),
  n("var", "expr.var", variance, [ddof]),
  n("quantile", "expr.quantile", (e, a) => e.quantile(a.num("quantile"), a.str("interpolation") as "nearest"), [
    param.num("quantile", { min: 0, max: 1 }),
    param.str("interpolation", { default: "nearest", choices: ["nearest", "higher", "lower", "midpoint", "linear"] }),
  ]),
  n("skew", "expr.skew", (e, a) => e.skew(a.bool("bias")), [param.bool("bias", { default: true, keywordOnly: true })]),
  n("kurtosis", "expr.kurtosis", (e, a) => e.kurtosis(a.bool("fisher"), a.bool("bias")), [
    param.bool("fisher", { default: true, keywordOnly: true }),
    param.bool("bias", { default: true, keywordOnly: true }),
  ]),
  n("arg_min", "expr.argMin", (e) => e.argMin()),
  n("arg_max", "expr.argMax", (e) => e.argMax()),
  n("interpolate", "expr.interpolate", (e, a) => e.interpolate(a.str("method") as "linear"), [
    param.str("method", { default: "linear", choices: ["linear", "nearest"] }),
  ]),
  rolling("rolling_sum", "rollingSum"),
  rolling("rolling_mean", "rollingMean"),
  rolling("rolling_min", "rollingMin"),
  rolling("rolling_max", "rollingMax"),
  rolling("rolling_median", "rollingMedian"),
  rolling("rolling_std", "rollingStd", true),
  rolling("rolling_var", "rollingVar", true),
];
