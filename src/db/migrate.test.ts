import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { describeHub } from "../../tests/helpers/hub-db";
import { openDatabase } from "./client";
import { hubDatabase } from "./hub-db";
import { DatabaseTooNewError, migrateDatabase } from "./migrate";

const EXPECTED_TABLES = [
  "audit_checkpoints",
  "audit_events",
  "audit_head",
  "connection_databases",
  "connection_filesystems",
  "connections",
  "execution_artifacts",
  "execution_records",
  "executions",
  "grant_group_connections",
  "grant_groups",
  "groups",
  "hub_settings",
  "schedules",
  "server_groups",
  "server_tokens",
  "servers",
  "sessions",
  "user_group_grant_groups",
  "user_groups",
  "users",
  "workflow_revisions",
  "workflows",
];

async function tableNames(url: string): Promise<string[]> {
  const h = openDatabase(url);
  try {
    if (h.dialect === "sqlite") {
      const rows = h.db.$client
        .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as { name: string }[];
      return rows.map((r) => r.name);
    }
    const rows = (await h.db.$client.unsafe(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )) as { name: string }[];
    return rows.map((r) => r.name);
  } finally {
    await h.close();
  }
}

/** Every migration of the dialect's journal (each branch that adds one need not edit a count here). */
function journalCount(dialect: "sqlite" | "pg"): number {
  const path = join(import.meta.dir, "..", "..", "drizzle", dialect, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(path, "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

async function appliedCount(url: string): Promise<number> {
  const h = openDatabase(url);
  try {
    if (h.dialect === "sqlite") {
      return (h.db.$client.query("SELECT count(*) AS n FROM __weft_migrations").get() as { n: number }).n;
    }
    const rows = await h.db.$client.unsafe("SELECT count(*)::int AS n FROM drizzle.__weft_migrations");
    return rows[0].n;
  } finally {
    await h.close();
  }
}

describeHub("migrations", (suite) => {
  test("create every table of hub.md, seed the audit head, and change nothing when run again", async () => {
    const { url, handle, database, dataDir } = suite.ctx();
    await migrateDatabase(handle, join(dataDir, "tmp"));
    const tables = await tableNames(url);
    expect(tables.filter((t) => !t.startsWith("__"))).toEqual(EXPECTED_TABLES);
    expect(await appliedCount(url)).toBe(journalCount(suite.dialect));
    const head = await database.db.select().from(database.t.auditHead);
    expect(head).toEqual([{ id: 1, seq: 0, hash: "0".repeat(64) }]);
    const now = new Date("2026-03-04T05:06:07.089Z");
    await database.transaction((tx) => tx.db.insert(tx.t.hubSettings).values({ key: "k", value: "v", updatedAt: now }));
    const rows = await database.db.select().from(database.t.hubSettings).where(eq(database.t.hubSettings.key, "k"));
    expect(rows).toEqual([{ key: "k", value: "v", updatedAt: now }]);
    await handle.ping();
  });

  test("two Hubs migrating one new database at once: one applies, the other waits and finds nothing to do", async () => {
    const fresh = await suite.freshDatabase({ migrate: false });
    const other = openDatabase(fresh.url);
    try {
      await Promise.all([
        migrateDatabase(fresh.handle, join(fresh.dataDir, "tmp")),
        migrateDatabase(other, join(fresh.dataDir, "tmp2")),
      ]);
    } finally {
      await other.close();
    }
    expect(await appliedCount(fresh.url)).toBe(journalCount(suite.dialect));
    const head = await fresh.database.db.select({ n: count() }).from(fresh.database.t.auditHead);
    expect(head[0]?.n).toBe(1);
  });

  test("a database migrated by a newer Weft refuses to start, with a line that says so", async () => {
    const fresh = await suite.freshDatabase();
    const later = Date.parse("2099-01-01T00:00:00Z");
    if (fresh.handle.dialect === "sqlite") {
      fresh.handle.db.$client.run("INSERT INTO __weft_migrations (hash, created_at) VALUES ('future', ?)", [later]);
    } else {
      await fresh.handle.db.$client.unsafe(
        "INSERT INTO drizzle.__weft_migrations (hash, created_at) VALUES ('future', $1)",
        [later],
      );
    }
    const attempt = migrateDatabase(fresh.handle, join(fresh.dataDir, "tmp"));
    await expect(attempt).rejects.toThrow(DatabaseTooNewError);
    await expect(migrateDatabase(fresh.handle, join(fresh.dataDir, "tmp"))).rejects.toThrow(
      /migrated by a newer Weft \(1 migration\(s\) unknown to this binary, the newest from 2099-01-01T00:00:00.000Z\)/,
    );
    // Still usable by the newer binary: nothing was changed.
    expect(await hubDatabase(fresh.handle).db.select().from(fresh.database.t.auditHead)).toHaveLength(1);
  });
});
