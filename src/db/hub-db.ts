import type { BunSQLQueryResultHKT } from "drizzle-orm/bun-sql";
import type { PgDatabase } from "drizzle-orm/pg-core";
import type { Logger } from "../shared/logger";
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

/** An open transaction: queries, and work to run once it has committed. */
export interface HubTx extends HubQueryable {
  /**
   * Runs `hook` after this transaction commits (never when it rolls back), in order. For
   * what must not happen unless the data is there: a checkpoint file line, a notification.
   * The caller's answer waits for the hooks; a hook that throws is logged, not rethrown
   * (the transaction did commit).
   */
  onCommit(hook: () => void | Promise<void>): void;
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
  transaction<T>(work: (tx: HubTx) => Promise<T>): Promise<T>;
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

type Hook = () => void | Promise<void>;

/** Runs the hooks of a committed transaction; one that throws is logged and the rest still run. */
async function runHooks(hooks: Hook[], logger: Logger | undefined): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (err) {
      if (!logger) throw err;
      logger.error("after-commit hook failed", { error: err });
    }
  }
}

/**
 * The portable view of an open handle. `logger` receives the errors of after-commit hooks
 * (without one they are rethrown, which suits tests).
 */
export function hubDatabase(handle: DbHandle, { logger }: { logger?: Logger } = {}): HubDatabase {
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
      transaction: async (work) => {
        const hooks: Hook[] = [];
        const result = await handle.writers.run(async () => {
          client.run("BEGIN IMMEDIATE");
          try {
            const answer = await work({ ...view, onCommit: (hook) => hooks.push(hook) });
            client.run("COMMIT");
            return answer;
          } catch (err) {
            if (client.inTransaction) client.run("ROLLBACK");
            throw err;
          }
        });
        await runHooks(hooks, logger);
        return result;
      },
    };
  }
  const view: HubQueryable = { dialect: "pg", db: handle.db as unknown as HubDb, t: pgSchema };
  return {
    ...view,
    handle,
    transaction: async <T>(work: (tx: HubTx) => Promise<T>): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        // A retried attempt starts with no hooks: only the committed attempt's run.
        const hooks: Hook[] = [];
        let result: T;
        try {
          result = await handle.db.transaction((tx) =>
            work({ ...view, db: tx as unknown as HubDb, onCommit: (hook) => hooks.push(hook) }),
          );
        } catch (err) {
          const state = sqlState(err);
          if (attempt >= PG_ATTEMPTS || !state || !PG_RETRYABLE.has(state)) throw err;
          // A jittered pause first: retried at once, the victim can take back the row the
          // survivor was woken for before it does, and deadlock with it again.
          await Bun.sleep(Math.random() * 20 * attempt);
          continue;
        }
        await runHooks(hooks, logger);
        return result;
      }
    },
  };
}
