import { ToolConfigError } from "../../shared/errors";
import { requireColumns, requireDistinct, singleInput } from "../column-checks";
import { defineTool } from "../types";
import { aggregateExpr, checkAggregatable } from "./aggregate";
import { summarizeMeta } from "./meta";
import type { Aggregation } from "./schema";

/** The name of an aggregation's result column. */
export function aggregationOutput(aggregation: Aggregation): string {
  return aggregation.output ?? `${aggregation.column}_${aggregation.function}`;
}

/**
 * Summarize: group by columns and aggregate (semantics of each function: aggregate.ts).
 * Output: the group columns, then the aggregations in config order. Rows are sorted by the
 * group keys (ascending, nulls last) so previews are deterministic; null keys form their own
 * group. An empty `group_by` gives exactly one row, also for an empty input. Lazy.
 */
export const summarizeTool = defineTool(summarizeMeta, {
  build(inputs, config, ctx) {
    const frame = singleInput(inputs, "input", ctx);
    const schema = ctx.schemaOf(frame);
    const groupBy = config.group_by;
    requireColumns(schema, groupBy, "group_by", ctx);
    requireDistinct(groupBy, "group_by", ctx);

    const exprs = config.aggregations.map((aggregation, i) => {
      const { column, function: fn } = aggregation;
      requireColumns(schema, [column], `aggregation #${i + 1}`, ctx);
      const dtype = schema[column];
      if (dtype) checkAggregatable(column, dtype, fn, ctx);
      return aggregateExpr(column, fn).alias(aggregationOutput(aggregation));
    });

    const names = new Set(groupBy);
    config.aggregations.forEach((aggregation, i) => {
      const name = aggregationOutput(aggregation);
      if (names.has(name)) {
        throw new ToolConfigError(
          ctx.toolId,
          `Output column "${name}" appears twice: give aggregation #${i + 1} another output name`,
        );
      }
      names.add(name);
    });

    if (groupBy.length === 0) return { output: frame.select(...exprs) };
    return {
      output: frame
        .groupBy(groupBy)
        .agg(...exprs)
        .sort({ by: groupBy, nullsLast: true }),
    };
  },
});
