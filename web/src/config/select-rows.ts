import type { ColumnInfo } from "../lib/api";

/** One entry of the Select tool's `columns` (decisions.md "Tool configs"). */
export interface SelectColumn {
  name: string;
  selected?: boolean;
  rename?: string | null;
  dtype?: string | null;
}

export interface SelectConfig {
  columns: SelectColumn[];
  keep_others?: boolean;
}

/** A row of the Select form: a listed column, or an incoming one the config does not name yet. */
export interface SelectRow {
  name: string;
  selected: boolean;
  rename: string;
  dtype: string;
  /** The dtype arriving at the tool (undefined while unknown or when the column is missing). */
  incoming?: string;
  /** Listed in the config but not arriving (any more). */
  missing: boolean;
}

/**
 * The rows the form shows: the config's columns in its order, then the incoming columns it
 * does not list, kept or dropped by `keep_others` (false by default, as the schema says).
 * `incoming` undefined means "not known yet": nothing is marked missing then.
 */
export function selectRows(config: SelectConfig, incoming: readonly ColumnInfo[] | undefined): SelectRow[] {
  const dtypes = new Map((incoming ?? []).map((c) => [c.name, c.dtype]));
  const listed = new Set(config.columns.map((c) => c.name));
  const rows: SelectRow[] = config.columns.map((c) => ({
    name: c.name,
    selected: c.selected ?? true,
    rename: c.rename ?? "",
    dtype: c.dtype ?? "",
    incoming: dtypes.get(c.name),
    missing: incoming !== undefined && !dtypes.has(c.name),
  }));
  for (const c of incoming ?? []) {
    if (listed.has(c.name)) continue;
    rows.push({
      name: c.name,
      selected: config.keep_others ?? false,
      rename: "",
      dtype: "",
      incoming: c.dtype,
      missing: false,
    });
  }
  return rows;
}

/** The config's `columns` for rows: every row listed, in order, with only what differs from the defaults. */
export function selectColumnsOf(rows: readonly SelectRow[]): SelectColumn[] {
  return rows.map((row) => {
    const column: SelectColumn = { name: row.name };
    if (!row.selected) column.selected = false;
    if (row.rename.trim() !== "") column.rename = row.rename;
    if (row.dtype.trim() !== "") column.dtype = row.dtype.trim();
    return column;
  });
}

/** Common Polars dtype names offered for a retype (the Server accepts more: Decimal(p, s), List(...)). */
export const COMMON_DTYPES = [
  "Int8",
  "Int16",
  "Int32",
  "Int64",
  "UInt8",
  "UInt16",
  "UInt32",
  "UInt64",
  "Float32",
  "Float64",
  "Boolean",
  "String",
  "Date",
  "Datetime(us)",
  "Datetime(ms)",
  "Datetime(ns)",
  "Time",
  "Duration(us)",
  "Categorical",
  "Decimal(38, 2)",
] as const;
