import { expect, test } from "bun:test";
import { basicToExpression, formatValue, parseList, parseScalar } from "./filter-value";

test("values are typed by the column's dtype", () => {
  expect(parseScalar("5", "Int64")).toBe(5);
  expect(parseScalar("2.5", "Float64")).toBe(2.5);
  expect(parseScalar("5", "String")).toBe("5");
  expect(parseScalar("abc", "Int64")).toBe("abc");
  expect(parseScalar("true", "Boolean")).toBe(true);
  expect(parseScalar("", "Int64")).toBe("");
  expect(parseList("1, 2,,3", "UInt8")).toEqual([1, 2, 3]);
  expect(formatValue([1, "a"])).toBe("1, a");
  expect(formatValue(undefined)).toBe("");
});

test("a basic filter becomes the same expression", () => {
  const f = (operator: string, value?: unknown) =>
    basicToExpression({ mode: "basic", column: "x", operator, value: value as never });
  expect(f(">", 5)).toBe('pl.col("x") > 5');
  expect(f("==", 'a"b')).toBe('pl.col("x") == "a\\"b"');
  expect(f("is_null")).toBe('pl.col("x").is_null()');
  expect(f("contains", "ab")).toBe('pl.col("x").str.contains("ab")');
  expect(f("in", [1, 2])).toBe('pl.col("x").is_in([1, 2])');
  expect(f("not_in", ["a"])).toBe('~pl.col("x").is_in(["a"])');
  expect(f("between", [1, 9])).toBe('pl.col("x").is_between(1, 9)');
  expect(f("==", true)).toBe('pl.col("x") == True');
  expect(basicToExpression({ mode: "basic", column: "", operator: "==" })).toBe("");
});
