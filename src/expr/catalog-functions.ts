import pl from "nodejs-polars";
import { dateLiteral, datetimeLiteral, epochDays } from "./literal-expr";
import { type Args, type FunctionEntry, fixedFlag, type Param, param } from "./params";

/**
 * The `pl.<function>`s. Python Polars' `pl.sum("a")` and friends are `pl.col("a").sum()`;
 * `coalesce`, `format` and `mean_horizontal` are built (nodejs-polars has no coalesce, and its
 * format drops nulls where Python's gives null); `pl.date` and `pl.datetime` take literal
 * parts only and become Date/Datetime literals.
 */

const f = (
  name: string,
  uses: string | string[],
  build: FunctionEntry["build"],
  params: Param[] = [],
  validate?: FunctionEntry["validate"],
): FunctionEntry => ({
  namespace: "pl",
  name,
  params,
  category: "all",
  uses: typeof uses === "string" ? [uses] : uses,
  build,
  validate,
});

const allExprs = (a: Args) => [...a.exprs("exprs"), ...a.exprs("more_exprs")];
const needsOne = (what: string) => (given: ReadonlySet<string>) =>
  given.size === 0 ? `needs at least one ${what}` : undefined;

/** `pl.<agg>(*names)` = `pl.col(names).<agg>()`. */
const aggregate = (name: string, build: (e: pl.Expr) => pl.Expr) =>
  f(
    name,
    "pl.col",
    (a) => build(pl.col(a.names("names"))),
    [{ name: "names", kind: "names", variadic: true }],
    needsOne("column name"),
  );

const horizontal = (name: string, uses: string, build: (exprs: pl.Expr[]) => pl.Expr) =>
  f(
    name,
    uses,
    (a) => build(a.exprs("exprs")),
    [{ name: "exprs", kind: "columns", variadic: true }],
    needsOne("expression"),
  );

function coalesce(a: Args): pl.Expr {
  const [first, ...rest] = allExprs(a);
  return rest.reduce((acc, next) => acc.fillNull(next), first ?? pl.lit(null));
}

/** `pl.format("{} and {}", a, b)`: the pieces joined, null when any argument is null (as concat_str). */
function format(a: Args): pl.Expr {
  const pieces = a.str("f_string").split("{}");
  const args = a.exprs("args");
  if (pieces.length - 1 !== args.length)
    a.fail("f_string", `has ${pieces.length - 1} placeholders {} but ${args.length} arguments follow`);
  const parts: pl.Expr[] = [];
  pieces.forEach((piece, i) => {
    if (piece) parts.push(pl.lit(piece));
    const arg = args[i];
    if (arg) parts.push(arg);
  });
  return pl.concatString(parts.length > 0 ? parts : [pl.lit("")], "", false);
}

function meanHorizontal(exprs: pl.Expr[]): pl.Expr {
  const count = pl.sumHorizontal(exprs.map((e) => e.isNotNull().cast(pl.Int64)));
  return pl
    .when(count.gt(0))
    .then(pl.sumHorizontal(exprs).cast(pl.Float64).div(count.cast(pl.Float64)))
    .otherwise(pl.lit(null));
}

function date(a: Args): pl.Expr {
  const days = epochDays(a.int("year"), a.int("month"), a.int("day"));
  return days === undefined ? a.fail("day", "is not a valid date") : dateLiteral(days);
}

const PER_SECOND = { ms: 1_000n, us: 1_000_000n, ns: 1_000_000_000n } as const;

function datetime(a: Args): pl.Expr {
  const days = epochDays(a.int("year"), a.int("month"), a.int("day"));
  if (days === undefined) return a.fail("day", "is not a valid date");
  const unit = a.str("time_unit") as keyof typeof PER_SECOND;
  const seconds = BigInt(days) * 86_400n + BigInt(a.int("hour") * 3600 + a.int("minute") * 60 + a.int("second"));
  const ticks = seconds * PER_SECOND[unit] + (BigInt(a.int("microsecond")) * PER_SECOND[unit]) / 1_000_000n;
  const zone = a.optStr("time_zone") ?? null;
  try {
    return datetimeLiteral(ticks, unit, zone);
  } catch (error) {
    // nodejs-polars checks the zone while building; an unknown zone is the user's argument at fault.
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return a.fail("time_zone", `is not a known time zone: ${reason}`);
  }
}

/** Refuses a day that is not in the calendar (2023-02-29) when checking, not only when compiling. */
function validDate(_given: ReadonlySet<string>, literal: (name: string) => unknown): string | undefined {
  const [year, month, day] = ["year", "month", "day"].map((name) => literal(name));
  if (typeof year !== "number" || typeof month !== "number" || typeof day !== "number") return undefined;
  return epochDays(year, month, day) === undefined ? `has no day ${year}-${month}-${day} in the calendar` : undefined;
}

const part = (name: string, min: number, max: number, fallback?: number) =>
  param.int(name, { min, max, ...(fallback === undefined ? {} : { default: fallback }) });

export const FUNCTIONS: readonly FunctionEntry[] = [
  f(
    "col",
    "pl.col",
    (a) => {
      const names = [...a.names("name"), ...a.names("more_names")];
      return pl.col(names.length === 1 ? (names[0] as string) : names);
    },
    [param.names("name"), { name: "more_names", kind: "names", variadic: true }],
  ),
  f(
    "lit",
    "pl.lit",
    (a) => {
      const dtype = a.optDtype("dtype");
      const value = a.expr("value");
      return dtype ? value.cast(dtype) : value;
    },
    [param.literal("value"), param.dtype("dtype", { default: null }), fixedFlag("allow_object", false)],
  ),
  {
    ...f(
      "when",
      "pl.when",
      (a) => {
        const [first, ...rest] = a.exprs("predicates");
        return rest.reduce((acc, next) => acc.and(next), first ?? pl.lit(true));
      },
      [{ name: "predicates", kind: "column_expr", variadic: true }],
      needsOne("predicate"),
    ),
    returns: "when",
  },
  f("all", "pl.all", () => pl.all()),
  f("len", "pl.len", () => pl.len()),
  f("exclude", "pl.exclude", (a) => pl.exclude([...a.names("columns"), ...a.names("more_columns")]), [
    param.names("columns"),
    { name: "more_columns", kind: "names", variadic: true },
  ]),
  aggregate("count", (e) => e.count()),
  aggregate("sum", (e) => e.sum()),
  aggregate("mean", (e) => e.mean()),
  aggregate("median", (e) => e.median()),
  aggregate("min", (e) => e.min()),
  aggregate("max", (e) => e.max()),
  aggregate("n_unique", (e) => e.nUnique()),
  aggregate("first", (e) => e.first()),
  aggregate("last", (e) => e.last()),
  f("coalesce", "expr.fillNull", coalesce, [param.columns("exprs"), param.more()]),
  f("concat_str", "pl.concatString", (a) => pl.concatString(allExprs(a), a.str("separator"), a.bool("ignore_nulls")), [
    param.columns("exprs"),
    param.more(),
    param.str("separator", { default: "", keywordOnly: true }),
    param.bool("ignore_nulls", { default: false, keywordOnly: true }),
  ]),
  f("format", "pl.concatString", format, [
    param.str("f_string"),
    { name: "args", kind: "column_expr", variadic: true },
  ]),
  f("concat_list", "pl.concatList", (a) => pl.concatList(allExprs(a)), [param.columns("exprs"), param.more()]),
  horizontal("sum_horizontal", "pl.sumHorizontal", (e) => pl.sumHorizontal(e)),
  horizontal("max_horizontal", "pl.maxHorizontal", (e) => pl.maxHorizontal(e)),
  horizontal("min_horizontal", "pl.minHorizontal", (e) => pl.minHorizontal(e)),
  horizontal("all_horizontal", "pl.allHorizontal", (e) => pl.allHorizontal(e)),
  horizontal("any_horizontal", "pl.anyHorizontal", (e) => pl.anyHorizontal(e)),
  horizontal("mean_horizontal", "pl.sumHorizontal", meanHorizontal),
  f(
    "corr",
    ["pl.pearsonCorr", "pl.spearmanRankCorr"],
    (a) =>
      a.str("method") === "spearman"
        ? pl.spearmanRankCorr(a.expr("a"), a.expr("b"))
        : pl.pearsonCorr(a.expr("a"), a.expr("b")),
    [
      param.col("a"),
      param.col("b"),
      param.str("method", { default: "pearson", choices: ["pearson", "spearman"], keywordOnly: true }),
    ],
  ),
  f("cov", "pl.cov", (a) => pl.cov(a.expr("a"), a.expr("b"), a.int("ddof")), [
    param.col("a"),
    param.col("b"),
    param.int("ddof", { default: 1, min: 0, max: 255 }),
  ]),
  f("date", "pl.lit", date, [part("year", 1, 9999), part("month", 1, 12), part("day", 1, 31)], validDate),
  f(
    "datetime",
    "pl.lit",
    datetime,
    [
      part("year", 1, 9999),
      part("month", 1, 12),
      part("day", 1, 31),
      part("hour", 0, 23, 0),
      part("minute", 0, 59, 0),
      part("second", 0, 59, 0),
      part("microsecond", 0, 999_999, 0),
      param.str("time_unit", { default: "us", choices: ["ms", "us", "ns"], keywordOnly: true }),
      param.str("time_zone", { default: null, keywordOnly: true }),
    ],
    validDate,
  ),
];
