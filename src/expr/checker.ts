import type { AttributeNode, BinaryNode, CompareNode, Node, UnaryNode } from "./ast";
import { lookup, METHOD_NAMESPACES } from "./catalog";
import { checkCall } from "./check-call";
import { type CheckContext, type Checked, isScalar, startOf } from "./checked";
import { dtypeEntry, dtypeNeedsCall, REFUSED_DTYPES } from "./dtypes";
import { ExpressionError } from "./expression-error";
import { intLiteralType } from "./literal-expr";
import { checkPowerExponent, type ExprLimits, foldBinary, foldUnary } from "./literal-limits";
import { EXPRESSION_OPERATORS } from "./operators";
import { literalValue, type PyValue, valueNode } from "./py-value";
import {
  compareHint,
  dunderRefusal,
  INDEXING_REFUSAL,
  isDunder,
  POWER_REFUSAL,
  refusedReason,
  unknownNameMessage,
} from "./refusals";

/**
 * The allowlist checker (docs/server-api.md rule 9). Walks the tree and accepts only: the names `pl`,
 * `True`, `False`, `None`; literals (no bytes); `pl.<function>` and `<expr>.<method>` calls
 * from the catalogue with arguments that fit their signatures; `pl.<Dtype>`; the operators
 * of Python Polars on expressions; one comparison at a time. Literal arithmetic is folded
 * under the bounds of `limits`, so the tree it returns has `"ab" * 3` as the literal
 * `"ababab"`. Every refusal is an ExpressionError at the offending node, naming it.
 */
export function checkExpression(node: Node, limits: ExprLimits): Node {
  const checked = new Checker(limits).check(node);
  if (checked.kind === "when") throw new ExpressionError("pl.when(...) must be followed by .then(...)", startOf(node));
  if (checked.kind === "dtype") {
    throw new ExpressionError(
      'A data type is not an expression on its own: use it in .cast(...), e.g. pl.col("a").cast(pl.Int64)',
      startOf(node),
    );
  }
  return checked.node;
}

/** Deeper trees than this are refused rather than risking the stack (`-(-(-(...)))`, 300 `+` in a row). */
export const MAX_DEPTH = 500;

const fail = (message: string, pos: number): never => {
  throw new ExpressionError(message, pos);
};

/** Literal integers used as values must fit Polars' 64-bit types. */
export function checkIntRange(value: PyValue, pos: number): void {
  if (value.type === "int" && !intLiteralType(value.value)) fail(`Integer ${value.value} does not fit in 64 bits`, pos);
}

class Checker implements CheckContext {
  private depth = 0;
  constructor(readonly limits: ExprLimits) {}

  check(node: Node): Checked {
    this.depth += 1;
    try {
      if (this.depth > MAX_DEPTH) fail(`Expression nested too deeply (more than ${MAX_DEPTH} levels)`, startOf(node));
      return this.visit(node);
    } finally {
      this.depth -= 1;
    }
  }

  private visit(node: Node): Checked {
    switch (node.kind) {
      case "number":
        return { kind: "literal", node, value: literalValue(node) as PyValue };
      case "string":
        if (node.bytes) return fail("Bytes (b'...') are not supported: write text without the b", node.pos);
        return { kind: "literal", node, value: { type: "str", value: node.value } };
      case "name":
        return this.name(node.name, node.pos, node);
      case "list":
      case "tuple":
        return this.sequence(node);
      case "unary":
        return this.unary(node);
      case "binary":
        return this.binary(node);
      case "compare":
        return this.compare(node);
      case "boolop":
        return fail(
          `Python's \`${node.op}\` cannot combine expressions: use ${node.op === "and" ? "&" : "|"} with parentheses, e.g. (a > 1) ${node.op === "and" ? "&" : "|"} (b < 2)`,
          node.pos,
        );
      case "subscript":
        // The object first: `vars()["x"]` is refused for vars, the subscript only after.
        this.check(node.object);
        return fail(INDEXING_REFUSAL, node.pos);
      case "attribute":
        return this.attribute(node);
      case "call":
        return checkCall(this, node);
    }
  }

  private name(name: string, pos: number, node: Node): Checked {
    if (name === "True" || name === "False" || name === "None")
      return { kind: "literal", node, value: literalValue(node) as PyValue };
    if (name === "pl") return fail('pl on its own is not a value: call one of its functions, e.g. pl.col("a")', pos);
    if (isDunder(name)) return fail(dunderRefusal(name), pos);
    return fail(unknownNameMessage(name), pos);
  }

  private sequence(node: Node & { kind: "list" | "tuple" }): Checked {
    const items: Node[] = [];
    const values: PyValue[] = [];
    for (const item of node.items) {
      const checked = this.check(item);
      if (checked.kind !== "literal" || !isScalar(checked.value))
        fail(`A ${node.kind} may hold only values written out (numbers, text, True, False, None)`, startOf(item));
      items.push(checked.node);
      values.push((checked as { value: PyValue }).value);
    }
    return { kind: "literal", node: { ...node, items }, value: { type: node.kind, items: values } };
  }

  /** Accepts a checked operand: an expression, a then-chain, or a scalar literal that fits 64 bits. */
  private operand(checked: Checked, node: Node, what: string): Checked {
    if (checked.kind === "expr" || checked.kind === "then") return checked;
    if (checked.kind === "literal") {
      if (!isScalar(checked.value))
        fail(
          `A ${checked.value.type} cannot be used with ${what}: lists are only accepted as arguments, e.g. .is_in([...])`,
          startOf(node),
        );
      checkIntRange(checked.value, startOf(node));
      return checked;
    }
    return fail(
      checked.kind === "dtype"
        ? `A data type cannot be used with ${what}`
        : "pl.when(...) must be followed by .then(...)",
      startOf(node),
    );
  }

  private unary(node: UnaryNode): Checked {
    if (node.op === "not")
      return fail('Python\'s `not` cannot negate an expression: use ~, e.g. ~pl.col("flag")', node.pos);
    const operand = this.check(node.operand);
    if (operand.kind === "literal") {
      const value = foldUnary(node.op, operand.value, node.pos);
      return { kind: "literal", node: valueNode(value, node.pos), value };
    }
    const checked = this.operand(operand, node.operand, `unary ${node.op}`);
    return { kind: "expr", node: { ...node, operand: checked.node } };
  }

  private binary(node: BinaryNode): Checked {
    const left = this.check(node.left);
    const right = this.check(node.right);
    if (left.kind === "literal" && right.kind === "literal") {
      const value = foldBinary(node.op, left.value, right.value, this.limits, node.pos);
      return { kind: "literal", node: valueNode(value, startOf(node)), value };
    }
    if (!EXPRESSION_OPERATORS.has(node.op))
      return fail(`Operator ${node.op} is not supported on expressions`, node.pos);
    if (left.kind === "literal" && left.value.type === "str" && node.op === "%")
      return fail(
        "String formatting with % needs literal arguments (use pl.format or pl.concat_str for columns)",
        node.pos,
      );
    const a = this.operand(left, node.left, `operator ${node.op}`);
    const b = this.operand(right, node.right, `operator ${node.op}`);
    if (node.op === "**") {
      if (b.kind !== "literal" || (b.value.type !== "int" && b.value.type !== "float"))
        return fail(POWER_REFUSAL, node.pos);
      checkPowerExponent(b.value.value, this.limits, node.pos);
    }
    return { kind: "expr", node: { ...node, left: a.node, right: b.node } };
  }

  private compare(node: CompareNode): Checked {
    const [op] = node.ops;
    if (node.ops.length > 1)
      return fail("Chained comparisons (a < b < c) are not supported: use (a < b) & (b < c)", node.pos);
    const hint = op ? compareHint(op) : undefined;
    if (hint || !op) return fail(hint ?? "Empty comparison", node.pos);
    const right = node.comparators[0];
    if (!right) return fail("Comparison without a right-hand side", node.pos);
    const a = this.operand(this.check(node.left), node.left, `operator ${op}`);
    const b = this.operand(this.check(right), right, `operator ${op}`);
    return { kind: "expr", node: { ...node, left: a.node, comparators: [b.node] } };
  }

  /** An attribute that is not called: only `pl.<Dtype>` stands on its own. */
  private attribute(node: AttributeNode): Checked {
    if (isDunder(node.name)) return fail(dunderRefusal(node.name), node.namePos);
    if (node.object.kind === "name" && node.object.name === "pl") return this.plAttribute(node);
    const space = node.object;
    if (space.kind === "attribute" && METHOD_NAMESPACES.has(space.name) && !isPlName(space.object)) {
      this.check(space.object);
      return fail(
        `.${space.name}.${node.name} needs brackets: methods are called, e.g. .${space.name}.${exampleOf(space.name)}()`,
        node.namePos,
      );
    }
    const base = this.check(node.object);
    if (base.kind === "literal")
      return fail(`.${node.name} cannot follow a plain value: wrap the value in pl.lit(...)`, node.namePos);
    if (METHOD_NAMESPACES.has(node.name))
      return fail(
        `.${node.name} must be followed by one of its methods, e.g. .${node.name}.${exampleOf(node.name)}()`,
        node.namePos,
      );
    return fail(`.${node.name} needs brackets: methods are called, e.g. .${node.name}()`, node.namePos);
  }

  private plAttribute(node: AttributeNode): Checked {
    const name = node.name;
    const refusedDtype = Object.hasOwn(REFUSED_DTYPES, name) ? REFUSED_DTYPES[name] : undefined;
    if (refusedDtype) return fail(`pl.${name} is refused: ${refusedDtype}`, node.namePos);
    if (dtypeEntry(name)) {
      if (dtypeNeedsCall(name)) return fail(`pl.${name} needs its arguments, e.g. pl.${name}(pl.Int64)`, node.namePos);
      return { kind: "dtype", node };
    }
    if (lookup("pl", name)) return fail(`pl.${name} must be called, e.g. pl.${name}(...)`, node.namePos);
    const reason = refusedReason(name);
    if (reason) return fail(`pl.${name} is refused: ${reason}`, node.namePos);
    return fail(`pl.${name} is not an accepted function or data type`, node.namePos);
  }
}

const isPlName = (node: Node) => node.kind === "name" && node.name === "pl";

function exampleOf(namespace: string): string {
  return namespace === "str" ? "to_uppercase" : namespace === "dt" ? "year" : "len";
}
