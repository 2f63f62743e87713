import { describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { answerDifference, answerOf, sameValue, TOP_ROWS } from "./answer";

describe("answerOf", () => {
  test("the height and the first rows in column order", () => {
    const frame = pl.DataFrame({
      k: Array.from({ length: 25 }, (_, i) => `k${i}`),
      v: Array.from({ length: 25 }, (_, i) => i),
    });
    const answer = answerOf(frame);
    expect(answer.rows).toBe(25);
    expect(answer.top).toHaveLength(TOP_ROWS);
    expect(answer.top[0]).toEqual(["k0", 0]);
    expect(answer.top[4]).toEqual(["k4", 4]);
  });
});

describe("answerDifference", () => {
  const expected = {
    rows: 3,
    top: [
      ["a", 10, 1.5],
      ["b", 7, null],
      ["c", 1, 2.25],
    ],
  };

  test("the same answer from another engine's types agrees", () => {
    expect(
      answerDifference(expected, {
        rows: 3,
        top: [
          ["a", 10n, 1.5],
          ["b", 7.0, Number.NaN],
          ["c", 1n, 2.25],
        ],
      }),
    ).toBeUndefined();
  });

  test("a float within the relative tolerance agrees, one beyond it does not", () => {
    expect(sameValue(2.25, 2.25 * (1 + 1e-12))).toBe(true);
    expect(sameValue(2.25, 2.26)).toBe(false);
  });

  test("says which row count, row or value differs", () => {
    expect(answerDifference(expected, { rows: 4, top: expected.top })).toBe("4 rows, expected 3");
    expect(answerDifference(expected, { rows: 3, top: expected.top.slice(0, 2) })).toBe("2 top rows given, expected 3");
    expect(
      answerDifference(expected, {
        rows: 3,
        top: [
          ["a", 10, 1.5],
          ["b", 8, null],
          ["c", 1, 2.25],
        ],
      }),
    ).toBe("row 2, value 2: 8, expected 7");
    expect(
      answerDifference(expected, {
        rows: 3,
        top: [
          ["a", 10],
          ["b", 7, null],
          ["c", 1, 2.25],
        ],
      }),
    ).toBe("row 1 has 2 values, expected 3");
  });

  test("a missing value does not agree with a present one, nor a number with its text", () => {
    expect(sameValue(null, 0)).toBe(false);
    expect(sameValue("", null)).toBe(false);
    expect(sameValue(7, "7")).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
  });

  test("rows past TOP_ROWS are not compared", () => {
    const long = { rows: 20, top: Array.from({ length: 12 }, (_, i) => [i]) };
    const other = { rows: 20, top: [...long.top.slice(0, TOP_ROWS), [99]] };
    expect(answerDifference(long, other)).toBeUndefined();
    expect(answerDifference(long, { rows: 20, top: long.top.slice(0, TOP_ROWS - 1) })).toBe(
      `${TOP_ROWS - 1} top rows given, expected ${TOP_ROWS}`,
    );
  });
});
