import type pl from "nodejs-polars";
import type { DataType } from "nodejs-polars";

/**
 * The vocabulary of the catalogue: what a parameter accepts, and the shape of one accepted
 * function or method. Kept apart from catalog.ts so that the entry files and the dtype table
 * can share it without importing each other.
 */

/** A literal default or choice: Python's int/float (as number), str, bool, None (null). */
export type Literal = string | number | boolean | null;

/**
 * What an argument may be.
 * - `expr`: any expression; a literal is a literal value (`fill_null("x")` fills with text).
 * - `column_expr`: any expression; a bare string names a column (`then("a")`, `clip("lo")`),
 *   as Python Polars parses most expression inputs.
 * - `columns`: one column name or expression, or a list of them (strings name columns).
 * - `names`: one column name, or a list or tuple of them (`pl.col`, `exclude`).
 * - `values`: a list or tuple of literals (one Series), or an expression (`is_in`, `replace`);
 *   a scalar literal too where `scalars` is set.
 * - `string`, `int`, `number`, `bool`: a literal of that type.
 * - `dtype`: a data type, `pl.Int64` or `pl.Datetime("ms")`.
 * - `literal`: any scalar literal (`pl.lit`).
 */
export type ArgKind =
  | "expr"
  | "column_expr"
  | "columns"
  | "names"
  | "values"
  | "string"
  | "int"
  | "number"
  | "bool"
  | "dtype"
  | "literal";

/** One parameter, with its Python name. */
export interface Param {
  readonly name: string;
  readonly kind: ArgKind;
  /** The value when the argument is left out; absent means required; `null` is None. */
  readonly default?: Literal;
  /** After `*` in the Python signature: only accepted as `name=value`. */
  readonly keywordOnly?: boolean;
  /** Python's `*name`: takes the remaining positional arguments. */
  readonly variadic?: boolean;
  /** The only literal values accepted (e.g. rank methods; `False` where nodejs-polars has no other). */
  readonly choices?: readonly Literal[];
  /** Bounds of an int or number literal. */
  readonly min?: number;
  readonly max?: number;
  /** A length bounded by `limits.maxExprStringRepeat` (padding), or an exponent by `maxExprPowerExponent`. */
  readonly bound?: "repeat" | "power";
  /** A `values` parameter that also takes one scalar literal (`replace(1, 2)`). */
  readonly scalars?: boolean;
}

/** Where a name lives: `pl.<fn>`, `<expr>.<method>`, `<expr>.str.<m>`, `.dt.`, `.list.`. */
export type Namespace = "pl" | "" | "str" | "dt" | "list";

/** The introspection lists a method is served in. */
export type Category = "all" | "numeric" | "string" | "datetime";

/** The arguments of one call as the compiler hands them to an entry's build function. */
export interface Args {
  /** An expression argument (literals become `pl.lit`, strings columns where the kind says so). */
  expr(name: string): pl.Expr;
  /** Like expr, but undefined when the argument is None or left out with a None default. */
  optExpr(name: string): pl.Expr | undefined;
  /** A `columns` or variadic argument: every expression it holds. */
  exprs(name: string): pl.Expr[];
  /** A `names` argument (and a variadic of strings): the column names. */
  names(name: string): string[];
  /**
   * A `values` argument: a literal list as one typed Series literal, a scalar as a literal, or
   * the expression given. `untyped` when the list is empty or holds only None (no dtype to give).
   */
  values(name: string): { expr: pl.Expr; untyped: false } | { untyped: true; hasNone: boolean };
  /** Refuses the call with a message about one argument (at that argument's position). */
  fail(name: string, message: string): never;
  /** A literal argument (or its default); ints arrive as numbers. */
  literal(name: string): Literal;
  str(name: string): string;
  optStr(name: string): string | undefined;
  int(name: string): number;
  optInt(name: string): number | undefined;
  num(name: string): number;
  bool(name: string): boolean;
  dtype(name: string): DataType;
  optDtype(name: string): DataType | undefined;
}

interface EntryBase {
  /** The Python name. */
  readonly name: string;
  readonly params: readonly Param[];
  readonly category: Category;
  /**
   * The nodejs-polars members the build uses, as `expr.<m>`, `str.<m>`, `dt.<m>`, `list.<m>`,
   * `pl.<fn>` or `native.<m>` (a method of the native expression object, for the Python
   * semantics the JS layer does not expose). An entry whose member is missing in the installed
   * nodejs-polars is dropped, so the checker refuses it.
   */
  readonly uses: readonly string[];
  /** A rule across arguments (fill_null needs a value or a strategy); returns why it is refused. */
  readonly validate?: (
    given: ReadonlySet<string>,
    literal: (name: string) => Literal | undefined,
  ) => string | undefined;
}

/** A `pl.<function>`. */
export interface FunctionEntry extends EntryBase {
  readonly namespace: "pl";
  /** `when`: the build returns the predicate, which the compiler wraps in `pl.when`. */
  readonly returns?: "when";
  readonly build: (args: Args) => pl.Expr;
}

/** An expression method, `<expr>.<name>` or `<expr>.<namespace>.<name>`. */
export interface MethodEntry extends EntryBase {
  readonly namespace: "" | "str" | "dt" | "list";
  readonly build: (self: pl.Expr, args: Args) => pl.Expr;
}

/** One accepted function or method. */
export type Entry = FunctionEntry | MethodEntry;

/** Shorthands for parameter lists. */
export const param = {
  expr: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "expr", ...extra }),
  col: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "column_expr", ...extra }),
  columns: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "columns", ...extra }),
  values: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "values", ...extra }),
  str: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "string", ...extra }),
  int: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "int", ...extra }),
  num: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "number", ...extra }),
  bool: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "bool", ...extra }),
  dtype: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "dtype", ...extra }),
  literal: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "literal", ...extra }),
  names: (name: string, extra: Partial<Param> = {}): Param => ({ name, kind: "names", ...extra }),
  /** `*more_exprs`: further column names or expressions (each may be a list, as in Python). */
  more: (name = "more_exprs"): Param => ({ name, kind: "columns", variadic: true }),
};

/** A keyword-only flag that nodejs-polars supports only at its Python default. */
export function fixedFlag(name: string, value: Literal): Param {
  return {
    name,
    kind: typeof value === "boolean" ? "bool" : "string",
    default: value,
    keywordOnly: true,
    choices: [value],
  };
}

/** Options of an entry beyond its name, uses and build. */
export interface EntryOptions {
  params?: readonly Param[];
  category?: Category;
  validate?: EntryBase["validate"];
}

/** A method entry; `uses` may be one member or several. */
export function method(
  namespace: MethodEntry["namespace"],
  name: string,
  uses: string | readonly string[],
  build: MethodEntry["build"],
  options: EntryOptions = {},
): MethodEntry {
  const { params = [], category = "all", validate } = options;
  return { namespace, name, params, category, uses: typeof uses === "string" ? [uses] : uses, build, validate };
}
