import type pl from "nodejs-polars";
import { compileExpression, ExpressionError } from "../../expr";
import { ToolConfigError } from "../../shared/errors";
import { singleInput } from "../column-checks";
import { defineTool, type Frame, type ToolContext } from "../types";
import { bindArguments } from "./arguments";
import { formulaFunction } from "./catalog";
import { formulaMeta } from "./meta";
import type { FormulaSpec } from "./schema";

/** The Python-Polars source of one formula: its catalogue entry rendered with its arguments. */
export function formulaSource(spec: FormulaSpec, frame: Frame, ctx: ToolContext): string {
  const args = bindArguments(spec, ctx.schemaOf(frame), ctx);
  // bindArguments refuses an unknown function, so the entry exists.
  return (formulaFunction(spec.function) as NonNullable<ReturnType<typeof formulaFunction>>).python(args);
}

function compile(spec: FormulaSpec, source: string, ctx: ToolContext): pl.Expr {
  try {
    // ToolLimits carries the expression limits under ExprLimits' own names.
    return compileExpression(source, ctx.limits);
  } catch (error) {
    // The compiler speaks of the rendered text; the user set a function and its arguments.
    if (error instanceof ExpressionError) {
      throw new ToolConfigError(
        ctx.toolId,
        `Tool "${ctx.toolId}" (formula), formula "${spec.output}" (${spec.function}): ${error.message} in ${source}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * The no-code column builder: each formula is a catalogue function applied to columns and
 * literal values, rendered as Python-Polars text and compiled by the expression language, so
 * the generated Python carries the same text. Formulas apply in order: a later formula sees
 * the columns an earlier one made, and an output that names an existing column replaces it in
 * place. Argument mistakes are ToolConfigErrors naming the formula's output and the argument.
 * Lazy and streaming.
 */
export const formulaTool = defineTool(formulaMeta, {
  keepsRows: true,
  build(inputs, config, ctx) {
    let frame = singleInput(inputs, "input", ctx);
    for (const spec of config.formulas) {
      const expr = compile(spec, formulaSource(spec, frame, ctx), ctx);
      frame = frame.withColumns(expr.alias(spec.output));
    }
    return { output: frame };
  },
});
