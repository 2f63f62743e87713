import { ToolConfigError } from "../../shared/errors";
import { requireDistinct } from "../../tools/name-checks";
import type { PivotConfig } from "../../tools/pivot/schema";
import { pyList, pyStr } from "../python-text";
import type { PythonHelper, ToolCodegen } from "../types";

/**
 * The Python of Weft's Pivot (pivot/index.ts): the columns are the distinct values of `on`,
 * which one query reads first; the cells are then a lazy group_by with one filtered
 * aggregation per column, with Summarize's semantics.
 */
export const PIVOT_HELPER: PythonHelper = {
  name: "pivot_frame",
  source: `def pivot_frame(frame: pl.LazyFrame, index: list, on: str, values: list, aggregate: str) -> pl.LazyFrame:
    """Weft's Pivot (long to wide).

    One row per combination of index values (sorted, nulls last); one column per distinct on
    value (sorted, null last), named by the value's text ("null" for null), or
    "<values column>_<on value>" with several values columns. A cell is the aggregate of its
    rows' values with Summarize's rules (nulls skipped; a sum of no values is null); a
    combination without rows is null, or 0 for count.
    """
    on_values = (
        frame.select(pl.col(on).unique().sort(nulls_last=True))
        .select(pl.col(on).cast(pl.String).fill_null("null"))
        .collect(engine="streaming")
        .to_series()
        .to_list()
    )
    on_text = pl.col(on).cast(pl.String).fill_null("null")
    cells, names = [], list(index)
    for value_column in values:
        for text in on_values:
            name = f"{value_column}_{text}" if len(values) > 1 else text
            if name in names:
                raise ValueError(
                    f'Pivot on "{on}" would create the column "{name}" twice (a value of "{on}" names an '
                    'existing column, or both null and "null" occur)'
                )
            names.append(name)
            cell = pl.col(value_column).filter(on_text == text)
            if aggregate == "sum":
                cell = pl.when(cell.count() > 0).then(cell.sum()).otherwise(None)
            else:
                cell = getattr(cell, aggregate)()
            cells.append(cell.alias(name))
    return frame.group_by(index).agg(cells).sort(index, nulls_last=True)`,
};

/** Pivot: pivot_frame, after Weft's checks of the column lists. */
export const pivotCodegen: ToolCodegen<PivotConfig> = (config, inputs, ctx) => {
  const { index, on, aggregate } = config;
  const values = typeof config.values === "string" ? [config.values] : config.values;
  requireDistinct(index, "index", ctx);
  requireDistinct(values, "values", ctx);
  if (index.includes(on)) throw new ToolConfigError(ctx.toolId, `Column "${on}" cannot be both in index and on`);
  for (const v of values) {
    if (index.includes(v) || v === on) {
      throw new ToolConfigError(ctx.toolId, `Column "${v}" in values cannot also be in ${v === on ? "on" : "index"}`);
    }
  }
  const call = `${ctx.helper(PIVOT_HELPER)}(${inputs.input?.[0]}, index=${pyList(index)}, on=${pyStr(on)}, values=${pyList(values)}, aggregate=${pyStr(aggregate)})`;
  return [`${ctx.outputs.output} = ${call}`];
};
