import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { compileExpression, ExpressionError } from ".";
import type { ExprLimits } from "./literal-limits";

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
