import { dtypeName } from "../tools/dtype";
import { schemaEntries, schemaOf } from "../tools/schema-of";
import type { Frame } from "../tools/types";
import type { ColumnInfo } from "./job";

/** A frame's columns as the API shows them, from the lazy plan (no rows are read). */
export function columnsOf(frame: Frame): ColumnInfo[] {
  return schemaEntries(schemaOf(frame)).map(([name, dtype]) => ({ name, dtype: dtypeName(dtype) }));
}
