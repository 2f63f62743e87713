import { afterAll, afterEach, beforeAll, describe } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DbHandle, openDatabase } from "../../src/db/client";
import { type HubDatabase, hubDatabase } from "../../src/db/hub-db";
import { migrateDatabase } from "../../src/db/migrate";
import type { Dialect } from "../../src/db/migration-files";

/** One fresh, migrated Hub database of one dialect. */
export interface HubDbContext {
  dialect: Dialect;
  /** DATABASE_URL of it (sqlite:/tmp/… or postgres://…/weft_t_…). */
  url: string;
  handle: DbHandle;
  database: HubDatabase;
  /** A temporary data directory beside it (keys, checkpoint file, scratch). */
  dataDir: string;
}

/** What a suite body receives: the context once beforeAll made it, and more fresh databases. */
export interface HubSuite {
  readonly dialect: Dialect;
  /** This suite's database (valid inside tests and hooks). */
  ctx(): HubDbContext;
  /**
   * Another database of the same dialect (migrated unless asked not to), for one test: it is
   * closed and dropped after that test.
   */
  freshDatabase(options?: { migrate?: boolean }): Promise<HubDbContext>;
}

export const PG_URL = process.env.WEFT_TEST_PG_URL;
const PG_SKIP = "skipped: WEFT_TEST_PG_URL is not set (.ci/run sets it)";
let counter = 0;

/** PostgreSQL's connection slots are shared by every test process: few per database. */
const PG_POOL_SIZE = 4;

/** Runs one statement on the server of WEFT_TEST_PG_URL over a connection of its own. */
async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const admin = openDatabase(adminUrl, { pgPoolSize: 1 });
  if (admin.dialect !== "pg") throw new Error("WEFT_TEST_PG_URL must be a postgres:// URL");
  try {
    await admin.db.$client.unsafe(statement);
  } finally {
    await admin.close();
  }
}

/**
 * Drops a test database: ends this role's sessions on it, then a plain DROP, which also stops
 * an autovacuum worker busy on it and waits for the ended sessions to go. Not `WITH (FORCE)`:
 * on PostgreSQL 15 that refuses to end an autovacuum worker for a role that is not superuser
 * ("must be a member of the role whose process is being terminated"), a drop that failed now
 * and then when autovacuum happened to visit the fresh database.
 */
export function dropPgDatabaseStatements(name: string): string[] {
  return [
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND usename = current_user AND pid <> pg_backend_pid()`,
    `DROP DATABASE IF EXISTS ${name}`,
  ];
}

/** A fresh, empty PostgreSQL database on the server of `adminUrl`, and how to drop it. */
export async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `weft_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await adminStatement(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      for (const statement of dropPgDatabaseStatements(name)) await adminStatement(adminUrl, statement);
    },
  };
}

interface SuiteControl extends HubSuite {
  init(): Promise<void>;
  /** Drops the databases freshDatabase made during the test that just ended. */
  afterTest(): Promise<void>;
  cleanup(): Promise<void>;
}

async function runAll(cleanups: (() => Promise<void>)[]): Promise<void> {
  for (const clean of cleanups.splice(0).reverse()) await clean();
}

function makeSuite(dialect: Dialect): SuiteControl {
  const suiteCleanups: (() => Promise<void>)[] = [];
  const testCleanups: (() => Promise<void>)[] = [];
  let cleanups = suiteCleanups;
  let main: HubDbContext | undefined;
  const freshDatabase = async ({ migrate = true } = {}): Promise<HubDbContext> => {
    const dataDir = mkdtempSync(join(tmpdir(), "weft-hub-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let url = `sqlite:${join(dataDir, "hub.db")}`;
    if (dialect === "pg") {
      const pg = await createPgDatabase(PG_URL as string);
      cleanups.push(pg.drop);
      url = pg.url;
    }
    const handle = openDatabase(url, { pgPoolSize: PG_POOL_SIZE });
    // Closed before the database is dropped (cleanups run last-first).
    cleanups.push(() => handle.close());
    if (migrate) await migrateDatabase(handle, join(dataDir, "tmp"));
    return { dialect, url, handle, database: hubDatabase(handle), dataDir };
  };
  return {
    dialect,
    ctx: () => {
      if (!main) throw new Error("the Hub database is made in beforeAll: use ctx() inside tests and hooks");
      return main;
    },
    freshDatabase,
    async cleanup() {
      await runAll(testCleanups);
      await runAll(suiteCleanups);
    },
    async init() {
      main = await freshDatabase();
      // From here on, databases belong to the test that asked for them.
      cleanups = testCleanups;
    },
    afterTest: () => runAll(testCleanups),
  };
}

/**
 * Runs the same suite on SQLite (a fresh temporary file) and on PostgreSQL (a fresh database
 * made from WEFT_TEST_PG_URL under a unique name, dropped afterwards). Without
 * WEFT_TEST_PG_URL the PostgreSQL run is skipped and its name says why.
 */
export function describeHub(name: string, body: (suite: HubSuite) => void): void {
  for (const dialect of ["sqlite", "pg"] as const) {
    const skip = dialect === "pg" && !PG_URL;
    const title = `${name} [${dialect === "pg" ? "PostgreSQL" : "SQLite"}]${skip ? ` (${PG_SKIP})` : ""}`;
    describe.skipIf(skip)(title, () => {
      const suite = makeSuite(dialect);
      beforeAll(() => suite.init());
      afterEach(() => suite.afterTest());
      afterAll(() => suite.cleanup());
      body(suite);
    });
  }
}
