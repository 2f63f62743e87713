import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import type { ExprLimits } from "./literal-limits";
import { MAX_BOUND } from "./string-growth";
import { guarded, stringLimitOf } from "./string-guard";

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000,
};

/** `s` through a guard whose per-row bound is `bound`: the values, or the limit and size the failure names. */
function through(bound: pl.Expr) {
  const df = pl.DataFrame({ s: ["a", "b"], n: [1, 2] });
  try {
    return df
      .select(guarded(pl.col("s"), bound, LIMITS, 0).alias("r"))
      .getColumn("r")
      .toArray();
  } catch (err) {
    return stringLimitOf((err as Error).message) ?? err;
  }
}

describe("the per-row guard", () => {
  test("at the limit the values pass unchanged", () => {
    expect(through(pl.lit(1_000.0).add(pl.col("n").mul(0)))).toEqual(["a", "b"]);
  });

  test("one over the limit fails the run naming the size asked for", () => {
    expect(through(pl.col("n").cast(pl.Float64).add(999))).toEqual({ limit: 1_000, asked: 1_001 });
  });

  test("a bound of MAX_BOUND fails it naming that size", () => {
    expect(through(pl.col("n").cast(pl.Float64).mul(0).add(MAX_BOUND))).toEqual({ limit: 1_000, asked: MAX_BOUND });
  });
});
