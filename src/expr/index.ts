import type pl from "nodejs-polars";
import { checkExpression } from "./checker";
import { compileNode } from "./compile";
import type { ExprLimits } from "./literal-limits";
import { parseExpression } from "./parser";

/**
 * The sandboxed expression language: Python Polars expression strings, parsed by our own
 * parser, checked against the allowlist and compiled to nodejs-polars. See README.md.
 */

export { ExpressionError } from "./expression-error";
export { type AcceptedFunctions, acceptedFunctions, refreshAcceptedFunctions } from "./functions";
export type { ExprLimits } from "./literal-limits";
export { knownLengthOf } from "./text-lengths";
export { checkExpression, compileNode, parseExpression };

/**
 * parse → check → compile; every refusal is an ExpressionError (400) saying what and where.
 * `columnLengths`: text lengths of columns known without the data (compile.ts CompileContext).
 */
export function compileExpression(
  source: string,
  limits: ExprLimits,
  columnLengths?: ReadonlyMap<string, number>,
): pl.Expr {
  return compileNode(
    checkExpression(parseExpression(source), limits),
    columnLengths ? { ...limits, columnLengths } : limits,
  );
}
