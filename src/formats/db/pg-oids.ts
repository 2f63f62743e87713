import type { ColumnBuilder } from "./column-builders";

/** Polars' widest decimal; numeric columns declared wider are read as their text (String). */
export const MAX_DECIMAL_PRECISION = 38;

/** A value that the column's type cannot hold; the reader adds the column and row. */
export class PgValueError extends Error {}

/** Reads one column of the COPY stream: a value's bytes at `at`, or a null. */
export interface PgColumnReader {
  builder: ColumnBuilder;
  read(bytes: Buffer, view: DataView, at: number, length: number): void;
}

/** How one result column is read: the SQL cast its select needs, and its reader. */
export interface PgColumnPlan {
  /** Appended to the column in the COPY select: `::text` for types read as text. */
  cast: string;
  make(name: string): PgColumnReader;
}

/** OIDs of the built-in types read natively (pg_type.dat). */
export const PG_OID = {
  bool: 16,
  bytea: 17,
  name: 19,
  int8: 20,
  int2: 21,
  int4: 23,
  text: 25,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  unknown: 705,
  money: 790,
  bpchar: 1042,
  varchar: 1043,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
  interval: 1186,
  numeric: 1700,
  uuid: 2950,
  jsonb: 3802,
} as const;

/** Array OIDs whose elements become a List, by element OID. */
export const ARRAY_ELEMENTS: Record<number, number> = {
  1000: PG_OID.bool,
  1005: PG_OID.int2,
  1007: PG_OID.int4,
  1016: PG_OID.int8,
  1028: PG_OID.oid,
  1021: PG_OID.float4,
  1022: PG_OID.float8,
  1009: PG_OID.text,
  1015: PG_OID.varchar,
  1014: PG_OID.bpchar,
  1003: PG_OID.name,
  199: PG_OID.json,
  3807: PG_OID.jsonb,
  2951: PG_OID.uuid,
  1231: PG_OID.numeric,
  1182: PG_OID.date,
  1115: PG_OID.timestamp,
  1185: PG_OID.timestamptz,
};

export const TEXT_TYPES = new Set<number>([
  PG_OID.text,
  PG_OID.varchar,
  PG_OID.bpchar,
  PG_OID.name,
  PG_OID.json,
  PG_OID.unknown,
]);

/** Precision and scale of a numeric typmod as Polars needs them, or null when unconstrained or too wide. */
export function decimalOf(typmod: number): { precision: number; scale: number } | null {
  if (typmod < 4) return null;
  const packed = typmod - 4;
  const precision = (packed >> 16) & 0xffff;
  // PostgreSQL 15 allows a scale from -1000 to 1000, stored in 11 bits with its sign.
  const scale = ((packed & 0x7ff) ^ 1024) - 1024;
  // numeric(2,-3) holds multiples of 1000 below 10^5: Decimal(5, 0); numeric(3,5) is Decimal(5, 5).
  const polarsScale = Math.max(scale, 0);
  const polarsPrecision = Math.max(precision - scale, 0) + polarsScale;
  if (polarsPrecision > MAX_DECIMAL_PRECISION || polarsPrecision === 0) return null;
  return { precision: polarsPrecision, scale: polarsScale };
}
