import pl from "nodejs-polars";
import type { MetadataResult } from "./job";

/** Functions of the `pl` namespace that build expressions (as opposed to reading files). */
const TABLE_LEVEL = [
  "col",
  "lit",
  "when",
  "len",
  "concatString",
  "concatList",
  "first",
  "last",
  "count",
  "sum",
  "mean",
  "min",
  "max",
  "median",
  "std",
  "var",
  "nUnique",
  "quantile",
  "cov",
  "corr",
  "head",
  "tail",
  "exclude",
  "intRange",
];

const NUMERIC = [
  "abs",
  "ceil",
  "floor",
  "round",
  "sqrt",
  "log",
  "exp",
  "clip",
  "pow",
  "sum",
  "mean",
  "median",
  "min",
  "max",
  "std",
  "var",
];

/** Where Python Polars spells a method differently from nodejs-polars. */
const PYTHON_NAMES: Record<string, string> = {
  toLowerCase: "to_lowercase",
  toUpperCase: "to_uppercase",
  lengths: "len_chars",
  lstrip: "strip_chars_start",
  rstrip: "strip_chars_end",
  zFill: "zfill",
};

let known: MetadataResult["functions"] | undefined;

/**
 * The functions an expression may use, introspected from the installed nodejs-polars and
 * named as in Python Polars (snake_case). The expression language (a later issue) narrows
 * this to exactly what its evaluator accepts.
 */
export function polarsFunctions(): MetadataResult["functions"] {
  if (known) return known;
  const expr = pl.col("x");
  const all = methodsOf(expr);
  known = {
    table_level: TABLE_LEVEL.filter(
      (name) => typeof (pl as unknown as Record<string, unknown>)[name] === "function",
    ).map(pythonName),
    column_methods: { all, string: methodsOf(expr.str), numeric: NUMERIC.filter((m) => all.includes(m)) },
  };
  return known;
}

function methodsOf(target: object): string[] {
  const names = new Set([...Object.keys(target), ...Object.getOwnPropertyNames(Object.getPrototypeOf(target))]);
  return [...names]
    .filter(
      (name) =>
        !name.startsWith("_") &&
        !(name in Object.prototype) &&
        typeof (target as Record<string, unknown>)[name] === "function",
    )
    .map(pythonName)
    .sort();
}

function pythonName(name: string): string {
  return PYTHON_NAMES[name] ?? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
