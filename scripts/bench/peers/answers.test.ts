import { describe, expect, test } from "bun:test";
import { answerDifference, answerOf, FLOAT_TOLERANCE, sameValue } from "./answers";

const p1 = (mean: number, rows = 32) =>
  answerOf(rows, [
    ["small business", "contraption", 63580n, 4903, mean],
    ["home office", "gizmo", 62844, 4831, 500.96866694266186],
  ]);

describe("answerDifference", () => {
  test("agrees when floats differ only in summation noise", () => {
    expect(answerDifference(p1(499.6416642871715), p1(499.64166428717124))).toBeUndefined();
  });

  test("a float off by more than the tolerance is a difference, naming the place", () => {
    expect(answerDifference(p1(499.6416642871715), p1(499.65))).toBe(
      "row 1, column 5: 499.65 where 499.6416642871715 was expected",
    );
  });

  test("a different row count is a difference", () => {
    expect(answerDifference(p1(1), p1(1, 31))).toBe("31 rows where 32 were expected");
  });

  test("integers must be equal; bigint and number compare by value", () => {
    expect(sameValue(63580n, 63580)).toBe(true);
    expect(sameValue(63580, 63580.0)).toBe(true);
    expect(sameValue(63580, 63581)).toBe(false);
  });

  test("text, nulls and missing values", () => {
    expect(sameValue("WID-", "WID-")).toBe(true);
    expect(sameValue("WID-", "WID")).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(null, 0)).toBe(false);
    expect(sameValue("1", 1)).toBe(false);
  });

  test("rows in a different order are a difference", () => {
    const a = answerOf(2, [
      ["a", 1],
      ["b", 2],
    ]);
    const b = answerOf(2, [
      ["b", 2],
      ["a", 1],
    ]);
    expect(answerDifference(a, b)).toBe('row 1, column 1: "b" where "a" was expected');
  });

  test("a missing column or row is a difference", () => {
    expect(answerDifference(answerOf(1, [["a", 1]]), answerOf(1, [["a"]]))).toBe(
      "row 1 has 1 values where 2 were expected",
    );
    expect(answerDifference(answerOf(2, [["a"], ["b"]]), answerOf(2, [["a"]]))).toBe(
      "1 top rows where 2 were expected",
    );
  });

  test("the tolerance is relative to the magnitude", () => {
    const big = 1e12;
    expect(sameValue(big + 0.5, big + 0.5 + big * FLOAT_TOLERANCE * 0.5)).toBe(true);
    expect(sameValue(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameValue(0.3, 0.3 + 1e-6)).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });
});
