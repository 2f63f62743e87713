import type pl from "nodejs-polars";
import { singleInput } from "../column-checks";
import { compileToolExpression, requireBoolean } from "../expression";
import { defineTool } from "../types";
import { conditionFor } from "./condition";
import { filterMeta } from "./meta";

/**
 * Splits rows by a condition on one column (basic mode) or by a Python-Polars expression
 * (expression mode, through the sandboxed expression language). `output-true` gets the rows where it holds;
 * `output-false` gets every other row, including those where the column is null, so the two
 * outputs always partition the input. Values are checked against the column's dtype when the
 * tool is built (ToolConfigError naming column, dtype and value); numbers may be given as
 * text ("5"), dates and date-times as ISO 8601 text. Lazy and streaming.
 */
export const filterTool = defineTool(filterMeta, {
  build(inputs, config, ctx) {
    const input = singleInput(inputs, "input", ctx);
    let mask: pl.Expr;
    if (config.mode === "expression") {
      const condition = compileToolExpression(config.expression, "expression", input, ctx);
      requireBoolean(condition, "expression", ctx);
      // Null (unknown) is not true: those rows go to output-false, as in basic mode.
      mask = condition.expr.fillNull(false);
    } else {
      mask = conditionFor(config, ctx.schemaOf(input), ctx);
    }
    return { "output-true": input.filter(mask), "output-false": input.filter(mask.not()) };
  },
});
