import { describe, expect, test } from "bun:test";
import { checkExpression, type ExprLimits, parseExpression } from ".";
import type { Node } from "./ast";
import { MAX_DEPTH } from "./checker";
import { ExpressionError } from "./expression-error";

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
};

const check = (source: string, limits = LIMITS): Node => checkExpression(parseExpression(source), limits);

/** The refusal of `source`: an ExpressionError whose offset falls inside the first `at` of the source. */
function refusal(source: string, at: string, limits = LIMITS): ExpressionError {
  let caught: unknown;
  try {
    check(source, limits);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ExpressionError);
  const error = caught as ExpressionError;
  const start = source.indexOf(at);
  expect(start).toBeGreaterThanOrEqual(0);
  expect({ source, offset: error.offset, inside: error.offset >= start && error.offset < start + at.length }).toEqual({
    source,
    offset: error.offset,
    inside: true,
  });
  expect(error.status).toBe(400);
  return error;
}

/** [source, the text the offset must point into, what the message must name] */
type Case = [string, string, RegExp];

const CLASSES: Record<string, Case[]> = {
  "names other than pl, True, False, None": [
    ['os.system("ls")', "os", /Unknown name os: to use a column, write pl\.col\("os"\)/],
    ['__import__("os")', "__import__", /__import__/],
    ['open("/etc/passwd")', "open", /open/],
    ['eval("1")', "eval", /eval/],
    ['exec("x")', "exec", /exec/],
    ['getattr(pl, "col")', "getattr", /getattr/],
    ["globals()", "globals", /globals/],
    ['col("a")', "col", /col.*pl\.col/],
    ['pl.col("a").fill_null(value=x)', "x)", /Unknown name x/],
    ['pl.col("a") + [1, os][0]', "os", /Unknown name os/],
    ["pl", "pl", /pl on its own/],
    ["True(1)", "True", /cannot be called/],
    ['pl.col(open("f"))', "open", /open/],
  ],
  "dunder attributes anywhere": [
    ["pl.__class__", "__class__", /__class__/],
    ['pl.col("a").__dict__', "__dict__", /__dict__/],
    ['pl.col("a").str.__len__()', "__len__", /__len__/],
    ['pl.col("a").__class__.__mro__', "__mro__", /__mro__/],
    ['pl.col("a").alias(__class__="x")', "__class__", /__class__/],
    ["pl.col('a').fill_null(pl.__loader__)", "__loader__", /__loader__/],
    ['pl.when(pl.col("a").__eq__(1)).then(1)', "__eq__", /__eq__/],
    ['pl.col("a").is_in([1]).__invert__()', "__invert__", /__invert__/],
  ],
  "attributes that are not calls": [
    ['pl.col("a").str', ".str", /\.str must be followed/],
    ['pl.col("a").dt', ".dt", /\.dt must be followed/],
    ["pl.col", "col", /pl\.col must be called/],
    ['pl.col("a").alias', "alias", /\.alias needs brackets: methods are called/],
    ['pl.col("a").str.len_chars', "len_chars", /\.str\.len_chars/],
    ['pl.col("a").str.constructor', "constructor", /constructor/],
    ['pl.col("a")._expr', "_expr", /_expr/],
    ['pl.col("a").cast(pl.List)', "List", /pl\.List needs its arguments/],
    ['pl.col("a").cast(pl.Object)', "Object", /pl\.Object is refused/],
    ['"abc".upper', "upper", /\.upper cannot follow a plain value: wrap the value in pl\.lit/],
  ],
  "refused by name: I/O, selectors, constructors, SQL, callbacks": [
    ['pl.read_csv("/etc/passwd")', "read_csv", /read_csv is refused: file and network I\/O/],
    ['pl.scan_parquet("s3://b/x")', "scan_parquet", /I\/O/],
    ['pl.col("a").write_csv("x.csv")', "write_csv", /I\/O/],
    ['pl.col("a").sink_parquet("x")', "sink_parquet", /I\/O/],
    ['pl.col("a").fill_null(pl.read_json("x"))', "read_json", /I\/O/],
    ["pl.selectors.numeric()", "selectors", /selectors/],
    ["cs.numeric()", "cs", /Name cs|cs/],
    ["pl.Series([1, 2])", "Series", /Series is refused/],
    ["pl.DataFrame([1])", "DataFrame", /DataFrame/],
    ["pl.LazyFrame()", "LazyFrame", /LazyFrame/],
    ["pl.from_pandas(1)", "from_pandas", /from_pandas is refused/],
    ['pl.sql_expr("a + 1")', "sql_expr", /SQL/],
    ['pl.sql("select 1")', "sql", /SQL/],
    ["pl.SQLContext()", "SQLContext", /SQL/],
    ["pl.Config.set_tbl_rows(1)", "Config", /Config/],
    ['pl.col("a").map_elements(print)', "map_elements", /\.map_elements\(\) is refused: running Python code/],
    ['pl.col("a").map_batches(1)', "map_batches", /map_batches/],
    ['pl.col("a").apply(1)', "apply", /apply/],
    ['pl.col("a").pipe(1)', "pipe", /pipe/],
    ['pl.col("a").list.eval(pl.element() * 2)', "eval", /list\.eval is refused|eval/],
    ["pl.int_range(0, 10 ** 9)", "int_range", /int_range/],
    ["pl.foo()", "foo", /pl\.foo is not an accepted function/],
    ['pl.col("a").frobnicate()', "frobnicate", /\.frobnicate\(\) is not an accepted method/],
    ['pl.col("a").toUpperCase()', "toUpperCase", /not an accepted method/],
    [
      'pl.col("a").str.toUpperCase()',
      "toUpperCase",
      /toUpperCase\(\) is not the Python Polars spelling: write \.str\.to_uppercase\(\)/,
    ],
    ['pl.col("a").str.lengths()', "lengths", /write \.str\.len_chars\(\)/],
    ['pl.col("a").isNull()', "isNull", /write \.is_null\(\)/],
    ['pl.col("a").cat.get_categories()', "cat", /Methods under \.cat are not supported/],
  ],
  "Python logic that is not Polars logic": [
    ['(pl.col("a") > 1) and (pl.col("b") < 2)', "(pl", /`and`.*&/],
    ['pl.col("a") or pl.col("b")', "pl.col", /`or`.*\|/],
    ['not pl.col("flag")', "not", /`not`.*~/],
    ['pl.when(not pl.col("f")).then(1)', "not", /`not`/],
    ['1 < pl.col("a") < 5', "1 <", /Chained comparisons/],
    ['pl.col("a") is None', "pl.col", /is_null/],
    ['pl.col("a") is not None', "pl.col", /is_not_null/],
    ['pl.col("a") in [1, 2]', "pl.col", /is_in/],
    ['pl.col("a") not in [1, 2]', "pl.col", /~expr\.is_in/],
    ['pl.when(pl.col("a") in [1]).then(1)', 'pl.col("a") in', /is_in/],
  ],
  subscripts: [
    ['pl.col("a")[0]', "pl.col", /Indexing with \[\.\.\.\] is not supported/],
    ['"abc"[0]', '"abc"', /Indexing with \[\.\.\.\] is not supported/],
    ['pl.col("a").str.split("-")[0]', "pl.col", /list\.get/],
    ['pl.col("a").fill_null([1, 2][0])', "[1, 2]", /Indexing with \[\.\.\.\] is not supported/],
    ['pl.col("a")[1:2]', "pl.col", /Indexing with \[\.\.\.\] is not supported/],
  ],
  "literals where they do not belong": [
    ['pl.lit(b"x")', 'b"x"', /Bytes/],
    ['pl.col("a").str.contains(b"x")', 'b"x"', /Bytes/],
    ['pl.col("a") + [1]', "[1]", /list/],
    ['pl.col("a").is_in("x")', '"x"', /list of values/],
    ['pl.col("a").is_in(["x", 1])', '["x"', /mixes/],
    ['pl.col("a").is_in([[1]])', "[1]]", /only values written out/],
    ["pl.lit(2 ** 64)", "2 ** 64", /64 bits/],
    ['pl.col("a") + 2 ** 70', "2 ** 70", /64 bits/],
    ['pl.col("a").fill_null([1, 2])', "[1, 2]", /not a list/],
    ['pl.col("a").cast("Int64")', '"Int64"', /data type/],
    ['pl.col("a") + pl.Int64', "pl.Int64", /data type/],
    ['"%s" % pl.col("a")', '" %', /literal arguments/],
    ['pl.col("a") << 2', "<<", /Operator <</],
  ],
  "literal bounds": [
    ['"a" * 10001', "*", /Repeated string too long/],
    ['pl.lit("ab" * 5001)', "*", /Repeated string/],
    ['pl.col("s").str.contains("é" * 10001)', "*", /Repeated string/],
    ["2 ** 101", "**", /Exponent 101/],
    ['pl.col("a") ** 101', "**", /Exponent 101/],
    ["pl.lit(2) ** 1000", "**", /Exponent 1000/],
    ['pl.col("a").pow(101)', "101", /Exponent 101/],
    ['pl.col("a").pow(exponent=-101)', "-101", /Exponent -101/],
    ['pl.col("a") ** pl.col("b")', "**", /power after \*\* must be a number written out/],
    ['"%999999999s" % "x"', '" %', /width of 999999999 is over the limit/],
    ['"%.20000f" % 1.0', '" %', /precision/],
    ['"%s%s" % ("a" * 6000, "b" * 6000)', '% ("a"', /longer than 10000/],
    ['"%e" % 1.5', '" %', /%e is not supported/],
    ['"%(k)s" % 1', '" %', /mapping keys/],
    ['"%*d" % (5, 1)', '" %', /\* widths/],
    ['"%s %s" % ("a",)', '" %', /not enough arguments/],
    ['"%s" % ("a", "b")', '" %', /not all arguments converted/],
    ['"%d" % "x"', '" %', /needs a number/],
    ['pl.col("s").str.pad_start(10001)', "10001", /over the limit of 10000/],
    ["(10 ** 100) ** 100", ") ** 100", /too large/],
    ["1 << 5000", "<<", /too large/],
    ["1 / 0", "/", /Division by zero/],
  ],
  "arguments against the signature": [
    ['pl.col("a").alias("x", "y")', '"y"', /\.alias\(\) takes at most 1 argument, got 2/],
    ['pl.col("a").alias(nam="x")', "nam", /\.alias\(\) has no argument named nam \(its arguments are name\)/],
    ['pl.col("a").alias()', "alias", /\.alias\(\) is missing its required argument name/],
    ['pl.col("a").alias("x", name="y")', "name", /got the argument name twice: by position and as name=/],
    [
      'pl.col("a").str.contains("x", True)',
      "True",
      /takes at most 1 argument without a name \(give literal=, strict= by name\)/,
    ],
    ['pl.col("a").round("2")', '"2"', /\.round\(\) argument decimals must be an integer/],
    ['pl.col("a").round(2.5)', "2.5", /decimals must be an integer/],
    ['pl.col("a").round(-1)', "-1", /decimals must be between 0 and 255/],
    ['pl.col("a").rank("random")', '"random"', /method must be one of "average", "min"/],
    ['pl.col("a").cast(pl.Int64, wrap_numerical=True)', "True", /wrap_numerical must be one of False/],
    ['pl.col("a").fill_null()', "fill_null", /\.fill_null\(\) needs a value or a strategy/],
    ['pl.col("a").fill_null(0, strategy="forward")', "fill_null", /not both/],
    ['pl.col("a").is_between(1, 2, closed="middle")', '"middle"', /closed must be one of/],
    ['pl.col("a").shift(n=None)', "None", /n cannot be None/],
    ['pl.col("a").str.pad_start(5, "ab")', "pad_start", /exactly one character/],
    ["pl.col(1)", "1", /pl\.col\(\) argument name must be a column name/],
    ['pl.date(2023, 2, 29) > pl.col("d")', "date", /pl\.date\(\) has no day 2023-2-29 in the calendar/],
    ["pl.datetime(2024, 13, 1)", "13", /month must be between 1 and 12/],
    ["pl.coalesce()", "coalesce", /missing its required argument exprs/],
    ["pl.sum()", "sum", /needs at least one column name/],
    ['pl.col("a").str.strptime(pl.Date, "%Y", True)', "True", /at most 2 arguments without a name/],
  ],
  "when/then chains and calls on non-expressions": [
    ['pl.when(pl.col("a") > 1)', "pl.when", /must be followed by \.then/],
    ['pl.when(pl.col("a") > 1).otherwise(1)', "otherwise", /must be followed by \.then/],
    ['pl.when(pl.col("a") > 1).alias("x")', "alias", /must be followed by \.then/],
    ['pl.col("a").then(1)', "then", /belongs to a pl\.when/],
    ['pl.when(pl.col("a")).then(1).then(2)', "then(2", /must follow a \.when/],
    ['pl.col("a") + pl.when(pl.col("a"))', "pl.when(", /must be followed by \.then/],
    ['pl.col("a")("b")', "pl.col", /can be called/],
    ['"abc".upper()', '"abc"', /\.upper\(\) cannot be called on a plain value: wrap the value in pl\.lit/],
    ["pl.Int64.is_null()", "pl.Int64", /data type/],
    ["pl.Int64", "pl", /data type is not an expression/],
  ],
};

describe("the checker refuses, naming the thing and pointing at it", () => {
  for (const [group, cases] of Object.entries(CLASSES)) {
    describe(group, () => {
      for (const [source, at, says] of cases) {
        test(source, () => {
          expect(refusal(source, at).message).toMatch(says);
        });
      }
    });
  }

  test("depth beyond the limit is refused, not a stack overflow", () => {
    const source = `pl.col("a")${" + 1".repeat(MAX_DEPTH + 5)}`;
    expect(refusal(source, "pl.col").message).toMatch(/nested too deeply/);
    expect(() => check(`pl.col("a")${" + 1".repeat(MAX_DEPTH - 10)}`)).not.toThrow();
  });
});

describe("the checker accepts", () => {
  const ACCEPTED = [
    'pl.col("__class__")',
    'pl.col("__import__").alias("__x__")',
    'pl.col("os") + pl.col("eval")',
    'pl.col("a").str.contains("__class__", literal=True)',
    'pl.col(["a", "b"]).sum()',
    'pl.col("a", "b").max()',
    'pl.col("a").cast(pl.Datetime("ms", "UTC"))',
    'pl.col("a").cast(pl.Datetime(time_unit="ns"))',
    'pl.col("a").cast(pl.List(pl.Int64))',
    'pl.col("a").cast(pl.Decimal(10, 2))',
    'pl.all().exclude("a").sum()',
    'pl.when(pl.col("a") > 1).then("b").otherwise(None)',
    'pl.when(pl.col("a") > 1, pl.col("b")).then(1).when(pl.col("c")).then(2)',
    'pl.when(pl.col("a") > 1).then(1).alias("x")',
    'pl.col("a").is_in((1, 2, None), nulls_equal=True)',
    'pl.col("a").str.slice(-3)',
    'pl.col("a").pow(100)',
    'pl.col("a") ** -100',
    'pl.col("a") ** 0.5',
    "-(2 ** 63)",
    '"%-5s|%+.2f|%#x" % ("é", 2.5, 255)',
    'pl.col("a").str.pad_start(10000, "é")',
    'pl.concat_str(["a", pl.col("b")], "c", separator="-")',
    'pl.sum_horizontal("a", ["b", "c"])',
    "pl.lit(None, dtype=pl.String)",
    'pl.col("d").dt.replace_time_zone("Europe/Paris").dt.convert_time_zone("UTC")',
  ];
  for (const source of ACCEPTED) {
    test(source, () => {
      expect(() => check(source)).not.toThrow();
    });
  }
});

describe("literal folding in the checked tree", () => {
  const folded = (source: string, limits = LIMITS) => check(source, limits);

  test("repetition, power, formatting and arithmetic become literals", () => {
    expect(folded('"ab" * 3')).toMatchObject({ kind: "string", value: "ababab" });
    expect(folded("2 ** 10")).toMatchObject({ kind: "number", value: 1024, isFloat: false });
    expect(folded("2 ** 64")).toMatchObject({ kind: "number", value: 2n ** 64n });
    expect(folded("7 // -2")).toMatchObject({ kind: "number", value: -4 });
    expect(folded("1 / 4")).toMatchObject({ kind: "number", value: 0.25, isFloat: true });
    expect(folded('"%s-%05d" % ("a", 7)')).toMatchObject({ kind: "string", value: "a-00007" });
    expect(folded("-(3)")).toMatchObject({ kind: "number", value: -3 });
    expect(folded("True + True")).toMatchObject({ kind: "number", value: 2 });
    expect(folded("True & False")).toMatchObject({ kind: "name", name: "False" });
  });

  test("folding happens inside arguments and lists", () => {
    const node = folded('pl.col("a").is_in([2 * 3, -1])');
    expect(node).toMatchObject({ kind: "call", args: [{ kind: "list", items: [{ value: 6 }, { value: -1 }] }] });
  });

  test("the bounds come from the limits given", () => {
    const tight: ExprLimits = {
      maxExprStringRepeat: 5,
      maxExprPowerExponent: 3,
      maxExprFormatLength: 4,
      maxExprStringLength: 1_000_000,
    };
    expect(folded('"ab" * 2', tight)).toMatchObject({ value: "abab" });
    expect(refusal('"ab" * 3', "*", tight).message).toMatch(/6 characters \(the limit is 5\)/);
    expect(folded("2 ** 3", tight)).toMatchObject({ value: 8 });
    expect(refusal("2 ** 4", "**", tight).message).toMatch(/at most 3/);
    expect(folded('"%s" % "abcd"', tight)).toMatchObject({ value: "abcd" });
    expect(refusal('"%s" % "abcde"', '" %', tight).message).toMatch(/longer than 4/);
    expect(refusal('pl.col("a").str.zfill(6)', "6", tight).message).toMatch(/limit of 5/);
  });
});
