import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SQL } from "bun";
import { type BunSQLDatabase, drizzle as drizzlePg } from "drizzle-orm/bun-sql";
import { type BunSQLiteDatabase, drizzle as drizzleSqlite } from "drizzle-orm/bun-sqlite";
import * as pgSchema from "./schema/pg/index";
import * as sqliteSchema from "./schema/sqlite/index";
import { SerialQueue } from "./serial-queue";

interface HandleBase {
  /** Answers whether the database takes a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The Hub's database, one of the two dialects, with the drizzle instance of that dialect. */
export type DbHandle =
  | (HandleBase & {
      dialect: "sqlite";
      db: BunSQLiteDatabase<typeof sqliteSchema> & { $client: Database };
      /**
       * One connection serves the whole process, so write transactions take turns here
       * (hubDatabase in src/db/hub-db.ts): two interleaved BEGIN…COMMIT on one connection would be one.
       */
      writers: SerialQueue;
    })
  | (HandleBase & { dialect: "pg"; db: BunSQLDatabase<typeof pgSchema> & { $client: SQL } });

/** The SQLite file of a `sqlite:` URL (`sqlite:/abs/path.db`, `sqlite:relative.db`, `sqlite::memory:`). */
export function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, "");
}

/**
 * Opens the Hub database named by DATABASE_URL: SQLite (bun:sqlite, WAL) or PostgreSQL
 * (Bun's built-in client, a pool of `pgPoolSize`). Nothing else is supported.
 */
export function openDatabase(url: string, { pgPoolSize = 10 }: { pgPoolSize?: number } = {}): DbHandle {
  if (url.startsWith("sqlite:")) {
    const path = sqlitePath(url);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const client = new Database(path, { create: true, strict: true });
    client.run("PRAGMA journal_mode = WAL");
    client.run("PRAGMA busy_timeout = 5000");
    client.run("PRAGMA foreign_keys = ON");
    const db = drizzleSqlite({ client, schema: sqliteSchema });
    return {
      dialect: "sqlite",
      db,
      writers: new SerialQueue(),
      ping: async () => {
        client.query("SELECT 1").get();
      },
      close: async () => client.close(),
    };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    // idleTimeout: a quiet Hub gives its connections back (PostgreSQL's slots are shared).
    const client = new SQL(url, { max: pgPoolSize, idleTimeout: 60 });
    const db = drizzlePg({ client, schema: pgSchema });
    return {
      dialect: "pg",
      db,
      ping: async () => {
        await client`SELECT 1`;
      },
      close: () => client.close(),
    };
  }
  throw new Error(`unsupported database URL scheme: ${url.split(":")[0]}`);
}
