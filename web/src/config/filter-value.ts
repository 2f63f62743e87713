/**
 * The value of the Filter tool's basic mode: typed from the text a user enters by the
 * column's dtype, and the equivalent expression when the user switches to expression mode.
 */

export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | FilterScalar[];

export interface BasicFilter {
  mode: "basic";
  column: string;
  operator: string;
  value?: FilterValue;
}

/** Operators that take no value, and those that take a list. */
export const NO_VALUE = new Set(["is_null", "is_not_null"]);
export const LIST_VALUE = new Set(["in", "not_in"]);

/** Words shown for the operators (the Server's names stay in the config). */
export const OPERATOR_LABELS: Record<string, string> = {
  "==": "equals",
  "!=": "does not equal",
  ">": "greater than",
  ">=": "at least",
  "<": "less than",
  "<=": "at most",
  is_null: "is empty (null)",
  is_not_null: "is not empty",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
  in: "is one of",
  not_in: "is none of",
  between: "is between",
};

const NUMERIC = /^(U?Int\d+|Float\d+|Decimal)/;

/** A value typed by the column's dtype: numbers for numeric columns, booleans for Boolean ones. */
export function parseScalar(text: string, dtype: string | undefined): FilterScalar {
  const trimmed = text.trim();
  if (dtype && NUMERIC.test(dtype) && trimmed !== "" && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (dtype === "Boolean" && (trimmed === "true" || trimmed === "false")) return trimmed === "true";
  return text;
}

/** A comma-separated list of values (for `in` / `not_in`); blank items are dropped. */
export function parseList(text: string, dtype: string | undefined): FilterScalar[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => parseScalar(part, dtype));
}

/** How a value is shown in its text field. */
export function formatValue(value: FilterValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map((v) => (v === null ? "" : String(v))).join(", ");
  return String(value);
}

/** A Python literal of a value. */
export function pyLiteral(value: FilterScalar): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** The expression a basic filter stands for (what switching to expression mode starts from). */
export function basicToExpression(filter: BasicFilter): string {
  if (!filter.column) return "";
  const col = `pl.col(${JSON.stringify(filter.column)})`;
  const value = filter.value ?? null;
  const list = Array.isArray(value) ? value : [value];
  const one = pyLiteral(list[0] ?? null);
  switch (filter.operator) {
    case "is_null":
      return `${col}.is_null()`;
    case "is_not_null":
      return `${col}.is_not_null()`;
    case "contains":
    case "starts_with":
    case "ends_with":
      return `${col}.str.${filter.operator}(${one})`;
    case "in":
      return `${col}.is_in([${list.map(pyLiteral).join(", ")}])`;
    case "not_in":
      return `~${col}.is_in([${list.map(pyLiteral).join(", ")}])`;
    case "between":
      return `${col}.is_between(${pyLiteral(list[0] ?? null)}, ${pyLiteral(list[1] ?? null)})`;
    default:
      return `${col} ${filter.operator} ${one}`;
  }
}
