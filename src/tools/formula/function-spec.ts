/**
 * The shape of a Formula catalogue entry: a named function with typed parameters that renders
 * itself as Python-Polars source text. Pure data and string building (no Polars), so the
 * config schema that lists the names loads in the Server process, which has no Polars.
 */

/**
 * What a parameter accepts. `number` is any numeric dtype, `integer` an integer dtype (or a
 * whole-number value), `temporal` a Date or Datetime column, `any` any non-nested type.
 */
export type ParamType = "number" | "integer" | "string" | "boolean" | "date" | "datetime" | "temporal" | "any";

/** Whether the argument is `{column}`, `{value}`, or either of them. */
export type ParamKind = "column" | "value" | "either";

/** One parameter of a catalogue function. */
export interface ParamSpec {
  name: string;
  label: string;
  kind: ParamKind;
  type: ParamType;
  /** The argument may be left out (only trailing parameters); see `default`. */
  optional?: boolean;
  /** Used when an optional argument is left out; without one the function renders without it. */
  default?: string | number | boolean;
  /** The last parameter may repeat: it takes at least `min` arguments. */
  repeat?: { min: number };
  /** A number value must be at least this. */
  min?: number;
  /** A number value above the server's repeated-string limit is refused (a pad width). */
  max?: "string_repeat";
  /** A text value must be one character (a fill), or not empty (a text to find). */
  text?: "char" | "nonempty";
  /** A null value is accepted (a fallback, a `then`); elsewhere null is a mistake. */
  nullable?: boolean;
}

/** An argument ready to be written into Python source. */
export interface PyArg {
  /** As an expression: `pl.col("x")` for a column, `pl.lit(5)` for a value. */
  expr: string;
  /** The bare Python literal for a value (`5`, `"x"`, `None`); the column expression otherwise. */
  operand: string;
  /** The column's dtype as Python Polars names it (`Date`, `Datetime(us)`); null for a value. */
  dtype: string | null;
}

/** What a function returns: a type, or the type of one of its parameters. */
export type ReturnSpec = ParamType | { same_as: string };

export type FunctionCategory =
  | "arithmetic"
  | "rounding"
  | "text"
  | "date"
  | "null"
  | "comparison"
  | "logic"
  | "conversion";

/** One catalogue function. */
export interface FormulaFunction {
  name: string;
  label: string;
  category: FunctionCategory;
  description: string;
  params: readonly ParamSpec[];
  returns: ReturnSpec;
  /**
   * Parameters whose arguments must be of one family (numbers, text, dates, booleans), as
   * Polars refuses to compare or merge text with numbers.
   */
  same_family?: readonly (readonly string[])[];
  /** The Python-Polars expression text, from one argument per parameter (repeats flattened). */
  python(args: readonly PyArg[]): string;
}

/** A column parameter. */
export function column(name: string, label: string, type: ParamType): ParamSpec {
  return { name, label, kind: "column", type };
}

/** A parameter that takes a column or a literal value. */
export function either(name: string, label: string, type: ParamType): ParamSpec {
  return { name, label, kind: "either", type };
}

/** A literal parameter (a count, a width, a format); `extra` sets a default or bounds. */
export function value(name: string, label: string, type: ParamType, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { name, label, kind: "value", type, ...extra };
}

/** The i-th argument; the argument checker guarantees one per parameter, so a gap is a bug. */
export function arg(args: readonly PyArg[], i: number): PyArg {
  const a = args[i];
  if (!a) throw new RangeError(`Formula function called with ${args.length} arguments, needs argument ${i + 1}`);
  return a;
}

/** `(<left> <op> <right>)`: a literal on the left becomes `pl.lit(...)` so the result is an expression. */
export function binary(args: readonly PyArg[], op: string): string {
  return `(${arg(args, 0).expr} ${op} ${arg(args, 1).operand})`;
}
