import { bigint, boolean, timestamp } from "drizzle-orm/pg-core";

/**
 * PostgreSQL's representation of the Hub's column kinds. Timestamps are timestamptz (UTC
 * instants), read and written as JS Dates, like SQLite's INTEGER milliseconds (see
 * ../sqlite/columns.ts). Integers that may grow past 2^31 (audit seq, sizes) are bigint read
 * as JS numbers. Column names are snake_case and identical in both dialects.
 */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const bool = (name: string) => boolean(name);

export const bigInteger = (name: string) => bigint(name, { mode: "number" });
