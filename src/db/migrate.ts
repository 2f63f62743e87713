import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import type { DbHandle } from "./client";
import { migrationsFolder } from "./migration-files";

/** Drizzle's own bookkeeping table layout (id, hash, created_at = the journal's `when`). */
const MIGRATIONS_TABLE = "__weft_migrations";
/** pg_advisory_xact_lock key: "weft" in ASCII, so it does not collide with another app's. */
const PG_MIGRATION_LOCK = 0x77656674;

/** The database was migrated by a newer Weft than this one; starting would risk it. */
export class DatabaseTooNewError extends Error {
  override readonly name = "DatabaseTooNewError";
}

interface AppliedRow {
  hash: string;
  created_at: number | string | bigint | null;
}

/**
 * The migrations still to apply, in order. Refuses when the database records a migration
 * this binary does not ship: a newer Weft migrated it, and this older code would misread
 * (or damage) a schema it does not know.
 */
function pendingMigrations(known: MigrationMeta[], applied: AppliedRow[]): MigrationMeta[] {
  const knownTimes = new Set(known.map((m) => m.folderMillis));
  const unknown = applied.filter((row) => !knownTimes.has(Number(row.created_at)));
  if (unknown.length > 0) {
    const newest = Math.max(...unknown.map((row) => Number(row.created_at)));
    throw new DatabaseTooNewError(
      `the Hub database was migrated by a newer Weft (${unknown.length} migration(s) unknown to this binary, the newest from ${new Date(newest).toISOString()}); run that version or newer, or restore a backup`,
    );
  }
  const appliedTimes = new Set(applied.map((row) => Number(row.created_at)));
  return known.filter((m) => !appliedTimes.has(m.folderMillis));
}

/**
 * Applies every migration the database has not seen yet, all in one transaction; safe at
 * each start and safe when several Hubs start at once: PostgreSQL takes a transaction-level
 * advisory lock first (the second Hub waits, then finds nothing to do); SQLite takes the
 * write lock first (BEGIN IMMEDIATE). `scratchDir` is a writable folder for the
 * executable's embedded migrations. Throws DatabaseTooNewError for a database from a newer
 * Weft.
 */
export async function migrateDatabase(handle: DbHandle, scratchDir: string): Promise<void> {
  const folder = migrationsFolder(handle.dialect, scratchDir);
  try {
    const known = readMigrationFiles({ migrationsFolder: folder.path });
    if (handle.dialect === "sqlite") {
      const client = handle.db.$client;
      await handle.writers.run(async () => {
        client
          .transaction(() => {
            client.run(
              `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
            );
            const applied = client.query(`SELECT hash, created_at FROM ${MIGRATIONS_TABLE}`).all() as AppliedRow[];
            for (const m of pendingMigrations(known, applied)) {
              for (const stmt of m.sql) if (stmt.trim()) client.run(stmt);
              client.run(`INSERT INTO ${MIGRATIONS_TABLE} (hash, created_at) VALUES (?, ?)`, [m.hash, m.folderMillis]);
            }
          })
          .immediate();
      });
      return;
    }
    await handle.db.$client.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`;
      await tx.unsafe("CREATE SCHEMA IF NOT EXISTS drizzle");
      await tx.unsafe(
        `CREATE TABLE IF NOT EXISTS drizzle.${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
      );
      const applied = (await tx.unsafe(`SELECT hash, created_at FROM drizzle.${MIGRATIONS_TABLE}`)) as AppliedRow[];
      for (const m of pendingMigrations(known, applied)) {
        for (const stmt of m.sql) if (stmt.trim()) await tx.unsafe(stmt);
        await tx.unsafe(`INSERT INTO drizzle.${MIGRATIONS_TABLE} (hash, created_at) VALUES ($1, $2)`, [
          m.hash,
          m.folderMillis,
        ]);
      }
    });
  } finally {
    folder.cleanup();
  }
}
