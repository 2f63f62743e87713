/**
 * The data types an expression may name (`pl.Int64`, `pl.Datetime("ms")`), without Polars:
 * dtypes.ts builds each (and must have exactly these, its type says so), and code generation,
 * which runs where Polars is not loaded, checks expressions against this list.
 */
export const DTYPE_NAMES = [
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
  "String",
  "Utf8",
  "Boolean",
  "Date",
  "Time",
  "Null",
  "Categorical",
  "Datetime",
  "Duration",
  "Decimal",
  "List",
] as const;
export type DtypeName = (typeof DTYPE_NAMES)[number];
