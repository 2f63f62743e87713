import { migrate as migratePg } from "drizzle-orm/bun-sql/migrator";
import { migrate as migrateSqlite } from "drizzle-orm/bun-sqlite/migrator";
import type { DbHandle } from "./client";
import { migrationsFolder } from "./migration-files";

const MIGRATIONS_TABLE = "__weft_migrations";

/**
 * Applies every migration the database has not seen yet; safe at each start. `scratchDir`
 * is a writable folder for the executable's embedded migrations.
 */
export async function migrateDatabase(handle: DbHandle, scratchDir: string): Promise<void> {
  const folder = migrationsFolder(handle.dialect, scratchDir);
  try {
    const config = { migrationsFolder: folder.path, migrationsTable: MIGRATIONS_TABLE };
    if (handle.dialect === "sqlite") migrateSqlite(handle.db, config);
    else await migratePg(handle.db, config);
  } finally {
    folder.cleanup();
  }
}
