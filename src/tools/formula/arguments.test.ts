import { describe, expect, test } from "bun:test";
import { pl, testContext } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { schemaOf } from "../schema-of";
import { bindArguments } from "./arguments";
import { FormulaConfigSchema, type FormulaSpec } from "./schema";

const frame = pl.DataFrame([
  pl.Series("n", [1, null], pl.Int64),
  pl.Series("f", [1.5, null], pl.Float64),
  pl.Series("s", ["x", null], pl.String),
  pl.Series("b", [true, null], pl.Bool),
  pl.Series("d", [new Date(Date.UTC(2024, 1, 29)), null], pl.Date),
  pl.Series("l", [[1], null], pl.List(pl.Int64)),
]);
const schema = schemaOf(frame.lazy());

function spec(fn: string, ...args: unknown[]): FormulaSpec {
  return FormulaConfigSchema.parse({ formulas: [{ output: "out", function: fn, args }] }).formulas[0] as FormulaSpec;
}

function bind(fn: string, ...args: unknown[]) {
  return bindArguments(spec(fn, ...args), schema, testContext("f1", { maxExprStringRepeat: 50 }));
}

function refusal(fn: string, ...args: unknown[]): string {
  try {
    bind(fn, ...args);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolConfigError);
    expect((error as ToolConfigError).toolId).toBe("f1");
    return (error as Error).message;
  }
  throw new Error(`${fn} accepted ${JSON.stringify(args)}`);
}

describe("formula arguments", () => {
  test("columns render as pl.col with their dtype, values as literals", () => {
    expect(bind("add", { column: "n" }, { value: 2.5 })).toEqual([
      { expr: 'pl.col("n")', operand: 'pl.col("n")', dtype: "Int64" },
      { expr: "pl.lit(2.5)", operand: "2.5", dtype: null },
    ]);
  });

  test("a left-out optional argument takes its default, or stays out when it has none", () => {
    expect(bind("round", { column: "f" }).map((a) => a.operand)).toEqual(['pl.col("f")', "0"]);
    expect(bind("pad_start", { column: "s" }, { value: 4 }).map((a) => a.operand)).toEqual(['pl.col("s")', "4", '" "']);
    expect(bind("substring", { column: "s" }, { value: 1 })).toHaveLength(2);
  });

  test("a repeated parameter takes every remaining argument", () => {
    const args = bind("concat", { value: "-" }, { column: "s" }, { column: "n" }, { value: 7 }, { column: "d" });
    expect(args.map((a) => a.expr)).toEqual(['pl.lit("-")', 'pl.col("s")', 'pl.col("n")', "pl.lit(7)", 'pl.col("d")']);
  });

  test("the wrong number of arguments names the parameters", () => {
    expect(refusal("add", { column: "n" })).toBe(
      'Tool "f1" (formula), formula "out" (add): takes 2 arguments (a, b), got 1',
    );
    expect(refusal("abs", { column: "n" }, { column: "n" })).toContain("takes 1 arguments (value), got 2");
    expect(refusal("pad_start", { column: "s" })).toContain("takes 2 to 3 arguments (text, width, fill?), got 1");
    expect(refusal("concat", { value: "," }, { column: "s" })).toContain(
      "takes at least 3 arguments (separator, parts…)",
    );
  });

  test("an unknown column is named with the known ones", () => {
    expect(refusal("upper", { column: "prize" })).toBe(
      'Tool "f1" (formula), formula "out" (upper): argument "text" names unknown column "prize" (columns: n, f, s, b, d, l)',
    );
  });

  test("a column where a value is needed, and the reverse", () => {
    expect(refusal("round", { column: "f" }, { column: "n" })).toContain(
      'argument "digits" must be a value, not a column',
    );
    expect(refusal("year", { value: "2024-01-01" })).toContain('argument "date" must be a column, not a value');
  });

  test("a column of the wrong type says what it is", () => {
    expect(refusal("upper", { column: "n" })).toContain('argument "text" needs text, but column "n" is Int64');
    expect(refusal("add", { column: "s" }, { value: 1 })).toContain(
      'argument "a" needs a number, but column "s" is String',
    );
    expect(refusal("hour", { column: "d" })).toContain('needs a date-time, but column "d" is Date');
    expect(refusal("not", { column: "n" })).toContain("needs true or false");
    expect(refusal("is_null", { column: "l" })).toContain('needs a value, but column "l" is List(Int64)');
  });

  test("a value of the wrong type, or null where null means nothing", () => {
    expect(refusal("add", { column: "n" }, { value: "1" })).toContain('argument "b" needs a number, got "1"');
    expect(refusal("round", { column: "f" }, { value: 1.5 })).toContain("needs a whole number, got 1.5");
    expect(refusal("add", { column: "n" }, { value: null })).toContain('argument "b" needs a number, got null');
    expect(bind("if_null", { column: "n" }, { value: null })[1]?.operand).toBe("None");
  });

  test("bounds: minimum, the server's repeat limit, one fill character, a non-empty find", () => {
    expect(refusal("substring", { column: "s" }, { value: -1 })).toContain('"start" must be at least 0, got -1');
    expect(refusal("pad_end", { column: "s" }, { value: 51 })).toContain(
      "must be at most 50 (the server's limit), got 51",
    );
    expect(bind("pad_end", { column: "s" }, { value: 50 }, { value: "😀" })[2]?.operand).toBe('"😀"');
    expect(refusal("pad_end", { column: "s" }, { value: 5 }, { value: "ab" })).toContain(
      'must be one character, got "ab"',
    );
    expect(refusal("replace", { column: "s" }, { value: "" }, { value: "x" })).toContain('"find" must not be empty');
  });

  test("comparisons and choices refuse mixing text with numbers", () => {
    expect(refusal("equal", { column: "s" }, { value: 1 })).toContain(
      'arguments "a" (text) and "b" (number) must be of one kind',
    );
    expect(refusal("if_else", { column: "b" }, { column: "n" }, { value: "no" })).toContain(
      'arguments "then" (number) and "else" (text)',
    );
    // Null fits any kind; integers and decimals are one kind.
    expect(bind("if_else", { column: "b" }, { column: "n" }, { value: null })).toHaveLength(3);
    expect(bind("less", { column: "n" }, { column: "f" })).toHaveLength(2);
  });
});
