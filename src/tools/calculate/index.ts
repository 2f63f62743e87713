import { singleInput } from "../column-checks";
import { compileToolExpression } from "../expression";
import { defineTool } from "../types";
import { calculateMeta } from "./meta";

/**
 * Adds or replaces columns with Python-Polars expression strings, in order: a later column
 * may use an earlier one, and a name that exists is replaced in place (its position kept).
 * Each expression goes through the sandboxed expression language and is resolved against
 * the plan when the tool is built, so errors name the tool and the column. Lazy.
 */
export const calculateTool = defineTool(calculateMeta, {
  keepsRows: true,
  build(inputs, config, ctx) {
    let frame = singleInput(inputs, "input", ctx);
    config.columns.forEach((column, i) => {
      const { expr } = compileToolExpression(column.expression, `columns[${i}] ("${column.name}")`, frame, ctx);
      frame = frame.withColumns(expr.alias(column.name));
    });
    return { output: frame };
  },
});
