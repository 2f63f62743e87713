import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { compileExpression, ExpressionError } from ".";
import type { ExprLimits } from "./literal-limits";
import { MAX_BOUND, mul } from "./string-growth";
import { stringLimitOf } from "./string-guard";

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
};

const refusal = (source: string): string => {
  try {
    compileExpression(source, LIMITS);
  } catch (err) {
    expect(err).toBeInstanceOf(ExpressionError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${source}`);
};

// The bound is the text's length plus, per possible match, the replacement's (string-growth.ts).
describe("text growth fixed by literals is refused before anything runs", () => {
  test.each([
    ['pl.lit("x"*10000).str.replace_all("x", "y"*10000, literal=True)', "100,010,000"],
    ['pl.lit("x"*10000).str.replace("x", "y"*10000, literal=True, n=200)', "2,010,000"],
    // The empty pattern matches between every two characters and at both ends.
    ['pl.lit("x"*1000).str.replace_all("", "y"*1000)', "1,002,000"],
    // Each $0 copies the matched text again: at most the text's own length per reference.
    ['pl.lit("x"*10000).str.replace_all("x+", "$0"*100)', "3,010,200"],
    // A chain multiplies: each step under the limit, the second over it.
    ['pl.lit("x"*1000).str.replace_all("x", "y"*100).str.replace_all("y", "z"*100)', "10,201,000"],
    [
      'pl.concat_str(pl.lit("x"*10000).str.replace_all("x", "y"*90), pl.lit("a"*10000).str.replace_all("a", "b"*90))',
      "1,820,000",
    ],
    [
      'pl.format("{}{}", pl.lit("x"*10000).str.replace_all("x", "y"*60), pl.lit("x"*10000).str.replace_all("x", "y"*60))',
      "1,220,004",
    ],
  ])("%s", (source, asked) => {
    expect(refusal(source)).toStartWith(
      `Text would grow to ${asked} characters, over the limit of 1,000,000 (setting MAX_EXPR_STRING_LENGTH) (at column `,
    );
  });

  test("a bound at the limit compiles and computes", () => {
    // The bound counts the text itself too: 1,000 + 1,000 x 999 = 1,000,000.
    const e = compileExpression('pl.lit("x"*1000).str.replace_all("x", "y"*999, literal=True)', LIMITS);
    const out = pl.DataFrame({ a: [1] }).select(e.alias("r"));
    expect(out.getColumn("r").str.lengths().toArray()).toEqual([999_000]);
  });
});

/** Runs `source` over one text column `s`; answers the result, or the limit and size asked for when the guard stops it. */
function run(source: string, s: string[], limits: ExprLimits = { ...LIMITS, maxExprStringLength: 1_000 }) {
  const e = compileExpression(source, limits);
  try {
    return { values: pl.DataFrame({ s }).select(e.alias("r")).getColumn("r").toArray() };
  } catch (err) {
    const refused = stringLimitOf((err as Error).message);
    if (!refused) throw err;
    return { refused };
  }
}

describe("calls that cannot lengthen text are not guarded: the limit bounds what expressions build", () => {
  const long = "a b".repeat(500); // 1,500 characters, over the limit of 1,000

  test.each([
    ['pl.col("s").str.replace_all(" ", "_", literal=True)', "a_b".repeat(500)],
    ['pl.col("s").str.replace_all(" b", "", literal=True)', "a".repeat(500)],
    // No regex syntax: the pattern matches its own text only.
    ['pl.col("s").str.replace_all("a b", "c")', "c".repeat(500)],
    ['pl.col("s").str.replace(" ", "_")', `a_b${"a b".repeat(499)}`],
  ])("%s keeps a value longer than the limit as the data has it", (source, expected) => {
    expect(run(source, [long, "x"])).toEqual({ values: [expected, "x"] });
  });

  test.each([
    // A longer replacement, a regex pattern, a reference to the match: each may lengthen.
    ['pl.col("s").str.replace_all(" ", "__", literal=True)', 4_500],
    ['pl.col("s").str.replace_all(" +", "_")', 3_001],
    ['pl.col("s").str.replace_all(" ", "$0")', 6_000],
  ])("%s is still measured per row and refused", (source, asked) => {
    expect(run(source, [long])).toEqual({ refused: { limit: 1_000, asked } });
  });
});

describe("lengths a literal argument bounds stand in for measurements when small", () => {
  // The limit 1,000: bounded lengths up to 10 stand in (text-lengths.ts).
  const plan = (source: string) =>
    pl
      .DataFrame({ s: ["ab"] })
      .lazy()
      .select(compileExpression(source, { ...LIMITS, maxExprStringLength: 1_000 }).alias("r"))
      .describePlan();

  test("slices of small literal length, upper-cased (three characters for one), need no guard", () => {
    const source =
      'pl.concat_str([pl.col("s").str.slice(0, 3).str.to_uppercase(), pl.col("s").str.head(1)], separator="-")';
    expect(plan(source)).not.toContain("weft-string-limit");
    expect(run(source, ["abc"])).toEqual({ values: ["ABC-a"] });
  });

  test("with a column of unknown length, the small bound is added to its measured length", () => {
    const t = "y".repeat(996);
    const df = pl.DataFrame({ s: ["ab"], t: [t] });
    const compute = (source: string) => {
      try {
        return df
          .select(compileExpression(source, { ...LIMITS, maxExprStringLength: 1_000 }).alias("r"))
          .getColumn("r")
          .toArray();
      } catch (err) {
        return stringLimitOf((err as Error).message);
      }
    };
    // 5 (the slice's bound) + 996: over the limit, though "ab" makes 998.
    expect(compute('pl.concat_str([pl.col("s").str.slice(0, 5), pl.col("t")])')).toEqual({
      limit: 1_000,
      asked: 1_001,
    });
    // A bound over a hundredth of the limit is measured instead: 2 + 996.
    expect(compute('pl.concat_str([pl.col("s").str.slice(0, 50), pl.col("t")])')).toEqual([`ab${t}`]);
  });

  test("a large bound is measured, not refused for what the slice could hold", () => {
    const source = 'pl.concat_str([pl.col("s").str.slice(0, 400000).str.to_uppercase(), pl.col("s").str.head(400000)])';
    expect(compileExpression(source, LIMITS)).toBeDefined();
    expect(run(source, ["abc"], LIMITS)).toEqual({ values: ["ABCabc"] });
  });

  // The factor of three: Unicode's full case mapping, as Polars applies it.
  test.each([
    ["to_uppercase", "\u0390", 3],
    ["to_uppercase", "ß", 2],
    ["to_lowercase", "\u0130", 2],
  ])("%s of %s is %d characters, at most three for one", (method, text, length) => {
    const out = run(`pl.col("s").str.${method}().str.len_chars()`, [text]);
    expect(out).toEqual({ values: [length] });
  });
});

describe("one guarded argument stops a function whatever argument is long", () => {
  test.each([
    // The bound counts a separator per part: one more than the result has.
    ['pl.concat_str([pl.lit("x"), pl.col("s")], separator="-")', 1_003],
    ['pl.concat_str([pl.col("s").str.slice(0, 1), pl.col("s")])', 1_001],
    // The template counts whole, its {} included.
    ['pl.format("<{}>", pl.col("s"))', 1_004],
  ])("%s over a value of 1,000 characters", (source, asked) => {
    expect(run(source, ["ab", "y".repeat(1_000)])).toEqual({ refused: { limit: 1_000, asked } });
  });

  test("at the limit exactly it computes", () => {
    expect(run('pl.concat_str([pl.col("s"), pl.col("s")])', ["y".repeat(500)])).toEqual({
      values: ["y".repeat(1_000)],
    });
  });
});

test("the marker is read in either form", () => {
  expect(stringLimitOf("cast failed: 'weft-string-limit:1000:5000'")).toEqual({ limit: 1000, asked: 5000 });
  expect(stringLimitOf(`values: ["weft-string-limit:1000:1001+3999"]`)).toEqual({ limit: 1000, asked: 5000 });
  expect(stringLimitOf("conversion from `str` to `i64` failed")).toBeUndefined();
});

test("a product of two per-row lengths is capped below 2^64, where the guard's cast would lose it", () => {
  const product = mul(pl.lit(3e10).add(pl.lit(0)), pl.lit(3e10).add(pl.lit(0)));
  expect(
    pl
      .DataFrame({ a: [1] })
      .select((product as pl.Expr).alias("b"))
      .getColumn("b")
      .toArray(),
  ).toEqual([MAX_BOUND]);
  // A product with a known factor is not: its other factor is a length under 2^32.
  const scaled = mul(pl.lit(3e9).add(pl.lit(0)), 2);
  expect(
    pl
      .DataFrame({ a: [1] })
      .select((scaled as pl.Expr).alias("b"))
      .getColumn("b")
      .toArray(),
  ).toEqual([6e9]);
});
