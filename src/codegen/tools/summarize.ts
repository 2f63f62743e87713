import { ToolConfigError } from "../../shared/errors";
import { requireDistinct } from "../../tools/name-checks";
import type { AggregateFunction, SummarizeConfig } from "../../tools/summarize/schema";
import { pyCol, pyList, pyStr } from "../python-text";
import type { ToolCodegen } from "../types";

/**
 * One aggregation with Weft's semantics (summarize/aggregate.ts), where Polars' own would
 * differ: `sum` and `concat` of no values are null, not 0 and ""; `count_distinct` leaves
 * nulls out; `concat` joins the values' text with ", ". Also used by Pivot's cells.
 */
export function aggregationPython(column: string, fn: AggregateFunction): string {
  const col = pyCol(column);
  const unlessEmpty = (expr: string) => `pl.when(${col}.count() > 0).then(${expr}).otherwise(None)`;
  switch (fn) {
    case "sum":
      return unlessEmpty(`${col}.sum()`);
    case "count_distinct":
      return `${col}.drop_nulls().n_unique()`;
    case "concat":
      return unlessEmpty(`${col}.cast(pl.String).str.join(", ", ignore_nulls=True)`);
    default:
      // mean median min max count first last std var: Polars' own (nulls skipped, ddof 1).
      return `${col}.${fn}()`;
  }
}

/** The name of an aggregation's result column. */
const outputOf = (a: SummarizeConfig["aggregations"][number]) => a.output ?? `${a.column}_${a.function}`;

/**
 * Summarize: group_by + agg, then the rows sorted by the group keys (nulls last), which Weft
 * does so that results are deterministic; without group columns, one row over the table.
 */
export const summarizeCodegen: ToolCodegen<SummarizeConfig> = (config, inputs, ctx) => {
  const groupBy = config.group_by;
  requireDistinct(groupBy, "group_by", ctx);
  const names = new Set(groupBy);
  config.aggregations.forEach((aggregation, i) => {
    const name = outputOf(aggregation);
    if (names.has(name)) {
      throw new ToolConfigError(
        ctx.toolId,
        `Output column "${name}" appears twice: give aggregation #${i + 1} another output name`,
      );
    }
    names.add(name);
  });
  const aggs = config.aggregations.map(
    (a) => `        ${aggregationPython(a.column, a.function)}.alias(${pyStr(outputOf(a))}),`,
  );
  const out = ctx.outputs.output as string;
  const input = inputs.input?.[0] as string;
  if (groupBy.length === 0) return [`${out} = ${input}.select(`, ...aggs.map((a) => a.slice(4)), ")"];
  return [
    `${out} = (`,
    `    ${input}.group_by(${pyList(groupBy)})`,
    // No aggregations: the distinct group keys.
    ...(aggs.length > 0 ? ["    .agg(", ...aggs, "    )"] : ["    .agg()"]),
    `    .sort(${pyList(groupBy)}, nulls_last=True)`,
    ")",
  ];
};
