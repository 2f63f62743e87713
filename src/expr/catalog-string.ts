import pl, { type DataType } from "nodejs-polars";
import { callNative } from "./native";
import { type Args, fixedFlag, type MethodEntry, method, type Param, param } from "./params";

/**
 * The `.str` methods. nodejs-polars 0.26.1 names several differently (`lengths` for
 * `len_chars`, `toUpperCase`, `concat` for `join`) and lacks some (to_titlecase,
 * count_matches, len_bytes, reverse): those entries name the JS method a later version would
 * have, so introspection drops them today. `to_date`, `to_datetime` and `strptime` call the
 * native parsers, because the JS `strptime` is never strict (Python's default is).
 */

const s = (
  name: string,
  uses: string | string[],
  build: MethodEntry["build"],
  params: Param[] = [],
  validate?: MethodEntry["validate"],
) => method("str", name, uses, build, { params, category: "string", validate });

/** A string method a later nodejs-polars may have: called by name, so its absence today only drops the entry. */
const later =
  (js: string, ...args: unknown[]) =>
  (self: pl.Expr): pl.Expr =>
    (self.str as unknown as Record<string, (...a: unknown[]) => pl.Expr>)[js]?.(...args) as pl.Expr;

const literal = param.bool("literal", { default: false, keywordOnly: true });
const length = (name: string) => param.int(name, { min: 0, bound: "repeat" });
const parseFlags = [
  param.bool("strict", { default: true, keywordOnly: true }),
  param.bool("exact", { default: true, keywordOnly: true }),
  param.bool("cache", { default: true, keywordOnly: true }),
];

function oneCharacter(_given: ReadonlySet<string>, value: (name: string) => unknown): string | undefined {
  const fill = value("fill_char");
  return typeof fill === "string" && Array.from(fill).length !== 1
    ? "needs fill_char of exactly one character"
    : undefined;
}

function toDate(self: pl.Expr, a: Args): pl.Expr {
  return callNative(self, "strToDate", a.optStr("format"), a.bool("strict"), a.bool("exact"), a.bool("cache"));
}

function toDatetime(self: pl.Expr, a: Args, unit: string | undefined, zone: string | undefined): pl.Expr {
  return callNative(
    self,
    "strToDatetime",
    a.optStr("format"),
    unit,
    zone,
    a.bool("strict"),
    a.bool("exact"),
    a.bool("cache"),
  );
}

function strptime(self: pl.Expr, a: Args): pl.Expr {
  const dtype: DataType = a.dtype("dtype");
  if (dtype.variant === "Date") return toDate(self, a);
  if (dtype.variant === "Datetime") {
    const [unit, zone] = (dtype as DataType.Datetime).inner as [string | undefined, string | undefined];
    return toDatetime(self, a, unit ?? "us", zone || undefined);
  }
  return a.fail(
    "dtype",
    "must be pl.Date or pl.Datetime (text can be parsed to dates and times only; for numbers use .cast(...))",
  );
}

export const STRING_METHODS: readonly MethodEntry[] = [
  s("to_uppercase", "str.toUpperCase", (e) => e.str.toUpperCase()),
  s("to_lowercase", "str.toLowerCase", (e) => e.str.toLowerCase()),
  s("to_titlecase", "str.toTitleCase", later("toTitleCase")),
  // The cast: nodejs-polars 0.26 plans str.lengths() as String (an untyped map), so without it
  // `qty + len_chars()` and a sum of it are refused before any row is read (found by P3 of `npm run bench`).
  s("len_chars", "str.lengths", (e) => e.str.lengths().cast(pl.UInt32)),
  s("len_bytes", "str.lenBytes", later("lenBytes")),
  s("reverse", "str.reverse", later("reverse")),
  s("contains", "str.contains", (e, a) => e.str.contains(a.expr("pattern"), a.bool("literal"), a.bool("strict")), [
    param.expr("pattern"),
    literal,
    param.bool("strict", { default: true, keywordOnly: true }),
  ]),
  s("count_matches", "str.countMatches", (e, a) => later("countMatches", a.expr("pattern"), a.bool("literal"))(e), [
    param.expr("pattern"),
    literal,
  ]),
  s("starts_with", "str.startsWith", (e, a) => e.str.startsWith(a.expr("prefix")), [param.expr("prefix")]),
  s("ends_with", "str.endsWith", (e, a) => e.str.endsWith(a.expr("suffix")), [param.expr("suffix")]),
  s(
    "replace",
    "str.replace",
    (e, a) => e.str.replace(a.expr("pattern"), a.expr("value"), a.bool("literal"), a.int("n")),
    [
      param.expr("pattern"),
      param.expr("value"),
      literal,
      param.int("n", { default: 1, min: 1, max: 2 ** 31 - 1, keywordOnly: true }),
    ],
  ),
  s(
    "replace_all",
    "str.replaceAll",
    (e, a) => e.str.replaceAll(a.expr("pattern"), a.expr("value"), a.bool("literal")),
    [param.expr("pattern"), param.expr("value"), literal],
  ),
  s("strip_chars", "str.stripChars", (e, a) => e.str.stripChars(a.optExpr("characters") ?? pl.lit(null)), [
    param.expr("characters", { default: null }),
  ]),
  s(
    "strip_chars_start",
    "str.stripCharsStart",
    (e, a) => e.str.stripCharsStart(a.optExpr("characters") ?? pl.lit(null)),
    [param.expr("characters", { default: null })],
  ),
  s("strip_chars_end", "str.stripCharsEnd", (e, a) => e.str.stripCharsEnd(a.optExpr("characters") ?? pl.lit(null)), [
    param.expr("characters", { default: null }),
  ]),
  s(
    "pad_start",
    "str.padStart",
    (e, a) => e.str.padStart(a.int("length"), a.str("fill_char")),
    [length("length"), param.str("fill_char", { default: " " })],
    oneCharacter,
  ),
  s(
    "pad_end",
    "str.padEnd",
    (e, a) => e.str.padEnd(a.int("length"), a.str("fill_char")),
    [length("length"), param.str("fill_char", { default: " " })],
    oneCharacter,
  ),
  s("zfill", "str.zFill", (e, a) => e.str.zFill(a.int("length")), [length("length")]),
  s("slice", "str.slice", (e, a) => e.str.slice(a.int("offset"), a.optInt("length")), [
    param.int("offset", { min: -(2 ** 31), max: 2 ** 31 - 1 }),
    param.int("length", { default: null, min: 0, max: 2 ** 31 - 1 }),
  ]),
  s("head", "str.slice", (e, a) => e.str.slice(0, a.int("n")), [param.int("n", { min: 0, max: 2 ** 31 - 1 })]),
  s("tail", "str.slice", (e, a) => (a.int("n") === 0 ? e.str.slice(0, 0) : e.str.slice(-a.int("n"))), [
    param.int("n", { min: 0, max: 2 ** 31 - 1 }),
  ]),
  s("split", "str.split", (e, a) => e.str.split(a.str("by"), { inclusive: a.bool("inclusive") }), [
    param.str("by"),
    param.bool("inclusive", { default: false, keywordOnly: true }),
  ]),
  s("extract", "str.extract", (e, a) => e.str.extract(a.str("pattern"), a.int("group_index")), [
    param.str("pattern"),
    param.int("group_index", { default: 1, min: 0, max: 1000 }),
  ]),
  s("to_date", "native.strToDate", toDate, [param.str("format", { default: null }), ...parseFlags]),
  s("to_datetime", "native.strToDatetime", (e, a) => toDatetime(e, a, a.optStr("time_unit"), a.optStr("time_zone")), [
    param.str("format", { default: null }),
    param.str("time_unit", { default: null, choices: [null, "ms", "us", "ns"], keywordOnly: true }),
    param.str("time_zone", { default: null, keywordOnly: true }),
    ...parseFlags,
    fixedFlag("ambiguous", "raise"),
  ]),
  s("strptime", ["native.strToDate", "native.strToDatetime"], strptime, [
    param.dtype("dtype"),
    param.str("format", { default: null }),
    ...parseFlags,
    fixedFlag("ambiguous", "raise"),
  ]),
  s("json_path_match", "str.jsonPathMatch", (e, a) => e.str.jsonPathMatch(a.str("json_path")), [
    param.str("json_path"),
  ]),
  s("join", "str.concat", (e, a) => e.str.concat(a.str("delimiter"), a.bool("ignore_nulls")), [
    param.str("delimiter", { default: "" }),
    param.bool("ignore_nulls", { default: true, keywordOnly: true }),
  ]),
];
