import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { openDatabase } from "./client";
import { migrateDatabase } from "./migrate";
import * as pg from "./schema/pg";
import * as sqlite from "./schema/sqlite";

const dir = mkdtempSync(join(tmpdir(), "weft-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the two dialects' schemas have the same tables and columns", () => {
  const shape = (configs: { name: string; columns: { name: string; notNull: boolean; primary: boolean }[] }[]) =>
    configs
      .map((t) => ({ table: t.name, columns: t.columns.map((c) => `${c.name}:${c.notNull}:${c.primary}`).sort() }))
      .sort((a, b) => a.table.localeCompare(b.table));
  const sqliteShape = shape(Object.values(sqlite).map((t) => sqliteTableConfig(t)));
  const pgShape = shape(Object.values(pg).map((t) => pgTableConfig(t)));
  expect(sqliteShape.length).toBeGreaterThan(0);
  expect(pgShape).toEqual(sqliteShape);
});

describe("SQLite", () => {
  test("migrations create the tables, and running them again changes nothing", async () => {
    const url = `sqlite:${join(dir, "hub.db")}`;
    const db = openDatabase(url);
    await migrateDatabase(db, join(dir, "tmp"));
    await migrateDatabase(db, join(dir, "tmp"));
    if (db.dialect !== "sqlite") throw new Error("sqlite expected");
    const client = db.db.$client;
    const tables = client.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["hub_settings", "__weft_migrations"]));
    const applied = client.query("SELECT count(*) AS n FROM __weft_migrations").get() as { n: number };
    expect(applied.n).toBe(1);
    await db.db.insert(sqlite.hubSettings).values({ key: "k", value: "v", updatedAt: new Date().toISOString() });
    expect(await db.db.select().from(sqlite.hubSettings)).toHaveLength(1);
    await db.ping();
    await db.close();
  });
});

// PostgreSQL runs when scripts/ci/services.sh has started it (.ci/run exports the URL).
const pgUrl = process.env.WEFT_TEST_PG_URL;
describe.skipIf(!pgUrl)(`PostgreSQL${pgUrl ? "" : " (skipped: WEFT_TEST_PG_URL is not set; .ci/run sets it)"}`, () => {
  test("migrations create the tables, and running them again changes nothing", async () => {
    const admin = openDatabase(pgUrl as string);
    if (admin.dialect !== "pg") throw new Error("pg expected");
    const name = `weft_test_${process.pid}_${Date.now()}`;
    await admin.db.$client.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl as string);
    url.pathname = `/${name}`;
    const db = openDatabase(url.toString());
    try {
      await migrateDatabase(db, join(dir, "tmp"));
      await migrateDatabase(db, join(dir, "tmp"));
      if (db.dialect !== "pg") throw new Error("pg expected");
      await db.db.insert(pg.hubSettings).values({ key: "k", value: "v", updatedAt: new Date().toISOString() });
      expect(await db.db.select().from(pg.hubSettings)).toHaveLength(1);
      const applied = await db.db.$client.unsafe("SELECT count(*)::int AS n FROM drizzle.__weft_migrations");
      expect(applied[0].n).toBe(1);
      await db.ping();
    } finally {
      await db.close();
      await admin.db.$client.unsafe(`DROP DATABASE ${name}`);
      await admin.close();
    }
  });
});
