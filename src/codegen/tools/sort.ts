import { ToolConfigError } from "../../shared/errors";
import { requireDistinct } from "../../tools/name-checks";
import type { SortConfig } from "../../tools/sort/schema";
import { pyList } from "../python-text";
import type { ToolCodegen } from "../types";

const pyBools = (values: readonly boolean[]) => `[${values.map((v) => (v ? "True" : "False")).join(", ")}]`;

/**
 * Sort: Weft's sort is stable (`maintain_order=True`, which Polars leaves off by default) and
 * places nulls per key (last unless told otherwise; Polars' default is first).
 */
export const sortCodegen: ToolCodegen<SortConfig> = (config, inputs, ctx) => {
  if (config.by.length === 0) throw new ToolConfigError(ctx.toolId, "Sort needs at least one column in by");
  const columns = config.by.map((key) => key.column);
  requireDistinct(columns, "by", ctx);
  return [
    `${ctx.outputs.output} = ${inputs.input?.[0]}.sort(`,
    `    ${pyList(columns)},`,
    `    descending=${pyBools(config.by.map((key) => key.descending))},`,
    `    nulls_last=${pyBools(config.by.map((key) => key.nulls_last))},`,
    "    maintain_order=True,",
    ")",
  ];
};
