import type { DataType } from "nodejs-polars";
import { ToolConfigError } from "../shared/errors";
import { columnNames } from "./schema-of";
import type { Frame, FrameSchema, ToolContext, ToolInputs } from "./types";

export { requireDistinct } from "./name-checks";

/** Collect options for the streaming engine (the async collect reads whole files: notes/polars.md). */
export const STREAMING = { engine: "streaming" } as never;

/** The one frame wired into a single, required socket; a missing wire is the config's fault. */
export function singleInput(inputs: ToolInputs, socket: string, ctx: ToolContext): Frame {
  const frame = inputs[socket]?.[0];
  if (!frame) throw new ToolConfigError(ctx.toolId, `Input "${socket}" is not connected`);
  return frame;
}

/**
 * Throws ToolConfigError unless every name is a column of the schema. `field` says which part
 * of the config named it, so the message points the user at what to fix.
 */
export function requireColumns(schema: FrameSchema, names: readonly string[], field: string, ctx: ToolContext): void {
  for (const name of names) {
    if (!(name in schema)) {
      const known = columnNames(schema).join(", ");
      throw new ToolConfigError(ctx.toolId, `Unknown column "${name}" in ${field} (columns: ${known})`);
    }
  }
}

/** Nested and opaque dtypes: they cannot be cast to text, ordered or used as column names. */
export function isNested(dtype: DataType): boolean {
  return ["List", "FixedSizeList", "Struct", "Object"].includes(dtype.variant);
}
