import { expect, test } from "bun:test";
import { type PgTable, getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import { type SQLiteTable, getTableConfig as sqliteConfig } from "drizzle-orm/sqlite-core";
import { describeHub } from "../../tests/helpers/hub-db";
import type { DbHandle } from "./client";
import * as pg from "./schema/pg/index";
import * as sqlite from "./schema/sqlite/index";

/** A table as the migrated database has it: columns with nullability, foreign keys, indexes. */
interface TableShape {
  columns: string[];
  foreignKeys: string[];
  indexes: string[];
}

const ON_DELETE: Record<string, string> = { c: "cascade", n: "set null", r: "restrict", a: "no action" };

async function appliedShape(h: DbHandle, table: string): Promise<TableShape> {
  if (h.dialect === "sqlite") {
    const c = h.db.$client;
    const cols = c.query(`PRAGMA table_info(${table})`).all() as { name: string; notnull: number; pk: number }[];
    const fks = c.query(`PRAGMA foreign_key_list(${table})`).all() as {
      from: string;
      table: string;
      to: string;
      on_delete: string;
    }[];
    const idx = c.query(`PRAGMA index_list(${table})`).all() as { name: string; origin: string }[];
    return {
      columns: cols.map((x) => `${x.name}${x.notnull || x.pk ? " not null" : ""}`).sort(),
      foreignKeys: fks.map((f) => `${f.from} -> ${f.table}(${f.to}) ${f.on_delete.toLowerCase()}`).sort(),
      // Indexes created by name (origin "c"); SQLite names those of UNIQUE/PK itself.
      indexes: idx
        .filter((i) => i.origin === "c")
        .map((i) => i.name)
        .sort(),
    };
  }
  const sql = h.db.$client;
  const cols = (await sql`SELECT column_name, is_nullable FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table}`) as { column_name: string; is_nullable: string }[];
  const fks = (await sql`SELECT a.attname AS from_col, cf.relname AS to_table, af.attname AS to_col, c.confdeltype
    FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class cf ON cf.oid = c.confrelid
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
    WHERE c.contype = 'f' AND t.relname = ${table}`) as {
    from_col: string;
    to_table: string;
    to_col: string;
    confdeltype: string;
  }[];
  const idx = (await sql`SELECT i.relname AS name FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    LEFT JOIN pg_constraint k ON k.conindid = x.indexrelid
    WHERE t.relname = ${table} AND k.oid IS NULL`) as { name: string }[];
  return {
    columns: cols.map((x) => `${x.column_name}${x.is_nullable === "NO" ? " not null" : ""}`).sort(),
    foreignKeys: fks.map((f) => `${f.from_col} -> ${f.to_table}(${f.to_col}) ${ON_DELETE[f.confdeltype]}`).sort(),
    indexes: idx.map((i) => i.name).sort(),
  };
}

/** The same facts from the drizzle definition of `dialect`. */
function declaredShape(dialect: "sqlite" | "pg", table: SQLiteTable | PgTable): TableShape & { name: string } {
  const config =
    dialect === "sqlite"
      ? sqliteConfig(table as SQLiteTable)
      : (pgConfig(table as PgTable) as unknown as ReturnType<typeof sqliteConfig>);
  const pkColumns = new Set(config.primaryKeys.flatMap((k) => k.columns.map((c) => c.name)));
  return {
    name: config.name,
    columns: config.columns
      .map((c) => `${c.name}${c.notNull || c.primary || pkColumns.has(c.name) ? " not null" : ""}`)
      .sort(),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        const to = (dialect === "sqlite" ? sqliteConfig(ref.foreignTable) : pgConfig(ref.foreignTable as never)).name;
        return `${ref.columns[0]?.name} -> ${to}(${ref.foreignColumns[0]?.name}) ${fk.onDelete ?? "no action"}`;
      })
      .sort(),
    // drizzle-kit writes SQLite's unique constraints as named unique indexes.
    indexes: [
      ...config.indexes.map((i) => i.config.name),
      ...(dialect === "sqlite"
        ? [
            ...config.columns.filter((c) => c.isUnique).map((c) => c.uniqueName ?? ""),
            ...config.uniqueConstraints.map((u) => u.name ?? ""),
          ]
        : []),
    ].sort(),
  };
}

describeHub("the migrated database matches the schema the code declares", (suite) => {
  test("every table's columns, nullability, foreign keys (with ON DELETE) and indexes", async () => {
    const { handle, dialect } = suite.ctx();
    const tables = Object.values(dialect === "sqlite" ? sqlite : pg) as (SQLiteTable | PgTable)[];
    for (const table of tables) {
      const declared = declaredShape(dialect, table);
      const { name, ...expected } = declared;
      expect({ table: name, ...(await appliedShape(handle, name)) }).toEqual({ table: name, ...expected });
    }
  });
});
