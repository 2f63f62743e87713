import { ToolConfigError } from "../../shared/errors";
import { formulaFunction } from "../../tools/formula/catalog";
import { arg, type FormulaFunction, type ParamSpec, type PyArg } from "../../tools/formula/function-spec";
import type { FormulaValue } from "../../tools/formula/python-text";
import type { FormulaArgument, FormulaConfig, FormulaSpec } from "../../tools/formula/schema";
import { pyCol, pyStr, pyValue } from "../python-text";
import type { CodegenContext, ToolCodegen } from "../types";

const WANTS: Record<ParamSpec["type"], string> = {
  number: "a number",
  integer: "a whole number",
  string: "text",
  boolean: "true or false",
  date: "a date",
  datetime: "a date-time",
  temporal: "a date or a date-time",
  any: "a value",
};

function valueFits(type: ParamSpec["type"], value: Exclude<FormulaValue, null>): boolean {
  if (type === "number") return typeof value === "number";
  if (type === "integer") return Number.isInteger(value);
  if (type === "string") return typeof value === "string";
  if (type === "boolean") return typeof value === "boolean";
  return type === "any";
}

const valueArg = (value: FormulaValue): PyArg => ({
  expr: `pl.lit(${pyValue(value)})`,
  operand: pyValue(value),
  dtype: null,
});

/**
 * The arguments as Python text, checked as arguments.ts checks them where no column type is
 * needed (count, column or value, value types and bounds), with its messages. Column types
 * are the data's: the script's run reports a mismatch.
 */
function bind(fn: FormulaFunction, spec: FormulaSpec, ctx: CodegenContext): PyArg[] {
  const where = `Tool "${ctx.toolId}" (formula), formula "${spec.output}" (${spec.function})`;
  const fail = (message: string): never => {
    throw new ToolConfigError(ctx.toolId, `${where}: ${message}`);
  };
  const names = fn.params.map((p) => (p.optional ? `${p.name}?` : p.repeat ? `${p.name}…` : p.name)).join(", ");
  const min = fn.params.reduce((n, p) => n + (p.optional ? 0 : (p.repeat?.min ?? 1)), 0);
  const repeats = fn.params.some((p) => p.repeat);
  const count = spec.args.length;
  if (count < min || (!repeats && count > fn.params.length)) {
    const wanted = repeats ? `at least ${min}` : min === fn.params.length ? `${min}` : `${min} to ${fn.params.length}`;
    fail(`takes ${wanted} arguments (${names}), got ${count}`);
  }
  const bound: PyArg[] = [];
  fn.params.forEach((param, i) => {
    const given = param.repeat ? spec.args.slice(i) : spec.args.slice(i, i + 1);
    if (given.length === 0 && param.default !== undefined) bound.push(valueArg(param.default));
    given.forEach((argument: FormulaArgument, k) => {
      const label = param.repeat ? `"${param.name}" ${k + 1}` : `"${param.name}"`;
      const wrong = (m: string) => fail(`argument ${label} ${m}`);
      if ("column" in argument) {
        if (param.kind === "value") wrong("must be a value, not a column");
        const expr = pyCol(argument.column);
        bound.push({ expr, operand: expr, dtype: null });
        return;
      }
      const value = argument.value;
      if (param.kind === "column") wrong("must be a column, not a value");
      if (value === null) {
        if (!param.nullable) wrong(`needs ${WANTS[param.type]}, got null`);
      } else {
        if (!valueFits(param.type, value)) wrong(`needs ${WANTS[param.type]}, got ${JSON.stringify(value)}`);
        if (typeof value === "number" && param.min !== undefined && value < param.min) {
          wrong(`must be at least ${param.min}, got ${value}`);
        }
        if (typeof value === "string" && param.text === "char" && [...value].length !== 1) {
          wrong(`must be one character, got ${JSON.stringify(value)}`);
        }
        if (typeof value === "string" && param.text === "nonempty" && value.length === 0) wrong("must not be empty");
      }
      bound.push(valueArg(value));
    });
  });
  return bound;
}

/**
 * The formula's Python text: its catalogue entry renders itself, as in Weft, with one
 * exception: `add_days` picks its arithmetic from the column's type in Weft (nodejs-polars has
 * no `pl.duration`); Python Polars' `+ pl.duration(days=...)` does the same for a Date (a
 * Date) and a Datetime (whole days of 24 hours, unit and zone kept).
 */
function render(spec: FormulaSpec, ctx: CodegenContext): string {
  const fn = formulaFunction(spec.function);
  if (!fn) throw new ToolConfigError(ctx.toolId, `Tool "${ctx.toolId}" (formula): unknown function "${spec.function}"`);
  const args = bind(fn, spec, ctx);
  if (fn.name === "add_days") return `(${arg(args, 0).expr} + pl.duration(days=${arg(args, 1).operand}))`;
  return fn.python(args);
}

/**
 * True when `text` is one parenthesized group, `(...)`, so wrapping it again adds nothing.
 * Strings are skipped (the renderer writes them with pyValue: one quote kind, backslash escapes).
 */
export function enclosed(text: string): boolean {
  if (!text.startsWith("(") || !text.endsWith(")")) return false;
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0 && i < text.length - 1) return false;
  }
  return depth === 0;
}

/**
 * Formula: each formula is a catalogue function written as a Polars expression, applied in
 * order (a later formula sees an earlier one's column; an existing name is replaced in place).
 */
export const formulaCodegen: ToolCodegen<FormulaConfig> = (config, inputs, ctx) => {
  const out = ctx.outputs.output as string;
  const input = inputs.input?.[0] as string;
  if (config.formulas.length === 0) return [`${out} = ${input}`];
  const steps = config.formulas.map((spec) => {
    const python = render(spec, ctx);
    return `    .with_columns(${enclosed(python) ? python : `(${python})`}.alias(${pyStr(spec.output)}))`;
  });
  return [`${out} = (`, `    ${input}`, ...steps, ")"];
};
