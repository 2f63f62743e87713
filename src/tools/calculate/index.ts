import { knownLengthOf } from "../../expr";
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
    // The text lengths of this tool's columns that literals fix (`str.slice(0, 3)`: 3), for
    // the text-growth bounds of later columns (expr/string-growth.ts): a concat_str of such
    // a column is not measured per row. A column replaced by one of unknown length drops out.
    const lengths = new Map<string, number>();
    config.columns.forEach((column, i) => {
      const field = `columns[${i}] ("${column.name}")`;
      const { expr } = compileToolExpression(column.expression, field, frame, ctx, lengths);
      const known = knownLengthOf(expr);
      if (known === undefined) lengths.delete(column.name);
      else lengths.set(column.name, known);
      frame = frame.withColumns(expr.alias(column.name));
    });
    return { output: frame };
  },
});
