import type { Node } from "./ast";
import type { ExprLimits } from "./literal-limits";
import type { PyValue } from "./py-value";

/**
 * What a checked node stands for: an expression, a Python literal (folded), a data type, or
 * a step of a `pl.when(...).then(...)` chain (`then` can be used as an expression: its
 * otherwise is null, as in Python Polars).
 */
export type Checked =
  | { kind: "expr"; node: Node }
  | { kind: "literal"; node: Node; value: PyValue }
  | { kind: "dtype"; node: Node }
  | { kind: "when"; node: Node }
  | { kind: "then"; node: Node };

/** The checker as the call checks see it. */
export interface CheckContext {
  readonly limits: ExprLimits;
  check(node: Node): Checked;
}

/** The offset where a node's text starts (a binary node's `pos` is its operator). */
export function startOf(node: Node): number {
  switch (node.kind) {
    case "binary":
      return startOf(node.left);
    case "compare":
      return Math.min(node.pos, startOf(node.left));
    case "attribute":
    case "subscript":
      return Math.min(node.pos, startOf(node.object));
    case "call":
      return Math.min(node.pos, startOf(node.callee));
    default:
      return node.pos;
  }
}

/** True for a scalar literal (not a list or tuple). */
export function isScalar(value: PyValue): boolean {
  return value.type !== "list" && value.type !== "tuple";
}
