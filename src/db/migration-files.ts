import { join } from "node:path";

export type Dialect = "sqlite" | "pg";

/** A folder laid out as drizzle-kit writes it (`meta/_journal.json`, `<tag>.sql`). */
export interface MigrationsFolder {
  path: string;
  /** Removes the folder when it was made for this run. */
  cleanup(): void;
}

/**
 * The migrations of `dialect`: in a source checkout, `drizzle/<dialect>/` itself. The
 * single-executable build swaps this module for one that writes the embedded copies to a
 * temporary folder under `scratchDir` (scripts/build.ts), so drizzle's own migrator reads
 * them either way.
 */
export function migrationsFolder(dialect: Dialect, _scratchDir: string): MigrationsFolder {
  return { path: join(import.meta.dir, "..", "..", "drizzle", dialect), cleanup: () => {} };
}
