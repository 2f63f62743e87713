import { describe, expect, test } from "bun:test";
import { TEST_LIMITS } from "../../tests/helpers/tool-harness";
import { acceptedFunctions } from "../expr/functions";
import { compileExpression } from "../expr/index";
import { guardExpression } from "./expression-guard";

const accepted = acceptedFunctions();

describe("guardExpression", () => {
  test.each([
    'pl.col("price") * pl.col("qty")',
    'pl.col("name").str.to_uppercase()',
    'pl.when(pl.col("a") > 1).then(pl.lit("big")).when(pl.col("a") < 0).then(None).otherwise(pl.col("b"))',
    'pl.col("d").dt.year() == 2024',
    'pl.col("a").cast(pl.Datetime("ms", "UTC"))',
    'pl.col("a").cast(pl.Int64, strict=False)',
    '(pl.col("a") + 1) * -2 ** 3',
    'pl.col("s").str.contains("""a\nb""")',
    'pl.col("a").is_in([1, 2, 3])',
  ])("accepts what Weft's checker accepts: %s", (source) => {
    expect(() => compileExpression(source, TEST_LIMITS)).not.toThrow();
    expect(() => guardExpression(source, accepted)).not.toThrow();
  });

  test.each([
    ['__import__("os").system("id")', ".system is not a method"],
    ['__import__("os")', "only pl functions and expression methods can be called"],
    ['pl.dependencies.import_optional("os").system("id")', ".system is not a method"],
    ['pl.dependencies.import_optional("os")', ".import_optional is not a method"],
    ["pl.dependencies", "pl.dependencies is not a function or data type"],
    ['pl.col("a").over(__import__)', "the name __import__ is not allowed here"],
    ['pl.read_csv("/etc/passwd")', "pl.read_csv is not a function"],
    ['pl.col("a").__class__', ".__class__ is not a method"],
    ['pl.col("a").map_elements(print)', ".map_elements is not a method"],
    ['pl.col("a").str.__len__()', ".str.__len__ is not a method"],
    ['open("x")', "only pl functions and expression methods can be called"],
    ['pl.col("a").str', ".str is not a method"],
    ["pl", "the name pl is not allowed here"],
    ['pl.col(b"a")', "bytes literals are not allowed"],
    ['pl.col("a").alias(name=pl.col("b"), _x=1)', "the keyword _x is not allowed"],
    ['pl.col("a")[os]', "the name os is not allowed here"],
    ['pl.col("a") +', "at column"],
  ])("refuses %s", (source, message) => {
    expect(() => compileExpression(source, TEST_LIMITS)).toThrow();
    expect(() => guardExpression(source, accepted)).toThrow(message);
  });

  test("names only what the lists accept: a method the installed Polars lacks is refused", () => {
    const without = { ...accepted, column_methods: { ...accepted.column_methods, all: [] } };
    expect(() => guardExpression('pl.col("a").sum()', without)).toThrow(".sum is not a method");
  });
});
