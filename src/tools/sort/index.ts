import { ToolConfigError } from "../../shared/errors";
import { requireColumns, requireDistinct, singleInput } from "../column-checks";
import { defineTool } from "../types";
import { sortMeta } from "./meta";

/**
 * Sorts rows by one or more columns, each ascending or descending with its own null
 * placement. Stable: rows equal on every key keep their input order (`maintainOrder`).
 * Blocking: a sort needs every row before it gives the first.
 */
export const sortTool = defineTool(sortMeta, {
  keepsRows: true,
  build(inputs, config, ctx) {
    const input = singleInput(inputs, "input", ctx);
    if (config.by.length === 0) throw new ToolConfigError(ctx.toolId, "Sort needs at least one column in by");
    const columns = config.by.map((key) => key.column);
    requireDistinct(columns, "by", ctx);
    requireColumns(ctx.schemaOf(input), columns, "by", ctx);
    const output = input.sort({
      by: columns,
      descending: config.by.map((key) => key.descending),
      nullsLast: config.by.map((key) => key.nulls_last),
      maintainOrder: true,
    });
    return { output };
  },
});
