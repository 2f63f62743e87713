import { seriesDtype } from "./dtype";
import type { Frame, FrameSchema } from "./types";

const known = new WeakMap<Frame, FrameSchema>();

/**
 * The schema of a lazy frame. nodejs-polars 0.26 has no lazy `schema`, so the plan is
 * collected with `limit(0)` on the streaming engine: about 1.5 ms, and no rows are read
 * beyond what the format needs to know its columns. Each column's type is read with
 * `seriesDtype`, since the frame's own `schema` throws for Binary columns and misreports
 * Duration units. Remembered per frame object.
 */
export function schemaOf(frame: Frame): FrameSchema {
  const remembered = known.get(frame);
  if (remembered) return remembered;
  const empty = frame.limit(0).collectSync({ engine: "streaming" } as never);
  // fromEntries defines own properties, so a column named "__proto__" is kept.
  const schema: FrameSchema = Object.fromEntries(
    empty.getColumns().map((column) => [column.name, seriesDtype(column)]),
  );
  known.set(frame, schema);
  return schema;
}
