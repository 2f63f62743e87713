import type { DataType } from "nodejs-polars";
import pl from "nodejs-polars";
import { SafetyLimitError, ToolConfigError } from "../../shared/errors";
import { isNested, requireColumns, requireDistinct, STREAMING, singleInput } from "../column-checks";
import { dtypeName, NUMERIC_VARIANTS } from "../dtype";
import { columnNames } from "../schema-of";
import { defineTool, type Frame, type FrameSchema, type ToolContext } from "../types";
import { unpivotMeta } from "./meta";
import { checkOutputNames } from "./names";

/**
 * Unpivot (wide to long): each input row gives one row per `on` column, holding the `index`
 * columns, the column's name (`variable_name`) and its value (`value_name`).
 * The value column's dtype: the `on` columns' dtype when they share one; Polars' numeric
 * supertype when all are numeric (Int32 + Int64 → Int64, Int64 + Float64 → Float64);
 * otherwise String, every value in its text form (Polars' cast: 1.5 → "1.5", true → "true",
 * dates ISO) rather than Polars' own silent casts (Boolean → integer, Date → float).
 * Row order is Polars' streaming order: input order within each chunk of rows, each chunk
 * column by column; sort afterwards where order matters.
 * Lazy, apart from a streaming row count for the `limits.maxUnpivotCells` check.
 */
export const unpivotTool = defineTool(unpivotMeta, {
  build(inputs, config, ctx) {
    const frame = singleInput(inputs, "input", ctx);
    const schema = ctx.schemaOf(frame);
    const { index, variable_name: variableName, value_name: valueName } = config;
    requireColumns(schema, index, "index", ctx);
    requireDistinct(index, "index", ctx);
    const on = config.on ?? columnNames(schema).filter((c) => !index.includes(c));
    requireColumns(schema, on, "on", ctx);
    requireDistinct(on, "on", ctx);
    const both = on.find((c) => index.includes(c));
    if (both !== undefined) throw new ToolConfigError(ctx.toolId, `Column "${both}" cannot be both in index and on`);
    if (on.length === 0) throw new ToolConfigError(ctx.toolId, "Nothing to unpivot: every column is in index");
    checkOutputNames(index, variableName, valueName, ctx);

    checkCells(frame, on.length, ctx);
    const casts = valueCasts(schema, on, ctx);
    const prepared = casts.length > 0 ? frame.withColumns(...casts) : frame;
    return { output: prepared.unpivot(index, on, { variableName, valueName }) };
  },
});

/** The safety limit: rows × unpivoted columns, the row count from a streaming query. */
function checkCells(frame: Frame, columns: number, ctx: ToolContext): void {
  const rows = Number(frame.select(pl.len().alias("rows")).collectSync(STREAMING).getColumn("rows").get(0));
  const wouldBe = rows * columns;
  const limit = ctx.limits.maxUnpivotCells;
  if (wouldBe > limit) {
    throw new SafetyLimitError(
      `Unpivot "${ctx.toolId}" would create ${wouldBe} cells (${rows} rows × ${columns} columns); the limit is ${limit} (MAX_UNPIVOT_CELLS)`,
      limit,
      wouldBe,
    );
  }
}

/** Casts that give the `on` columns one value dtype (see the tool's doc comment). */
function valueCasts(schema: FrameSchema, on: string[], ctx: ToolContext): pl.Expr[] {
  // A column of dtype Null (no values at all) fits any supertype: it decides nothing.
  const dtypes = on.map((c) => schema[c] as DataType).filter((d) => d.variant !== "Null");
  const [first] = dtypes;
  if (!first || dtypes.every((d) => d.equals(first))) return [];
  if (dtypes.every((d) => NUMERIC_VARIANTS.has(d.variant))) return [];
  const nested = on.find((c) => isNested(schema[c] as DataType));
  if (nested !== undefined) {
    throw new ToolConfigError(
      ctx.toolId,
      `Cannot unpivot column "${nested}" of type ${dtypeName(schema[nested] as DataType)} together with columns of other types`,
    );
  }
  return on.filter((c) => dtypeName(schema[c] as DataType) !== "String").map((c) => pl.col(c).cast(pl.String));
}
