import type { Node } from "./ast";
import { ExpressionError } from "./expression-error";

/** The longest expression string accepted, in characters (UTF-16 code units). */
export const MAX_EXPRESSION_LENGTH = 10_000;
/** How deeply brackets, calls, subscripts, unary operators and `**` exponents may nest. */
export const MAX_NESTING = 100;
/**
 * How deep the syntax tree may be. Chains (`a + b + c ...`, `x.f().g() ...`) are parsed in
 * loops, so they are not bounded by MAX_NESTING; this bound lets every later tree walk
 * (checker, compiler, printer) recurse without risking a stack overflow.
 */
export const MAX_TREE_DEPTH = 1_000;

/**
 * The bounds parseExpression enforces; the defaults are the constants above. Tests lift
 * maxLength to show the other bounds hold on their own; a maxNesting far above the default
 * would give up the guarantee that the parser's recursion cannot overflow the stack.
 */
export interface ParseLimits {
  maxLength: number;
  maxNesting: number;
  maxTreeDepth: number;
}

/** The limits in force unless a caller (a test) overrides them. */
export const DEFAULT_LIMITS: ParseLimits = {
  maxLength: MAX_EXPRESSION_LENGTH,
  maxNesting: MAX_NESTING,
  maxTreeDepth: MAX_TREE_DEPTH,
};

/**
 * Counts nesting while the parser descends and the depth of every tree it builds, and
 * refuses either past its limit. The parser recurses only where nesting grows, so a bound
 * on nesting is a bound on its stack; chains are loops, so the tree depth is bounded here.
 */
export class ParseBudget {
  private nesting = 0;
  private readonly depths = new WeakMap<Node, number>();

  constructor(private readonly limits: ParseLimits) {}

  /** One level deeper (a bracket, a call, a unary operator, an exponent) opened at `pos`. */
  enter(pos: number): void {
    this.nesting++;
    if (this.nesting > this.limits.maxNesting) {
      throw new ExpressionError(
        `the expression nests more than ${this.limits.maxNesting} levels of brackets, calls or unary operators`,
        pos,
      );
    }
  }

  leave(): void {
    this.nesting--;
  }

  /** Records the depth of a new inner node (leaves count 1); past maxTreeDepth, refuses at `at`. */
  built<T extends Node>(node: T, children: readonly (Node | null)[], at = node.pos): T {
    let depth = 0;
    for (const child of children) if (child !== null) depth = Math.max(depth, this.depths.get(child) ?? 1);
    depth += 1;
    if (depth > this.limits.maxTreeDepth) {
      throw new ExpressionError(
        `the expression is nested too deeply (more than ${this.limits.maxTreeDepth} levels of operators and calls)`,
        at,
      );
    }
    this.depths.set(node, depth);
    return node;
  }
}
