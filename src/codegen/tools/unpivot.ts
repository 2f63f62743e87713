import { ToolConfigError } from "../../shared/errors";
import { requireDistinct } from "../../tools/name-checks";
import { checkOutputNames } from "../../tools/unpivot/names";
import type { UnpivotConfig } from "../../tools/unpivot/schema";
import { pyList, pyStr } from "../python-text";
import type { PythonHelper, ToolCodegen } from "../types";

/** The Python of Weft's Unpivot (unpivot/index.ts): the value column's type needs the schema. */
export const UNPIVOT_HELPER: PythonHelper = {
  name: "unpivot_frame",
  source: `def unpivot_frame(frame: pl.LazyFrame, index: list, on, variable_name: str, value_name: str) -> pl.LazyFrame:
    """Weft's Unpivot (wide to long): one row per input row and on column (default: every column
    not in index). The value column has the on columns' type when they share one, their
    numeric supertype when all are numbers, else String with every value as its text (where
    Polars would cast silently: Boolean to integer, Date to float).
    """
    schema = frame.collect_schema()
    on = on if on is not None else [name for name in schema.names() if name not in index]
    if not on:
        raise ValueError("Nothing to unpivot: every column is in index")
    types = [schema[name] for name in on if schema[name] != pl.Null]
    if types and not all(t == types[0] for t in types) and not all(t.is_numeric() for t in types):
        nested = [name for name in on if isinstance(schema[name], (pl.List, pl.Array, pl.Struct, pl.Object))]
        if nested:
            raise ValueError(f'Cannot unpivot column "{nested[0]}" of type {schema[nested[0]]} together with columns of other types')
        frame = frame.with_columns(pl.col(name).cast(pl.String) for name in on if schema[name] != pl.String)
    return frame.unpivot(on, index=index, variable_name=variable_name, value_name=value_name)`,
};

/** Unpivot: unpivot_frame, after Weft's checks of the names. */
export const unpivotCodegen: ToolCodegen<UnpivotConfig> = (config, inputs, ctx) => {
  const { index, variable_name: variableName, value_name: valueName } = config;
  requireDistinct(index, "index", ctx);
  if (config.on) {
    requireDistinct(config.on, "on", ctx);
    const both = config.on.find((c) => index.includes(c));
    if (both !== undefined) throw new ToolConfigError(ctx.toolId, `Column "${both}" cannot be both in index and on`);
  }
  checkOutputNames(index, variableName, valueName, ctx);
  const on = config.on ? pyList(config.on) : "None";
  const call = `${ctx.helper(UNPIVOT_HELPER)}(${inputs.input?.[0]}, index=${pyList(index)}, on=${on}, variable_name=${pyStr(variableName)}, value_name=${pyStr(valueName)})`;
  return [`${ctx.outputs.output} = ${call}`];
};
