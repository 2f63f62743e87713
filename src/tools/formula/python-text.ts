/**
 * Python source text for the Formula tool's arguments. A catalogue entry renders itself as a
 * Python-Polars expression from these pieces; the text is compiled by the expression language
 * and can be pasted unchanged into generated Python.
 */

/** A formula argument's literal value, as the config carries it. */
export type FormulaValue = string | number | boolean | null;

/**
 * A Python string literal. JSON's escapes (`\"`, `\\`, `\n`, `\uXXXX`, ...) are all Python
 * escapes with the same meaning, and every other character is written as itself, which a
 * UTF-8 Python source accepts; so any column name or text survives the round trip.
 */
export function pyString(text: string): string {
  return JSON.stringify(text);
}

/** A Python literal: strings quoted, numbers as written, True/False, None. */
export function pyLiteral(value: FormulaValue): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") {
    // JSON has no NaN or Infinity; a caller passing one has a bug, not a user mistake.
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    // String(1e21) is "1e+21", a valid Python float; negative numbers keep their sign.
    return String(value);
  }
  return pyString(value);
}

/** `pl.col("<name>")`. */
export function pyCol(name: string): string {
  return `pl.col(${pyString(name)})`;
}

/** `pl.lit(<literal>)`: a value where an expression is needed (a method's receiver, `then`). */
export function pyLit(value: FormulaValue): string {
  return `pl.lit(${pyLiteral(value)})`;
}
