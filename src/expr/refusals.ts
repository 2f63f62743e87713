import type { CompareOp } from "./ast";

/**
 * Why a name is refused, for the message: everything outside the catalogue is refused anyway,
 * but these say what the thing is (file I/O, a selector, a series constructor, SQL, a Python
 * callback) so the analyst knows it is not a typo. Checked for `pl.<name>` and for methods.
 */

const IO = "file and network I/O is not allowed in expressions";
const CALLBACK = "running Python code per value or per batch is not allowed in expressions";
const CONSTRUCTOR = "building Series or DataFrames is not allowed in expressions";
const SQL = "SQL inside expressions is not allowed";
const SELECTOR = "selectors are not supported in expressions (name the columns with pl.col)";

const BY_PATTERN: ReadonlyArray<[RegExp, string]> = [
  [/^(read|scan|write|sink)_/, IO],
  [/^from_/, CONSTRUCTOR],
];

const BY_NAME: Readonly<Record<string, string>> = {
  Series: CONSTRUCTOR,
  DataFrame: CONSTRUCTOR,
  LazyFrame: CONSTRUCTOR,
  Expr: CONSTRUCTOR,
  selectors: SELECTOR,
  cs: SELECTOR,
  sql: SQL,
  sql_expr: SQL,
  SQLContext: SQL,
  Config: "changing the Polars configuration is not allowed in expressions",
  map_elements: CALLBACK,
  map_batches: CALLBACK,
  map_groups: CALLBACK,
  map: CALLBACK,
  apply: CALLBACK,
  pipe: CALLBACK,
  eval: "evaluating nested expressions (list.eval, pl.element) is not supported",
  element: "evaluating nested expressions (list.eval, pl.element) is not supported",
  collect: "collecting is the engine's job, not an expression's",
  serialize: IO,
  deserialize: IO,
  int_range: "generating ranges is not supported in expressions",
  int_ranges: "generating ranges is not supported in expressions",
  repeat: "generating repeated values is not supported in expressions",
  repeat_by: "generating repeated values is not supported in expressions",
  extend_constant: "generating repeated values is not supported in expressions",
  plugins: CALLBACK,
  register_plugin_function: CALLBACK,
};

/** The reason `name` is refused by name, if it is one of the known dangerous or unsupported kinds. */
export function refusedReason(name: string): string | undefined {
  if (Object.hasOwn(BY_NAME, name)) return BY_NAME[name];
  return BY_PATTERN.find(([pattern]) => pattern.test(name))?.[1];
}

/** Python names outside the language, with what to write instead. */
export const NAME_HINTS: Readonly<Record<string, string>> = {
  col: "write pl.col(...)",
  lit: "write pl.lit(...)",
  when: "write pl.when(...)",
  polars: "the module is named pl",
  true: "Python spells it True",
  false: "Python spells it False",
  null: "Python spells it None",
  none: "Python spells it None",
  int: "for a data type write pl.Int64",
  float: "for a data type write pl.Float64",
  str: "for a data type write pl.String",
  bool: "for a data type write pl.Boolean",
};

/** The hint for a refused name, matched without case (`true` → True); own keys only, never Object.prototype's. */
export function nameHint(name: string): string | undefined {
  const key = name.toLowerCase();
  return Object.hasOwn(NAME_HINTS, key) ? NAME_HINTS[key] : undefined;
}

/** What to write instead of `a is b`, `a in b`, chained comparisons. */
export function compareHint(op: CompareOp): string | undefined {
  switch (op) {
    case "is":
      return "`is` is not supported: use .is_null() or == ";
    case "is not":
      return "`is not` is not supported: use .is_not_null() or !=";
    case "in":
      return "`in` is not supported: use .is_in([...])";
    case "not in":
      return "`not in` is not supported: use ~expr.is_in([...])";
    default:
      return undefined;
  }
}

/** A dunder (`__class__`) anywhere is refused: it is how Python sandboxes are escaped. */
export function isDunder(name: string): boolean {
  return name.length >= 4 && name.startsWith("__") && name.endsWith("__");
}

/** The message for a dunder name, attribute or argument. */
export const dunderRefusal = (name: string): string =>
  `${name} is not allowed: names that begin and end with two underscores reach into Python's internals`;

/** Indexing (`x[0]`, `x[1:2]`) is not part of the language; this says what to write instead. */
export const INDEXING_REFUSAL =
  "Indexing with [...] is not supported: use .list.get(i) for list items or .str.slice(...) for text";

/** Only these can be called; said when something else is (`f()()`, `(x)()`). */
export const ONLY_CALLS = 'Only pl functions, e.g. pl.col("a"), and methods, e.g. .sum(), can be called';

/** The power after `**` must be known when compiling: nodejs-polars has no column exponents. */
export const POWER_REFUSAL = "The power after ** must be a number written out, e.g. ** 2 (not a column)";

/** What a bare name (`amount`) is refused with: it reads as a column, so say how to write one. */
export function unknownNameMessage(name: string): string {
  return `Unknown name ${name}: ${nameHint(name) ?? `to use a column, write pl.col("${name}")`}`;
}
