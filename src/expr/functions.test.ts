import { describe, expect, test } from "bun:test";
import { acceptedFunctions, compileExpression, type ExprLimits, refreshAcceptedFunctions } from ".";
import { lookup } from "./catalog";
import type { Entry, Namespace, Param } from "./params";

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
};

/** A Python argument that fits a parameter, to call every listed name once. */
function sample(p: Param): string {
  if (p.choices) {
    const choice = p.choices.find((c) => c !== null) ?? null;
    return typeof choice === "string" ? JSON.stringify(choice) : String(choice);
  }
  switch (p.kind) {
    case "expr":
      return 'pl.col("x")';
    case "column_expr":
    case "names":
      return '"x"';
    case "columns":
      return '["x", pl.col("y")]';
    case "values":
      return "[1, 2]";
    case "dtype":
      return "pl.Date";
    case "int":
      return String(Math.max(p.min ?? 1, 1));
    case "number":
      return "0.5";
    case "bool":
      return "True";
    case "literal":
      return "1";
    case "string":
      if (p.name.includes("zone")) return '"UTC"';
      if (p.name === "every") return '"1d"';
      if (p.name === "fill_char") return '"*"';
      return '"%Y"';
  }
}

/** Special shapes: a when needs its then; fill_null needs a value. */
const OVERRIDES: Record<string, string> = {
  "pl.when": 'pl.when(pl.col("x")).then(1)',
  "expr.fill_null": 'pl.col("x").fill_null(0)',
};

function callOf(namespace: Namespace, name: string): string {
  const entry = lookup(namespace, name) as Entry;
  const key = `${namespace || "expr"}.${name}`;
  const override = OVERRIDES[key];
  if (override) return override;
  const args = entry.params.filter((p) => !("default" in p) && !p.variadic).map(sample);
  if (entry.params.some((p) => p.variadic) && args.length === 0) args.push('"x"');
  const call = `${name}(${args.join(", ")})`;
  if (namespace === "pl") return `pl.${call}`;
  return namespace ? `pl.col("x").${namespace}.${call}` : `pl.col("x").${call}`;
}

describe("acceptedFunctions()", () => {
  const lists = acceptedFunctions();

  test("serves the pl functions and the method lists by category", () => {
    expect(lists.table_level).toEqual(
      expect.arrayContaining(["col", "lit", "when", "coalesce", "concat_str", "len", "all"]),
    );
    expect(lists.column_methods.all).toEqual(
      expect.arrayContaining(["alias", "cast", "fill_null", "is_in", "over", "list.get"]),
    );
    expect(lists.column_methods.string).toEqual(
      expect.arrayContaining(["to_uppercase", "len_chars", "strip_chars", "contains"]),
    );
    expect(lists.column_methods.numeric).toEqual(expect.arrayContaining(["abs", "round", "sqrt", "cum_sum", "std"]));
    expect(lists.column_methods.datetime).toEqual(expect.arrayContaining(["year", "weekday", "strftime", "truncate"]));
  });

  test("lists nothing refused: no I/O, SQL, selectors, constructors, callbacks or JS names", () => {
    const everything = [
      ...lists.table_level,
      ...lists.column_methods.all,
      ...lists.column_methods.string,
      ...lists.column_methods.datetime,
    ];
    for (const name of everything) {
      expect(name).not.toMatch(
        /^(read|scan|write|sink|from)_|sql|selector|Series|DataFrame|map_|apply|pipe|eval|[A-Z]|__/,
      );
    }
    expect(lists.column_methods.string).not.toContain("to_titlecase");
  });

  test("numeric methods are expression methods", () => {
    for (const name of lists.column_methods.numeric) expect(lists.column_methods.all).toContain(name);
  });

  test("lists are sorted", () => {
    const sorted = (xs: string[]) => [...xs].sort();
    expect(lists.table_level).toEqual(sorted(lists.table_level));
    expect(lists.column_methods.string).toEqual(sorted(lists.column_methods.string));
    expect(lists.column_methods.datetime).toEqual(sorted(lists.column_methods.datetime));
  });

  test("is cached, and a refresh builds the lists again", () => {
    expect(acceptedFunctions()).toBe(lists);
    refreshAcceptedFunctions();
    const again = acceptedFunctions();
    expect(again).not.toBe(lists);
    expect(again).toEqual(lists);
  });
});

describe("every listed name is accepted by the checker and compiles", () => {
  const lists = acceptedFunctions();
  const calls = [
    ...lists.table_level.map((name) => callOf("pl", name)),
    ...lists.column_methods.all.map((name) =>
      name.startsWith("list.") ? callOf("list", name.slice(5)) : callOf("", name),
    ),
    ...lists.column_methods.string.map((name) => callOf("str", name)),
    ...lists.column_methods.datetime.map((name) => callOf("dt", name)),
  ];
  for (const source of calls) {
    test(source, () => {
      expect(compileExpression(source, LIMITS)).toBeDefined();
    });
  }
});
