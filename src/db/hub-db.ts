import type { BunSQLQueryResultHKT } from "drizzle-orm/bun-sql";
import type { PgDatabase } from "drizzle-orm/pg-core";
import type { DbHandle } from "./client";
import type { Dialect } from "./migration-files";
import * as pgSchema from "./schema/pg/index";
import * as sqliteSchema from "./schema/sqlite/index";

/** The Hub's tables, typed once (both dialects' tables have the same columns and value types). */
export type HubTables = typeof pgSchema;

/** A drizzle database or transaction, typed as the PostgreSQL flavour (see HubQueryable). */
export type HubDb = PgDatabase<BunSQLQueryResultHKT, HubTables>;

/**
 * What a Hub query runs against: the database or an open transaction, with the tables of
 * its dialect. One query text serves both dialects: the two schemas have the same column
 * names and value types (Date, string, number, boolean; schema-parity.test.ts checks it),
 * and drizzle's select/insert/update/delete/returning/onConflict builders behave the same
 * on both, so the SQLite instance is typed as the PostgreSQL one here. That is a typing
 * convenience, not a runtime truth: anything dialect-specific (`.for("update")`, `execute`,
 * raw SQL) branches on `dialect` or lives in a `*.pg.ts` / `*.sqlite.ts` file, and the Hub
 * suite runs on both databases (tests/helpers/hub-db.ts), which is what proves a query.
 */
export interface HubQueryable {
  dialect: Dialect;
  db: HubDb;
  t: HubTables;
}

/** The Hub's database as services see it: queries, and transactions for every write. */
export interface HubDatabase extends HubQueryable {
  handle: DbHandle;
  /**
   * Runs `work` in one transaction: all of it commits or none. Every write goes through here
   * (on SQLite the process shares one connection, so a write outside would join whichever
   * transaction is open). Do not nest: `work` gets the transaction; pass it down.
   * SQLite: BEGIN IMMEDIATE (takes the write lock first, so a reader never has to upgrade
   * and deadlock) behind an in-process queue. PostgreSQL: READ COMMITTED, retried on a
   * serialization failure or deadlock (40001, 40P01).
   */
  transaction<T>(work: (tx: HubQueryable) => Promise<T>): Promise<T>;
}

const PG_RETRYABLE = new Set(["40001", "40P01"]);
const PG_ATTEMPTS = 5;

function sqlState(err: unknown): string | undefined {
  for (let e = err; e instanceof Error; e = e.cause) {
    const state = (e as { errno?: unknown }).errno;
    if (typeof state === "string") return state;
  }
  return undefined;
}

/** The portable view of an open handle. */
export function hubDatabase(handle: DbHandle): HubDatabase {
  if (handle.dialect === "sqlite") {
    const view: HubQueryable = {
      dialect: "sqlite",
      db: handle.db as unknown as HubDb,
      t: sqliteSchema as unknown as HubTables,
    };
    const client = handle.db.$client;
    return {
      ...view,
      handle,
      transaction: (work) =>
        handle.writers.run(async () => {
          client.run("BEGIN IMMEDIATE");
          try {
            const result = await work(view);
            client.run("COMMIT");
            return result;
          } catch (err) {
            if (client.inTransaction) client.run("ROLLBACK");
            throw err;
          }
        }),
    };
  }
  const view: HubQueryable = { dialect: "pg", db: handle.db as unknown as HubDb, t: pgSchema };
  return {
    ...view,
    handle,
    transaction: async (work) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await handle.db.transaction((tx) => work({ ...view, db: tx as unknown as HubDb }));
        } catch (err) {
          const state = sqlState(err);
          if (attempt >= PG_ATTEMPTS || !state || !PG_RETRYABLE.has(state)) throw err;
          // A jittered pause first: retried at once, the victim can take back the row the
          // survivor was woken for before it does, and deadlock with it again.
          await Bun.sleep(Math.random() * 20 * attempt);
        }
      }
    },
  };
}
