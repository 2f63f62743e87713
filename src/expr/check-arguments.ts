import { bindArguments } from "./arguments";
import type { CallNode, Keyword, Node } from "./ast";
import { type CheckContext, isScalar, startOf } from "./checked";
import { ExpressionError } from "./expression-error";
import { intLiteralType, listType } from "./literal-expr";
import { checkPowerExponent } from "./literal-limits";
import type { Literal, Param } from "./params";
import type { PyValue } from "./py-value";

/**
 * Arguments against their parameters: each is checked by the parameter's kind (expression,
 * column, list of values, literal of a type within its bounds and choices, data type). The
 * checked argument nodes replace the call's, so literals arrive folded.
 */

const fail = (message: string, pos: number): never => {
  throw new ExpressionError(message, pos);
};

/** The literal values of the checked arguments (and defaults), for an entry's validate rule. */
export function checkedLiterals(
  params: readonly Param[],
  checked: Pick<CallNode, "args" | "keywords">,
  call: CallNode,
  label: string,
) {
  const bound = bindArguments(params, { ...call, ...checked }, label);
  const literals = (name: string): Literal | undefined => {
    const node = bound.nodes.get(name);
    if (node === undefined) {
      const p = params.find((q) => q.name === name);
      return p && "default" in p ? p.default : undefined;
    }
    if (Array.isArray(node)) return undefined;
    return literalOf(node as Node);
  };
  return { given: bound.given, literals };
}

function literalOf(node: Node): Literal | undefined {
  if (node.kind === "number") return Number(node.value);
  if (node.kind === "string") return node.value;
  if (node.kind === "name")
    return node.name === "True" ? true : node.name === "False" ? false : node.name === "None" ? null : undefined;
  return undefined;
}

/** Binds the call, checks each argument against its parameter, and returns the checked arguments. */
export function checkArguments(
  ctx: CheckContext,
  params: readonly Param[],
  call: CallNode,
  label: string,
): Pick<CallNode, "args" | "keywords"> {
  const bound = bindArguments(params, call, label);
  const byNode = new Map<Node, Node>();
  for (const p of params) {
    const value = bound.nodes.get(p.name);
    if (value === undefined) continue;
    const nodes = Array.isArray(value) ? (value as Node[]) : [value as Node];
    for (const node of nodes) byNode.set(node, checkArgument(ctx, p, node, label));
  }
  const args = call.args.map((a) => byNode.get(a) ?? a);
  const keywords: Keyword[] = call.keywords.map((k) => ({ ...k, value: byNode.get(k.value) ?? k.value }));
  return { args, keywords };
}

function checkArgument(ctx: CheckContext, p: Param, node: Node, label: string): Node {
  const where = `${label} argument ${p.name}`;
  const pos = startOf(node);
  switch (p.kind) {
    case "expr":
    case "column_expr":
      return expressionArgument(ctx, node, where);
    case "columns":
      if (node.kind === "list" || node.kind === "tuple") {
        if (node.items.length === 0) fail(`${where} needs at least one column or expression`, pos);
        return { ...node, items: node.items.map((item) => expressionArgument(ctx, item, where)) };
      }
      return expressionArgument(ctx, node, where);
    case "names": {
      const items = node.kind === "list" || node.kind === "tuple" ? node.items : [node];
      if (items.length === 0) fail(`${where} needs at least one column name`, pos);
      const checked = items.map((item) => {
        const c = ctx.check(item);
        if (c.kind !== "literal" || c.value.type !== "str")
          fail(`${where} must be a column name (text)`, startOf(item));
        return c.node;
      });
      return node.kind === "list" || node.kind === "tuple" ? { ...node, items: checked } : (checked[0] as Node);
    }
    case "values":
      return valuesArgument(ctx, p, node, where);
    case "dtype": {
      const c = ctx.check(node);
      if (c.kind === "dtype" || (c.kind === "literal" && c.value.type === "none" && p.default === null)) return c.node;
      return fail(`${where} must be a data type such as pl.Int64`, pos);
    }
    case "literal": {
      const c = ctx.check(node);
      if (c.kind !== "literal" || !isScalar(c.value))
        return fail(`${where} must be a single value written out (a number, text, True, False or None)`, pos);
      intInRange(c.value, pos);
      return c.node;
    }
    default:
      return scalarArgument(ctx, p, node, where);
  }
}

function expressionArgument(ctx: CheckContext, node: Node, where: string): Node {
  const c = ctx.check(node);
  const pos = startOf(node);
  if (c.kind === "expr" || c.kind === "then") return c.node;
  if (c.kind === "literal") {
    if (!isScalar(c.value)) return fail(`${where} takes an expression or a single value, not a ${c.value.type}`, pos);
    intInRange(c.value, pos);
    return c.node;
  }
  return fail(
    c.kind === "dtype"
      ? `${where} takes an expression, not a data type`
      : "pl.when(...) must be followed by .then(...)",
    pos,
  );
}

function valuesArgument(ctx: CheckContext, p: Param, node: Node, where: string): Node {
  const c = ctx.check(node);
  const pos = startOf(node);
  if (c.kind === "expr" || c.kind === "then") return c.node;
  if (c.kind === "literal") {
    if (c.value.type === "list" || c.value.type === "tuple") {
      if (listType(c.value.items) === "mixed")
        fail(`${where} mixes kinds of values (or holds integers beyond 64 bits): give numbers, text or booleans`, pos);
      return c.node;
    }
    if (p.scalars) {
      intInRange(c.value, pos);
      return c.node;
    }
  }
  return fail(`${where} must be a list of values, e.g. [1, 2] or ["a", "b"], or an expression`, pos);
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  int: "an integer",
  number: "a number",
  bool: "True or False",
};

function scalarArgument(ctx: CheckContext, p: Param, node: Node, where: string): Node {
  const c = ctx.check(node);
  const pos = startOf(node);
  if (c.kind !== "literal") return fail(`${where} must be written out, not computed: ${TYPE_WORDS[p.kind]}`, pos);
  const value = c.value;
  if (value.type === "none") {
    if (p.default === null) return c.node;
    return fail(`${where} cannot be None`, pos);
  }
  const fits =
    (p.kind === "string" && value.type === "str") ||
    (p.kind === "int" && value.type === "int") ||
    (p.kind === "number" && (value.type === "int" || value.type === "float")) ||
    (p.kind === "bool" && value.type === "bool");
  if (!fits) return fail(`${where} must be ${TYPE_WORDS[p.kind]}`, pos);
  const plain = value.type === "int" ? Number(value.value) : (value as { value: string | number | boolean }).value;
  if (p.choices && !p.choices.includes(plain)) {
    const shown = p.choices.map(pythonLiteral);
    return fail(`${where} must be one of ${shown.join(", ")}`, pos);
  }
  if (typeof plain === "number") numberBounds(ctx, p, value, plain, where, pos);
  return c.node;
}

/** A literal as Python writes it, for messages. */
function pythonLiteral(value: Literal): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  return typeof value === "string" ? `"${value}"` : String(value);
}

function numberBounds(ctx: CheckContext, p: Param, value: PyValue, plain: number, where: string, pos: number): void {
  if (p.bound === "power") {
    checkPowerExponent(plain, ctx.limits, pos);
    return;
  }
  if (!Number.isFinite(plain)) fail(`${where} must be finite`, pos);
  if (p.bound === "repeat" && plain > ctx.limits.maxExprStringRepeat)
    fail(`${where} is over the limit of ${ctx.limits.maxExprStringRepeat} characters`, pos);
  const min = p.min ?? (value.type === "int" ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE);
  const max = p.max ?? (value.type === "int" ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE);
  if (plain < min || plain > max) fail(`${where} must be between ${min} and ${max}`, pos);
}

function intInRange(value: PyValue, pos: number): void {
  if (value.type === "int" && !intLiteralType(value.value)) fail(`Integer ${value.value} does not fit in 64 bits`, pos);
}
