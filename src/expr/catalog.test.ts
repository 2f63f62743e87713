import { afterEach, describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { acceptedFunctions, compileExpression, type ExprLimits, refreshAcceptedFunctions } from ".";
import { availableEntries, CATALOG, type Entry, installedProbe, isAvailable, lookup } from "./catalog";
import { ExpressionError } from "./expression-error";

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
};
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*_?$/;
const label = (e: Entry) => `${e.namespace || "expr"}.${e.name}`;

describe("the catalogue", () => {
  test("covers what analysts use: at least 60 available functions and methods", () => {
    expect(availableEntries().length).toBeGreaterThanOrEqual(60);
    for (const name of [
      "abs",
      "round",
      "fill_null",
      "is_in",
      "cast",
      "alias",
      "over",
      "cum_sum",
      "rank",
      "shift",
      "clip",
    ])
      expect(lookup("", name)?.name).toBe(name);
    for (const name of ["to_uppercase", "len_chars", "strip_chars", "contains", "replace", "slice", "split"])
      expect(lookup("str", name)?.name).toBe(name);
    for (const name of ["year", "month", "weekday", "ordinal_day", "strftime", "truncate"])
      expect(lookup("dt", name)?.name).toBe(name);
    for (const name of ["col", "lit", "when", "coalesce", "concat_str"]) expect(lookup("pl", name)?.name).toBe(name);
  });

  test("names each entry once, in Python's snake_case, parameters too", () => {
    const labels = CATALOG.map(label);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    for (const entry of CATALOG) {
      expect({ entry: label(entry), ok: SNAKE.test(entry.name) }).toEqual({ entry: label(entry), ok: true });
      for (const p of entry.params)
        expect({ entry: label(entry), param: p.name, ok: SNAKE.test(p.name) }).toMatchObject({ ok: true });
    }
  });

  test("defaults are among the choices, and only one variadic parameter comes after the positional ones", () => {
    for (const entry of CATALOG) {
      for (const p of entry.params)
        if (p.choices && "default" in p)
          expect({ entry: label(entry), p: p.name, ok: p.choices.includes(p.default ?? null) }).toMatchObject({
            ok: true,
          });
      expect(entry.params.filter((p) => p.variadic).length).toBeLessThanOrEqual(1);
    }
  });

  test("every member a build uses is named where the probe can find it", () => {
    for (const entry of CATALOG)
      for (const use of entry.uses) expect(use).toMatch(/^(pl|expr|str|dt|list|native)\.[A-Za-z][A-Za-z0-9]*$/);
  });

  test("drops exactly the entries whose nodejs-polars member is missing (0.26.1 lacks these)", () => {
    const dropped = CATALOG.filter((e) => !isAvailable(e))
      .map(label)
      .sort();
    expect(dropped).toEqual(["str.count_matches", "str.len_bytes", "str.reverse", "str.to_titlecase"]);
    expect(lookup("str", "to_titlecase")).toBeUndefined();
  });

  test("a probe decides availability member by member", () => {
    const entry = CATALOG.find((e) => e.namespace === "" && e.name === "abs") as Entry;
    expect(isAvailable(entry, () => true)).toBe(true);
    expect(isAvailable(entry, (member) => member !== "expr.abs")).toBe(false);
    expect(installedProbe("expr.abs")).toBe(true);
    expect(installedProbe("expr.noSuchMethod")).toBe(false);
    expect(installedProbe("bogus.abs")).toBe(false);
    expect(installedProbe("native.truediv")).toBe(true);
  });

  test("JavaScript names and Object.prototype members are not entries", () => {
    for (const name of ["toUpperCase", "constructor", "toString", "__proto__", "hasOwnProperty", "isNull", "cumSum"]) {
      expect(lookup("", name)).toBeUndefined();
      expect(lookup("str", name)).toBeUndefined();
      expect(lookup("pl", name)).toBeUndefined();
    }
  });
});

describe("introspection follows the installed nodejs-polars", () => {
  const nativePrototype = Object.getPrototypeOf((pl.col("x") as unknown as { _expr: object })._expr) as Record<
    string,
    unknown
  >;
  const saved = nativePrototype.durationDays;

  afterEach(() => {
    nativePrototype.durationDays = saved;
    refreshAcceptedFunctions();
  });

  test("a method missing from the installed version is dropped from the lists and refused", () => {
    expect(acceptedFunctions().column_methods.datetime).toContain("total_days");
    delete nativePrototype.durationDays;
    expect(acceptedFunctions().column_methods.datetime).toContain("total_days"); // cached until refreshed
    refreshAcceptedFunctions();
    expect(acceptedFunctions().column_methods.datetime).not.toContain("total_days");
    expect(() => compileExpression('pl.col("d").dt.total_days()', LIMITS)).toThrow(ExpressionError);
    expect(() => compileExpression('pl.col("d").dt.total_hours()', LIMITS)).not.toThrow();
  });

  test("it comes back after a refresh once present again", () => {
    delete nativePrototype.durationDays;
    refreshAcceptedFunctions();
    expect(acceptedFunctions().column_methods.datetime).not.toContain("total_days");
    nativePrototype.durationDays = saved;
    refreshAcceptedFunctions();
    expect(acceptedFunctions().column_methods.datetime).toContain("total_days");
    expect(() => compileExpression('pl.col("d").dt.total_days()', LIMITS)).not.toThrow();
  });
});
