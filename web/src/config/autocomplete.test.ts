import { describe, expect, test } from "bun:test";
import type { FunctionLists } from "../lib/api";
import { applyCompletion, completionContext, completions, openQuote } from "./autocomplete";

const columns = [
  { name: "price", dtype: "Float64" },
  { name: "qty", dtype: "Int64" },
  { name: "unit price", dtype: "Float64" },
  { name: "day", dtype: "Date" },
];
const functions: FunctionLists = {
  table_level: ["col", "lit", "when", "sum"],
  column_methods: {
    all: ["abs", "alias", "cast", "sum", "list.len", "list.first"],
    string: ["contains", "to_uppercase", "to_lowercase"],
    numeric: ["abs"],
    datetime: ["year", "month"],
  },
};
const at = (text: string, forced = false) => completionContext(text, text.length, forced);

describe("completionContext", () => {
  test.each([
    ['pl.col("pr', "column", "pr"],
    ["pl.col('", "column", ""],
    ["pl.", "table", ""],
    ["1 + pl.wh", "table", "wh"],
    ['pl.col("a").', "method", ""],
    ['pl.col("a").ca', "method", "ca"],
    ['pl.col("a").str.to_u', "str", "to_u"],
    ['pl.col("a").dt.', "dt", ""],
    ['pl.col("a").list.l', "list", "l"],
    ["pri", "word", "pri"],
    ["(qt", "word", "qt"],
  ])("%s → %s %s", (text, kind, prefix) => {
    const ctx = at(text);
    expect(ctx?.kind).toBe(kind as never);
    expect(ctx?.prefix).toBe(prefix);
    expect(ctx?.from).toBe(text.length - prefix.length);
  });

  test.each([['"some text'], ['pl.lit("a.b'], ["1."], ["1.5"], ["x > 2.2"], [""], ["a "]])("nothing in %p", (text) => {
    expect(at(text)).toBeNull();
  });

  test("a forced completion (Ctrl+Space) offers columns at an empty place", () => {
    expect(at("1 + ", true)).toEqual({ kind: "word", prefix: "", from: 4, to: 4 });
    expect(at("", true)?.kind).toBe("word");
  });

  test("the range covers the rest of a word or of a quoted name", () => {
    const text = 'pl.col("pr") + pl.col("a").ab';
    expect(completionContext(text, 10)).toMatchObject({ kind: "column", from: 8, to: 10 });
    expect(completionContext("pl.wh(1)", 4)).toMatchObject({ kind: "table", prefix: "w", from: 3, to: 5 });
  });
});

describe("completions", () => {
  test("columns inside pl.col, with their dtype, prefix matches first", () => {
    const list = completions({ kind: "column", prefix: "pr", from: 0, to: 0, quote: '"' }, columns, functions);
    expect(list.map((c) => c.label)).toEqual(["price", "unit price"]);
    expect(list[0]?.detail).toBe("Float64");
  });

  test("a bare word offers pl.col of the matching columns", () => {
    const list = completions({ kind: "word", prefix: "q", from: 0, to: 1 }, columns, functions);
    expect(list.map((c) => c.insert)).toEqual(['pl.col("qty")']);
  });

  test("functions after pl., methods after a dot, namespaces apart", () => {
    expect(completions({ kind: "table", prefix: "", from: 0, to: 0 }, [], functions).map((c) => c.label)).toEqual(
      functions.table_level,
    );
    const methods = completions({ kind: "method", prefix: "", from: 0, to: 0 }, [], functions).map((c) => c.label);
    expect(methods.slice(0, 3)).toEqual(["str.", "dt.", "list."]);
    expect(methods).toContain("cast");
    expect(methods).not.toContain("list.len");
    expect(completions({ kind: "str", prefix: "to_", from: 0, to: 0 }, [], functions).map((c) => c.label)).toEqual([
      "to_uppercase",
      "to_lowercase",
    ]);
    expect(completions({ kind: "list", prefix: "", from: 0, to: 0 }, [], functions).map((c) => c.label)).toEqual([
      "len",
      "first",
    ]);
  });

  test("a quote in a column name is escaped", () => {
    const list = completions({ kind: "column", prefix: "", from: 0, to: 0, quote: '"' }, [{ name: 'a"b', dtype: "" }], {
      ...functions,
    });
    expect(list[0]?.insert).toBe('a\\"b');
  });
});

describe("applyCompletion", () => {
  const apply = (text: string, caret: number, pick: string) => {
    const ctx = completionContext(text, caret);
    if (!ctx) throw new Error("no context");
    const item = completions(ctx, columns, functions).find((c) => c.label === pick);
    if (!item) throw new Error(`no ${pick}`);
    return applyCompletion(text, ctx, item);
  };

  test("a column name gets its closing quote and paren", () => {
    expect(apply('pl.col("pr', 10, "price")).toEqual({ text: 'pl.col("price")', caret: 15 });
  });

  test("an existing closing quote is stepped over", () => {
    expect(apply('pl.col("pr") > 1', 10, "price")).toEqual({ text: 'pl.col("price") > 1', caret: 15 });
  });

  test("a function gets its paren; pl.col its quote", () => {
    expect(apply("pl.wh", 5, "when")).toEqual({ text: "pl.when(", caret: 8 });
    expect(apply("pl.c", 4, "col")).toEqual({ text: 'pl.col("', caret: 8 });
    expect(apply('pl.col("a").str.to_u', 20, "to_uppercase")).toEqual({
      text: 'pl.col("a").str.to_uppercase(',
      caret: 29,
    });
  });

  test("a paren that is there already is kept single", () => {
    expect(apply("pl.wh(1)", 5, "when")).toEqual({ text: "pl.when(1)", caret: 7 });
  });

  test("a namespace is inserted with its dot, a word becomes pl.col", () => {
    expect(apply('pl.col("a").s', 13, "str.").text).toBe('pl.col("a").str.');
    expect(apply("1 + pri * 2", 7, 'pl.col("price")')).toEqual({ text: '1 + pl.col("price") * 2', caret: 19 });
  });
});

test("openQuote follows escapes", () => {
  expect(openQuote('"a\\"b')).toBe('"');
  expect(openQuote('"a" + "b"')).toBeUndefined();
  expect(openQuote("'it")).toBe("'");
});
