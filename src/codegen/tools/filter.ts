import { ToolConfigError } from "../../shared/errors";
import type { BasicFilterConfig, FilterConfig, FilterScalar } from "../../tools/filter/schema";
import { pyCol, pyStr, pyValue } from "../python-text";
import type { ToolCodegen } from "../types";
import { FILTER_HELPER } from "./filter-helper";

const LIST_OPERATORS = new Set(["in", "not_in"]);

/**
 * The value's shape, checked as the tool checks it when built (condition.ts), with its
 * messages: one scalar for a comparison, an array for in / not_in, [low, high] for between,
 * and never null (that is what is_null is for).
 */
function checkedValue(config: BasicFilterConfig, toolId: string): FilterScalar | FilterScalar[] {
  const { column, operator: op, value } = config;
  const fail = (detail: string) =>
    new ToolConfigError(toolId, `Filter on column "${column}", operator "${op}": ${detail}`);
  const list = LIST_OPERATORS.has(op) || op === "between";
  if (value === undefined || value === null) {
    const shape = op === "between" ? "a list [low, high]" : "a list of values";
    const hint = op === "==" || op === "!=" ? ` (to find empty cells use "is_null" or "is_not_null")` : "";
    throw fail(list ? `a "value" is required: ${shape}` : `a "value" is required${hint}`);
  }
  if (!list) {
    if (Array.isArray(value)) {
      throw fail(`"value" must be a single value, not a list (lists are for in, not_in, between)`);
    }
    return value;
  }
  if (!Array.isArray(value)) {
    const shape = op === "between" ? "a list [low, high]" : "a list of values";
    throw fail(`"value" must be ${shape}, got ${JSON.stringify(value)}`);
  }
  if (value.some((item) => item === null)) {
    throw fail(`"value" may not contain null (use is_null or is_not_null for empty cells)`);
  }
  if (op === "between" && value.length !== 2) {
    throw fail(`"value" must be a list of two values [low, high], got ${JSON.stringify(value)}`);
  }
  return value as FilterScalar[];
}

/**
 * Filter: a condition that is never null, then the rows where it holds (`output-true`) and
 * every other row (`output-false`), so the two outputs always partition the input. Expression
 * mode pastes the expression; basic mode calls filter_condition, which reads the value in the
 * column's type when the script runs.
 */
export const filterCodegen: ToolCodegen<FilterConfig> = (config, inputs, ctx) => {
  const input = inputs.input?.[0] as string;
  const condition = ctx.local("condition");
  const lines: string[] = [];
  if (config.mode === "expression") {
    const expression = ctx.expression(config.expression, "expression");
    lines.push(
      "# Null (unknown) is not true: those rows go to the False output.",
      `${condition} = (${expression}).fill_null(False)`,
    );
  } else if (config.operator === "is_null" || config.operator === "is_not_null") {
    lines.push(`${condition} = ${pyCol(config.column)}.${config.operator}()`);
  } else {
    const value = checkedValue(config, ctx.toolId);
    const call = `${ctx.helper(FILTER_HELPER)}(${input}, ${pyStr(config.column)}, ${pyStr(config.operator)}, ${pyValue(value)})`;
    lines.push(`${condition} = ${call}`);
  }
  lines.push(
    `${ctx.outputs["output-true"]} = ${input}.filter(${condition})`,
    `${ctx.outputs["output-false"]} = ${input}.filter(~${condition})`,
  );
  return lines;
};
