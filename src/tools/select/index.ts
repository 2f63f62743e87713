import type { DataType } from "nodejs-polars";
import pl from "nodejs-polars";
import { ToolConfigError, ValidationError } from "../../shared/errors";
import { requireColumns, requireDistinct, singleInput } from "../column-checks";
import { parseDtype } from "../parse-dtype";
import { columnNames } from "../schema-of";
import { defineTool, type FrameSchema, type ToolContext } from "../types";
import { selectMeta } from "./meta";
import type { SelectConfig } from "./schema";

/** One output column: where it comes from, its name, the type it is cast to. */
interface Projection {
  source: string;
  output: string;
  dtype?: DataType;
}

function castTarget(name: string, dtype: string, ctx: ToolContext): DataType {
  try {
    return parseDtype(dtype);
  } catch (error) {
    // parseDtype's message lists the accepted names; say which column asked for it.
    if (error instanceof ValidationError) {
      throw new ToolConfigError(ctx.toolId, `Column "${name}": ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** The output columns in order; throws ToolConfigError for unknown, repeated or clashing names. */
export function projections(config: SelectConfig, schema: FrameSchema, ctx: ToolContext): Projection[] {
  const listed = config.columns.map((c) => c.name);
  requireDistinct(listed, "columns", ctx);
  requireColumns(schema, listed, "columns", ctx);
  const out: Projection[] = config.columns
    .filter((c) => c.selected)
    .map((c) => ({
      source: c.name,
      output: c.rename ? c.rename : c.name,
      ...(c.dtype ? { dtype: castTarget(c.name, c.dtype, ctx) } : {}),
    }));
  if (config.keep_others) {
    const named = new Set(listed);
    for (const name of columnNames(schema)) if (!named.has(name)) out.push({ source: name, output: name });
  }
  const taken = new Map<string, string>();
  for (const p of out) {
    const earlier = taken.get(p.output);
    if (earlier !== undefined) {
      throw new ToolConfigError(
        ctx.toolId,
        `Output column "${p.output}" would appear twice (from "${earlier}" and "${p.source}"): rename one of them`,
      );
    }
    taken.set(p.output, p.source);
  }
  if (out.length === 0) throw new ToolConfigError(ctx.toolId, "Select keeps no column: select at least one in columns");
  return out;
}

/**
 * Chooses, orders, renames and casts columns. Casts are strict: a value that does not convert
 * ("abc" to Int64) fails the run when the frame is collected, with Polars' message naming the
 * source column and the values; the engine reports a Polars error raised while collecting
 * this tool as a ToolRuntimeError of this tool. Lazy and streaming.
 */
export const selectTool = defineTool(selectMeta, {
  keepsRows: true,
  build(inputs, config, ctx) {
    const input = singleInput(inputs, "input", ctx);
    const schema = ctx.schemaOf(input);
    const exprs = projections(config, schema, ctx).map((p) => {
      const col = pl.col(p.source);
      // A cast to the type the column already has is left out of the plan.
      const typed = p.dtype && !p.dtype.equals(schema[p.source] as DataType) ? col.cast(p.dtype, true) : col;
      return typed.alias(p.output);
    });
    return { output: input.select(exprs) };
  },
});
