import { describe, expect, test } from "bun:test";
import { z } from "zod";
import type { CallNode, Node } from "../../expr/ast";
import { parseExpression } from "../../expr/parser";
import { FORMULA_FUNCTION_NAMES, FORMULA_FUNCTIONS, formulaCatalogue, formulaFunction } from "./catalog";
import type { PyArg } from "./function-spec";
import { type FormulaValue, pyCol, pyLiteral, pyString } from "./python-text";
import { CATALOGUE_KEY, FormulaConfigSchema } from "./schema";

const col = (name: string, dtype: string | null = null): PyArg => ({ expr: pyCol(name), operand: pyCol(name), dtype });
const val = (v: FormulaValue): PyArg => ({ expr: `pl.lit(${pyLiteral(v)})`, operand: pyLiteral(v), dtype: null });

function render(name: string, ...args: PyArg[]): string {
  const fn = formulaFunction(name);
  if (!fn) throw new Error(`no catalogue entry ${name}`);
  return fn.python(args);
}

describe("python text", () => {
  test("a string literal decodes (by JSON's rules, a subset of Python's) to the same text", () => {
    const names = [
      'say "hi"',
      "back\\slash",
      "tab\tnew\nline",
      "Zoë 日本語 😀",
      "\u0000\u001f",
      "'single'",
      "\u2028",
      "",
    ];
    for (const name of names) {
      const literal = pyString(name);
      expect(JSON.parse(literal)).toBe(name);
      // Only escapes Python reads the same way: \" \\ \n \t \b \f \r \uXXXX.
      for (const found of literal.matchAll(/\\(.)/g)) expect('"\\/bfnrtu').toContain(found[1] as string);
    }
    expect(pyString('a"b\\c')).toBe('"a\\"b\\\\c"');
  });

  test("the expression parser reads every column name back unchanged", () => {
    const names = [
      'say "hi"',
      "back\\slash",
      "tab\tnew\nline\r",
      "Zoë 日本語 😀",
      "\u0000\u001f\u007f",
      "'",
      "\u2028\u2029",
      "\ud800",
    ];
    for (const name of names) {
      const call = parseExpression(pyCol(name)) as CallNode;
      expect(call.kind).toBe("call");
      expect(call.args[0]).toMatchObject({ kind: "string", value: name, bytes: false });
    }
  });

  test("literals: numbers as written, True/False, None, quoted text", () => {
    expect(pyLiteral(3)).toBe("3");
    expect(pyLiteral(-2.5)).toBe("-2.5");
    expect(pyLiteral(1e21)).toBe("1e+21");
    expect(pyLiteral(true)).toBe("True");
    expect(pyLiteral(false)).toBe("False");
    expect(pyLiteral(null)).toBe("None");
    expect(pyLiteral("x")).toBe('"x"');
    expect(() => pyLiteral(Number.NaN)).toThrow(RangeError);
  });
});

describe("the catalogue renders Python-Polars text", () => {
  const a = col("a");
  const b = col("b");
  const t = col('名前 "q"');
  const d = col("d", "Date");
  const dt = col("ts", "Datetime(us)");
  const cases: [string, PyArg[], string][] = [
    ["add", [a, val(2)], '(pl.col("a") + 2)'],
    ["add", [val(2), a], '(pl.lit(2) + pl.col("a"))'],
    ["subtract", [a, b], '(pl.col("a") - pl.col("b"))'],
    ["multiply", [a, val(-1.5)], '(pl.col("a") * -1.5)'],
    ["divide", [a, b], '(pl.col("a") / pl.col("b"))'],
    ["modulo", [a, val(3)], '(pl.col("a") % 3)'],
    ["power", [a, val(2)], '(pl.col("a") ** 2)'],
    ["negate", [a], '(-pl.col("a"))'],
    ["abs", [a], 'pl.col("a").abs()'],
    ["sqrt", [a], 'pl.col("a").sqrt()'],
    ["smallest", [a, val(0), b], 'pl.min_horizontal(pl.col("a"), pl.lit(0), pl.col("b"))'],
    ["largest", [a, b], 'pl.max_horizontal(pl.col("a"), pl.col("b"))'],
    ["left", [a, val(2)], 'pl.col("a").str.head(2)'],
    ["right", [a, val(2)], 'pl.col("a").str.tail(2)'],
    ["quarter", [d], 'pl.col("d").dt.quarter()'],
    ["round", [a, val(2)], 'pl.col("a").round(2)'],
    ["floor", [a], 'pl.col("a").floor()'],
    ["ceil", [a], 'pl.col("a").ceil()'],
    ["upper", [t], 'pl.col("名前 \\"q\\"").str.to_uppercase()'],
    ["lower", [val("ÀB")], 'pl.lit("ÀB").str.to_lowercase()'],
    ["trim", [a], 'pl.col("a").str.strip_chars()'],
    ["trim_start", [a], 'pl.col("a").str.strip_chars_start()'],
    ["trim_end", [a], 'pl.col("a").str.strip_chars_end()'],
    ["pad_start", [a, val(5), val("0")], 'pl.col("a").str.pad_start(5, "0")'],
    ["pad_end", [a, val(5), val(" ")], 'pl.col("a").str.pad_end(5, " ")'],
    ["replace", [a, val("."), val("\\")], 'pl.col("a").str.replace_all(".", "\\\\", literal=True)'],
    ["substring", [a, val(1), val(2)], 'pl.col("a").str.slice(1, 2)'],
    ["substring", [a, val(1)], 'pl.col("a").str.slice(1)'],
    ["length", [a], 'pl.col("a").str.len_chars()'],
    ["contains", [a, val("x")], 'pl.col("a").str.contains("x", literal=True)'],
    ["contains", [a, b], 'pl.col("a").str.contains(pl.col("b"), literal=True)'],
    ["starts_with", [a, val("x")], 'pl.col("a").str.starts_with("x")'],
    ["ends_with", [a, val("x")], 'pl.col("a").str.ends_with("x")'],
    [
      "concat",
      [val(", "), a, val(1), b],
      'pl.concat_str([pl.col("a"), pl.lit(1), pl.col("b")], separator=", ", ignore_nulls=True)',
    ],
    ["year", [d], 'pl.col("d").dt.year()'],
    ["month", [d], 'pl.col("d").dt.month()'],
    ["day", [d], 'pl.col("d").dt.day()'],
    ["weekday", [d], 'pl.col("d").dt.weekday()'],
    ["week", [d], 'pl.col("d").dt.week()'],
    ["day_of_year", [d], 'pl.col("d").dt.ordinal_day()'],
    ["hour", [dt], 'pl.col("ts").dt.hour()'],
    ["minute", [dt], 'pl.col("ts").dt.minute()'],
    ["second", [dt], 'pl.col("ts").dt.second()'],
    ["days_between", [d, dt], '(pl.col("ts").cast(pl.Date).cast(pl.Int32) - pl.col("d").cast(pl.Date).cast(pl.Int32))'],
    ["add_days", [d, val(-3)], '(pl.col("d").cast(pl.Int32) + -3).cast(pl.Date)'],
    ["add_days", [dt, a], '(pl.col("ts") + (pl.col("a").cast(pl.Int64) * 86400000000).cast(pl.Duration("us")))'],
    [
      "add_days",
      [col("z", "Datetime(ms, Europe/Paris)"), val(2)],
      '(pl.col("z") + (pl.lit(2).cast(pl.Int64) * 86400000).cast(pl.Duration("ms")))',
    ],
    ["format_date", [d, val("%d/%m/%Y")], 'pl.col("d").dt.strftime("%d/%m/%Y")'],
    ["if_null", [a, val(0)], 'pl.col("a").fill_null(pl.lit(0))'],
    ["is_null", [a], 'pl.col("a").is_null()'],
    ["is_not_null", [a], 'pl.col("a").is_not_null()'],
    ["equal", [a, val("x")], '(pl.col("a") == "x")'],
    ["not_equal", [a, b], '(pl.col("a") != pl.col("b"))'],
    ["greater", [a, val(1)], '(pl.col("a") > 1)'],
    ["greater_or_equal", [a, val(1)], '(pl.col("a") >= 1)'],
    ["less", [a, val(1)], '(pl.col("a") < 1)'],
    ["less_or_equal", [a, val(1)], '(pl.col("a") <= 1)'],
    ["and", [a, b], '(pl.col("a") & pl.col("b"))'],
    ["or", [a, val(true)], '(pl.col("a") | True)'],
    ["not", [a], '(~pl.col("a"))'],
    ["if_else", [a, val("yes"), val(null)], 'pl.when(pl.col("a")).then(pl.lit("yes")).otherwise(pl.lit(None))'],
    ["if_equal", [a, val("x"), b, val(0)], 'pl.when((pl.col("a") == "x")).then(pl.col("b")).otherwise(pl.lit(0))'],
    ["if_greater", [a, b, val(1), val(0)], 'pl.when((pl.col("a") > pl.col("b"))).then(pl.lit(1)).otherwise(pl.lit(0))'],
    ["if_less", [a, b, val(1), val(0)], 'pl.when((pl.col("a") < pl.col("b"))).then(pl.lit(1)).otherwise(pl.lit(0))'],
    ["to_number", [a], 'pl.col("a").cast(pl.Float64, strict=False)'],
    ["to_integer", [a], 'pl.col("a").cast(pl.Int64, strict=False)'],
    ["to_text", [a], 'pl.col("a").cast(pl.String)'],
    ["to_date", [a, val("%Y-%m-%d")], 'pl.col("a").str.strptime(pl.Date, "%Y-%m-%d", strict=False)'],
  ];

  test.each(cases)("%s", (name, args, expected) => {
    expect(render(name, ...args)).toBe(expected);
  });

  test.each(cases)("%s parses as one Python expression", (name, args) => {
    const node: Node = parseExpression(render(name, ...args));
    expect(["call", "binary", "unary", "compare"]).toContain(node.kind);
  });

  test("every catalogue entry has a rendering case", () => {
    const covered = new Set(cases.map(([name]) => name));
    expect(FORMULA_FUNCTION_NAMES.filter((n) => !covered.has(n))).toEqual([]);
  });

  test("a missing argument is a bug the renderer reports, not a silent undefined", () => {
    expect(() => render("add", a)).toThrow(RangeError);
  });
});

describe("the catalogue's shape", () => {
  test("holds at least 35 functions with unique names, labels and descriptions", () => {
    expect(FORMULA_FUNCTIONS.length).toBeGreaterThanOrEqual(35);
    expect(new Set(FORMULA_FUNCTION_NAMES).size).toBe(FORMULA_FUNCTION_NAMES.length);
    for (const f of FORMULA_FUNCTIONS) {
      expect(f.name).toMatch(/^[a-z][a-z_]*$/);
      expect(f.label.length).toBeGreaterThan(0);
      expect(f.description.length).toBeGreaterThan(0);
    }
  });

  test("parameters: optional ones trail, only the last repeats, dates are columns, defaults fit", () => {
    for (const f of FORMULA_FUNCTIONS) {
      const firstOptional = f.params.findIndex((p) => p.optional);
      if (firstOptional >= 0) expect(f.params.slice(firstOptional).every((p) => p.optional)).toBe(true);
      f.params.forEach((p, i) => {
        if (p.repeat) expect(i).toBe(f.params.length - 1);
        if (["date", "datetime", "temporal"].includes(p.type)) expect(p.kind).toBe("column");
        if (p.default !== undefined) expect(p.optional).toBe(true);
      });
      const names = f.params.map((p) => p.name);
      for (const group of f.same_family ?? []) for (const n of group) expect(names).toContain(n);
      if (typeof f.returns === "object") expect(names).toContain(f.returns.same_as);
    }
  });

  test("formulaCatalogue is plain JSON without the renderers", () => {
    const catalogue = formulaCatalogue();
    expect(JSON.parse(JSON.stringify(catalogue))).toEqual(catalogue);
    expect(catalogue.map((e) => e.name)).toEqual(FORMULA_FUNCTION_NAMES);
    const pad = catalogue.find((e) => e.name === "pad_start");
    expect(pad?.params.map((p) => [p.name, p.kind, p.type])).toEqual([
      ["text", "either", "string"],
      ["width", "value", "integer"],
      ["fill", "value", "string"],
    ]);
  });
});

describe("the config schema", () => {
  test("function must be a catalogue name", () => {
    const ok = FormulaConfigSchema.safeParse({
      formulas: [{ output: "x", function: "upper", args: [{ column: "a" }] }],
    });
    expect(ok.success).toBe(true);
    const bad = FormulaConfigSchema.safeParse({ formulas: [{ output: "x", function: "eval", args: [] }] });
    expect(bad.success).toBe(false);
  });

  test("a value is text, a number, a boolean or null; an argument is a column or a value, not both", () => {
    const parse = (arg: unknown) =>
      FormulaConfigSchema.safeParse({ formulas: [{ output: "x", function: "add", args: [arg] }] }).success;
    expect([parse({ value: "s" }), parse({ value: 1 }), parse({ value: false }), parse({ value: null })]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([parse({ value: [1] }), parse({ value: { a: 1 } }), parse({}), parse({ column: "a", value: 1 })]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  test("the JSON schema lists the names and carries the catalogue under x-weft-catalogue", () => {
    const json = z.toJSONSchema(FormulaConfigSchema, { io: "input", unrepresentable: "any" }) as Record<
      string,
      unknown
    >;
    expect(json[CATALOGUE_KEY]).toEqual(formulaCatalogue());
    expect(JSON.stringify(json)).toContain(JSON.stringify(FORMULA_FUNCTION_NAMES));
  });
});
