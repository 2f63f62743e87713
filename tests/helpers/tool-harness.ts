import pl from "nodejs-polars";
import { ToolConfigError } from "../../src/shared/errors";
import { openWithinRoots } from "../../src/shared/open-within-roots";
import { schemaOf } from "../../src/tools/schema-of";
import type { ToolContext, ToolDef, ToolLimits } from "../../src/tools/types";

export const TEST_LIMITS: ToolLimits = {
  maxPivotColumns: 1_000,
  maxCrossJoinRows: 10_000_000,
  maxUnpivotCells: 50_000_000,
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
  maxSpreadsheetMb: 100,
  maxSpreadsheetRatio: 200,
  maxPlanPaths: 10_000,
};

/** A tool context for unit tests: real schema lookups, paths taken as given. */
export function testContext(toolId = "t1", limits: Partial<ToolLimits> = {}): ToolContext {
  return {
    toolId,
    limits: { ...TEST_LIMITS, ...limits },
    schemaOf,
    resolvePath: (path) => path,
    locatePath: (path) => ({ path, root: undefined, readOnly: false }),
    openPath: (path, access) => openWithinRoots({ mode: "open", roots: [] }, path, access),
    sourceRows: "all",
    connection: () => {
      throw new Error("no database connection in a unit test's context");
    },
    signal: new AbortController().signal,
  };
}

/**
 * Runs one tool as the engine does: the config through its zod schema (a failure is a
 * ToolConfigError), then `build`, then every output socket collected.
 */
export function runTool<C>(
  def: ToolDef<C>,
  inputs: Record<string, pl.DataFrame[]>,
  config: unknown,
  options: { toolId?: string; limits?: Partial<ToolLimits> } = {},
): Record<string, pl.DataFrame> {
  const ctx = testContext(options.toolId, options.limits);
  const parsed = def.config.safeParse(config);
  if (!parsed.success) throw new ToolConfigError(ctx.toolId, parsed.error.message);
  const lazyInputs = Object.fromEntries(
    Object.entries(inputs).map(([socket, frames]) => [socket, frames.map((f) => f.lazy())]),
  );
  const outputs = def.build(lazyInputs, parsed.data, ctx);
  return Object.fromEntries(
    Object.entries(outputs).map(([socket, frame]) => [socket, frame.collectSync({ engine: "streaming" } as never)]),
  );
}

/** Rows of a frame as plain objects, for comparing with results computed in plain TypeScript. */
export function rowsOf(frame: pl.DataFrame): Record<string, unknown>[] {
  return frame.toRecords() as Record<string, unknown>[];
}

export { pl };
