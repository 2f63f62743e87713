import type { DataType } from "nodejs-polars";
import { ToolConfigError } from "../../shared/errors";
import { isNested } from "../column-checks";
import { dtypeName } from "../dtype";
import { columnNames } from "../schema-of";
import type { FrameSchema, ToolContext } from "../types";
import { formulaFunction } from "./catalog";
import type { FormulaFunction, ParamSpec, ParamType, PyArg } from "./function-spec";
import { type FormulaValue, pyCol, pyLit, pyLiteral } from "./python-text";
import type { FormulaArgument, FormulaSpec } from "./schema";

const INTEGER_VARIANTS = new Set(["Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64"]);
const NUMBER_VARIANTS = new Set([...INTEGER_VARIANTS, "Float32", "Float64", "Decimal"]);

const WANTS: Record<ParamType, string> = {
  number: "a number",
  integer: "a whole number",
  string: "text",
  boolean: "true or false",
  date: "a date",
  datetime: "a date-time",
  temporal: "a date or a date-time",
  any: "a value",
};

/** Which column dtypes a parameter type takes. */
function dtypeFits(type: ParamType, dtype: DataType): boolean {
  const v: string = dtype.variant;
  switch (type) {
    case "number":
      return NUMBER_VARIANTS.has(v);
    case "integer":
      return INTEGER_VARIANTS.has(v);
    case "string":
      return v === "String" || v === "Utf8";
    case "boolean":
      return v === "Bool";
    case "date":
      return v === "Date";
    case "datetime":
      return v === "Datetime";
    case "temporal":
      return v === "Date" || v === "Datetime";
    case "any":
      return !isNested(dtype);
  }
}

/** Which literal values a parameter type takes (dates are columns only: see catalog-dates). */
function valueFits(type: ParamType, value: Exclude<FormulaValue, null>): boolean {
  switch (type) {
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "any":
      return true;
    default:
      return false;
  }
}

/** The family a comparison or a choice must not mix (Polars refuses text against numbers). */
function familyOfDtype(dtype: DataType): string {
  const v: string = dtype.variant;
  if (NUMBER_VARIANTS.has(v)) return "number";
  if (v === "String" || v === "Utf8") return "text";
  if (v === "Bool") return "boolean";
  if (v === "Date" || v === "Datetime") return "date";
  return dtypeName(dtype);
}

function familyOfValue(value: Exclude<FormulaValue, null>): string {
  return typeof value === "string" ? "text" : typeof value;
}

/** One bound argument, with what the checks and the renderer need. */
interface Bound {
  param: ParamSpec;
  arg: PyArg;
  /** The family for `same_family`; null for a null value. */
  family: string | null;
}

/**
 * Checks a formula's arguments against its catalogue entry and the input columns (count,
 * column or value, types, bounds, families), and renders them for Python. Every refusal is a
 * ToolConfigError naming the formula's output, its function and the argument.
 */
export function bindArguments(spec: FormulaSpec, schema: FrameSchema, ctx: ToolContext): PyArg[] {
  const fn = formulaFunction(spec.function);
  const where = `Tool "${ctx.toolId}" (formula), formula "${spec.output}" (${spec.function})`;
  const fail = (message: string): never => {
    throw new ToolConfigError(ctx.toolId, `${where}: ${message}`);
  };
  if (!fn) return fail("unknown function");
  checkCount(fn, spec.args.length, fail);

  const bound: Bound[] = [];
  fn.params.forEach((param, i) => {
    const given = param.repeat ? spec.args.slice(i) : spec.args.slice(i, i + 1);
    if (given.length === 0 && param.default !== undefined) {
      bound.push({ param, arg: valueArg(param.default), family: null });
    }
    given.forEach((argument, k) => {
      const label = param.repeat ? `"${param.name}" ${k + 1}` : `"${param.name}"`;
      bound.push(bindOne(param, argument, schema, ctx, (m) => fail(`argument ${label} ${m}`)));
    });
  });

  for (const group of fn.same_family ?? []) {
    const members = bound.filter((b) => group.includes(b.param.name) && b.family !== null);
    const first = members[0];
    const other = members.find((b) => b.family !== first?.family);
    if (first && other) {
      fail(
        `arguments "${first.param.name}" (${first.family}) and "${other.param.name}" (${other.family}) must be of one kind`,
      );
    }
  }
  return bound.map((b) => b.arg);
}

function checkCount(fn: FormulaFunction, count: number, fail: (m: string) => never): void {
  const names = fn.params.map((p) => (p.optional ? `${p.name}?` : p.repeat ? `${p.name}…` : p.name)).join(", ");
  const min = fn.params.reduce((n, p) => n + (p.optional ? 0 : (p.repeat?.min ?? 1)), 0);
  const repeats = fn.params.some((p) => p.repeat);
  if (count < min || (!repeats && count > fn.params.length)) {
    const wanted = repeats ? `at least ${min}` : min === fn.params.length ? `${min}` : `${min} to ${fn.params.length}`;
    fail(`takes ${wanted} arguments (${names}), got ${count}`);
  }
}

function valueArg(value: FormulaValue): PyArg {
  return { expr: pyLit(value), operand: pyLiteral(value), dtype: null };
}

function bindOne(
  param: ParamSpec,
  argument: FormulaArgument,
  schema: FrameSchema,
  ctx: ToolContext,
  fail: (m: string) => never,
): Bound {
  if ("column" in argument) {
    if (param.kind === "value") fail("must be a value, not a column");
    const dtype = schema[argument.column];
    if (!dtype) fail(`names unknown column "${argument.column}" (columns: ${columnNames(schema).join(", ")})`);
    const type = dtype as DataType;
    if (!dtypeFits(param.type, type)) {
      fail(`needs ${WANTS[param.type]}, but column "${argument.column}" is ${dtypeName(type)}`);
    }
    const expr = pyCol(argument.column);
    return { param, arg: { expr, operand: expr, dtype: dtypeName(type) }, family: familyOfDtype(type) };
  }
  const value = argument.value;
  if (param.kind === "column") fail("must be a column, not a value");
  if (value === null) {
    if (!param.nullable) fail(`needs ${WANTS[param.type]}, got null`);
    return { param, arg: valueArg(null), family: null };
  }
  if (!valueFits(param.type, value)) fail(`needs ${WANTS[param.type]}, got ${JSON.stringify(value)}`);
  checkBounds(param, value, ctx, fail);
  return { param, arg: valueArg(value), family: familyOfValue(value) };
}

function checkBounds(param: ParamSpec, value: string | number | boolean, ctx: ToolContext, fail: (m: string) => never) {
  if (typeof value === "number") {
    if (param.min !== undefined && value < param.min) fail(`must be at least ${param.min}, got ${value}`);
    const max = param.max === "string_repeat" ? ctx.limits.maxExprStringRepeat : undefined;
    if (max !== undefined && value > max) fail(`must be at most ${max} (the server's limit), got ${value}`);
  }
  if (typeof value === "string") {
    if (param.text === "char" && [...value].length !== 1) fail(`must be one character, got ${JSON.stringify(value)}`);
    if (param.text === "nonempty" && value.length === 0) fail("must not be empty");
  }
}
