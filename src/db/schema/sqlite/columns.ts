import { integer } from "drizzle-orm/sqlite-core";

/**
 * SQLite's representation of the Hub's column kinds. Timestamps are INTEGER milliseconds
 * since the epoch (UTC), read and written as JS Dates, so they sort and compare as numbers
 * and round-trip exactly (PostgreSQL uses timestamptz: see ../pg/columns.ts). Booleans are
 * INTEGER 0/1; JSON is TEXT. Column names are snake_case and identical in both dialects.
 */
export const ts = (name: string) => integer(name, { mode: "timestamp_ms" });

export const bool = (name: string) => integer(name, { mode: "boolean" });

/** SQLite's INTEGER is 64-bit already; named apart so both schemas read alike (PostgreSQL: bigint). */
export const bigInteger = (name: string) => integer(name, { mode: "number" });
