import type { DataType } from "nodejs-polars";
import pl from "nodejs-polars";
import { ToolConfigError } from "../../shared/errors";
import { requireColumns } from "../column-checks";
import { dtypeName } from "../dtype";
import type { FrameSchema, ToolContext } from "../types";
import { type FilterColumn, kindOf, literalFor, membership } from "./literal";
import type { BasicFilterConfig, FilterOperator, FilterScalar, FilterValue } from "./schema";

const ORDER_OPERATORS = new Set<FilterOperator>([">", ">=", "<", "<=", "between"]);
const TEXT_OPERATORS = new Set<FilterOperator>(["contains", "starts_with", "ends_with"]);
const LIST_OPERATORS = new Set<FilterOperator>(["in", "not_in"]);

/**
 * The row mask of a basic filter: true where the row goes to `output-true`. It is never null:
 * a null cell satisfies only `is_null` (and `!=`, `not_in` are false for it, as in SQL), so
 * `mask` and `mask.not()` split the input into two parts that hold every row once.
 * Values are checked against the column's dtype here, at build time, so a mistake is a 400
 * before any data is read.
 */
export function conditionFor(config: BasicFilterConfig, schema: FrameSchema, ctx: ToolContext): pl.Expr {
  requireColumns(schema, [config.column], "column", ctx);
  const dtype = schema[config.column] as DataType;
  const column: FilterColumn = { toolId: ctx.toolId, name: config.column, dtype, kind: kindOf(dtype) };
  const col = pl.col(config.column);
  const op = config.operator;
  if (op === "is_null") return col.isNull();
  if (op === "is_not_null") return col.isNotNull();

  checkOperatorFits(column, op);
  // Categories compare as their text: `contains` and ordering need a String.
  const subject =
    column.kind === "string" && dtype.variant !== "String" && dtype.variant !== "Utf8" ? col.cast(pl.String) : col;
  return col
    .isNotNull()
    .and(comparison(column, subject, op, config.value))
    .fillNull(false);
}

function checkOperatorFits(column: FilterColumn, op: FilterOperator): void {
  const where = `column "${column.name}" of type ${dtypeName(column.dtype)}`;
  if (column.kind === "other") {
    throw new ToolConfigError(
      column.toolId,
      `Operator "${op}" cannot be used on ${where}: only is_null and is_not_null apply`,
    );
  }
  if (TEXT_OPERATORS.has(op) && column.kind !== "string") {
    throw new ToolConfigError(column.toolId, `Operator "${op}" needs a String column; ${where} is not text`);
  }
  if (ORDER_OPERATORS.has(op) && column.kind === "boolean") {
    throw new ToolConfigError(column.toolId, `Operator "${op}" does not apply to ${where} (use == or !=)`);
  }
}

function comparison(
  column: FilterColumn,
  subject: pl.Expr,
  op: FilterOperator,
  value: FilterValue | undefined,
): pl.Expr {
  if (LIST_OPERATORS.has(op)) {
    const values = listValue(column, op, value, "a list of values");
    const isIn = membership(column, subject, values);
    return op === "in" ? isIn : isIn.not();
  }
  if (op === "between") {
    const bounds = listValue(column, op, value, "a list [low, high]");
    const [low, high] = bounds;
    if (bounds.length !== 2 || low === undefined || high === undefined) {
      throw valueError(column, op, `"value" must be a list of two values [low, high], got ${JSON.stringify(value)}`);
    }
    return subject.gtEq(literalFor(column, low, "order")).and(subject.ltEq(literalFor(column, high, "order")));
  }
  const scalar = scalarValue(column, op, value);
  switch (op) {
    case "==":
      return subject.eq(literalFor(column, scalar, "equality"));
    case "!=":
      return subject.neq(literalFor(column, scalar, "equality"));
    case ">":
      return subject.gt(literalFor(column, scalar, "order"));
    case ">=":
      return subject.gtEq(literalFor(column, scalar, "order"));
    case "<":
      return subject.lt(literalFor(column, scalar, "order"));
    case "<=":
      return subject.ltEq(literalFor(column, scalar, "order"));
    // Literal matching, never a regular expression: a "." or "(" in the value means itself.
    case "contains":
      return subject.str.contains(literalFor(column, scalar, "text"), true);
    case "starts_with":
      return subject.str.startsWith(literalFor(column, scalar, "text"));
    case "ends_with":
      return subject.str.endsWith(literalFor(column, scalar, "text"));
    default:
      throw new ToolConfigError(column.toolId, `Unknown filter operator "${op}"`);
  }
}

function valueError(column: FilterColumn, op: FilterOperator, detail: string): ToolConfigError {
  return new ToolConfigError(column.toolId, `Filter on column "${column.name}", operator "${op}": ${detail}`);
}

function scalarValue(column: FilterColumn, op: FilterOperator, value: FilterValue | undefined): FilterScalar {
  if (value === undefined || value === null) {
    const hint = op === "==" || op === "!=" ? ` (to find empty cells use "is_null" or "is_not_null")` : "";
    throw valueError(column, op, `a "value" is required${hint}`);
  }
  if (Array.isArray(value))
    throw valueError(column, op, `"value" must be a single value, not a list (lists are for in, not_in, between)`);
  return value;
}

function listValue(
  column: FilterColumn,
  op: FilterOperator,
  value: FilterValue | undefined,
  shape: string,
): FilterScalar[] {
  if (value === undefined || value === null) throw valueError(column, op, `a "value" is required: ${shape}`);
  if (!Array.isArray(value)) throw valueError(column, op, `"value" must be ${shape}, got ${JSON.stringify(value)}`);
  const items: FilterScalar[] = [];
  for (const item of value) {
    if (item === null)
      throw valueError(column, op, `"value" may not contain null (use is_null or is_not_null for empty cells)`);
    items.push(item);
  }
  return items;
}
