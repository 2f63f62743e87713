import type { DataType, Expr } from "nodejs-polars";
import { compileExpression } from "../expr";
import { ExpressionError } from "../expr/expression-error";
import { ToolConfigError } from "../shared/errors";
import { dtypeName } from "./dtype";
import { columnNames } from "./schema-of";
import type { Frame, ToolContext } from "./types";

/** A compiled expression and the dtype it yields over the frame. */
export interface ToolExpression {
  expr: Expr;
  dtype: DataType;
}

/**
 * Compiles an expression string of a tool's config (`field` names where it is, e.g.
 * `columns[2].expression`) and resolves it against the frame's plan, so a refused
 * construct, an unknown column or a type error is a 400 naming the tool and the field when
 * the tool is built, not a failure later while data flows. No rows are read.
 */
export function compileToolExpression(
  source: string,
  field: string,
  frame: Frame,
  ctx: ToolContext,
  columnLengths?: ReadonlyMap<string, number>,
): ToolExpression {
  const where = `Tool "${ctx.toolId}", ${field}`;
  let expr: Expr;
  try {
    expr = compileExpression(source, ctx.limits, columnLengths);
  } catch (err) {
    if (err instanceof ExpressionError) throw new ToolConfigError(ctx.toolId, `${where}: ${err.message}`);
    throw err;
  }
  let schema: ReturnType<ToolContext["schemaOf"]>;
  try {
    schema = ctx.schemaOf(frame.select(expr.alias("__weft_expression__")));
  } catch (err) {
    const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
    const column =
      message?.match(/(?:ColumnNotFound|not found)[^"]*"([^"]+)"/)?.[1] ??
      message?.match(/unable to find column "([^"]+)"/)?.[1];
    const columns = columnNames(ctx.schemaOf(frame)).join(", ");
    if (column) throw new ToolConfigError(ctx.toolId, `${where}: unknown column "${column}" (columns: ${columns})`);
    throw new ToolConfigError(ctx.toolId, `${where}: the expression does not fit the data: ${message}`);
  }
  const dtype = schema.__weft_expression__ as DataType;
  return { expr, dtype };
}

/** Throws unless the expression yields Boolean (a filter's condition). */
export function requireBoolean(compiled: ToolExpression, field: string, ctx: ToolContext): void {
  if (compiled.dtype.variant !== "Bool") {
    throw new ToolConfigError(
      ctx.toolId,
      `Tool "${ctx.toolId}", ${field}: a condition must be true or false, but the expression gives ${dtypeName(compiled.dtype)}`,
    );
  }
}
