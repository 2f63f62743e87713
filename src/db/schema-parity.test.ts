import { expect, test } from "bun:test";
import { getTableName } from "drizzle-orm";
import { type PgTable, getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import { type SQLiteTable, getTableConfig as sqliteConfig } from "drizzle-orm/sqlite-core";
import * as pg from "./schema/pg/index";
import * as sqlite from "./schema/sqlite/index";

/** Each dialect's column classes mapped onto one vocabulary. */
const KIND: Record<string, string> = {
  SQLiteText: "text",
  SQLiteInteger: "integer",
  SQLiteTimestamp: "timestamp",
  SQLiteBoolean: "boolean",
  PgText: "text",
  PgInteger: "integer",
  PgBigInt53: "integer",
  PgTimestamp: "timestamp",
  PgBoolean: "boolean",
};

interface ColumnLike {
  name: string;
  columnType: string;
  notNull: boolean;
  primary: boolean;
  isUnique: boolean;
  hasDefault: boolean;
}

interface TableConfigLike {
  name: string;
  columns: ColumnLike[];
  primaryKeys: { columns: { name: string }[] }[];
  uniqueConstraints: { columns: { name: string }[] }[];
  foreignKeys: {
    reference(): { columns: { name: string }[]; foreignColumns: { name: string }[]; foreignTable: unknown };
    onDelete?: string;
  }[];
  indexes: { config: { name: string; unique: boolean; columns: unknown[] } }[];
  checks: { name: string }[];
}

function shape(config: TableConfigLike) {
  const names = (cols: { name: string }[]) => cols.map((c) => c.name).join(",");
  return {
    table: config.name,
    columns: config.columns
      .map((c) => {
        const kind = KIND[c.columnType];
        if (!kind) throw new Error(`${config.name}.${c.name}: no common kind for ${c.columnType}`);
        // SQLite marks an INTEGER PRIMARY KEY as defaulted (it aliases the rowid); the Hub
        // always supplies those values (audit seq, the head's id 1), so it is no difference.
        const defaulted = c.hasDefault && !(c.primary && kind === "integer");
        return `${c.name} ${kind}${c.notNull ? " not null" : ""}${c.primary ? " pk" : ""}${c.isUnique ? " unique" : ""}${defaulted ? " default" : ""}`;
      })
      .sort(),
    primaryKeys: config.primaryKeys.map((k) => names(k.columns)).sort(),
    unique: config.uniqueConstraints.map((u) => names(u.columns)).sort(),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return `${names(ref.columns)} -> ${getTableName(ref.foreignTable as PgTable)}(${names(ref.foreignColumns)}) on delete ${fk.onDelete ?? "no action"}`;
      })
      .sort(),
    indexes: config.indexes
      .map(
        (i) => `${i.config.name}${i.config.unique ? " unique" : ""} (${names(i.config.columns as { name: string }[])})`,
      )
      .sort(),
    checks: config.checks.map((c) => c.name).sort(),
  };
}

const byName = (a: { table: string }, b: { table: string }) => a.table.localeCompare(b.table);

test("the two dialects' schemas agree: tables, columns, kinds, nullability, keys, unique, foreign keys, indexes, checks", () => {
  const sqliteShape = Object.values(sqlite)
    .map((t) => shape(sqliteConfig(t as SQLiteTable) as unknown as TableConfigLike))
    .sort(byName);
  const pgShape = Object.values(pg)
    .map((t) => shape(pgConfig(t as PgTable) as unknown as TableConfigLike))
    .sort(byName);
  expect(sqliteShape.length).toBe(23);
  expect(pgShape).toEqual(sqliteShape);
});

test("every foreign key says what happens on delete", () => {
  for (const table of Object.values(pg)) {
    for (const fk of pgConfig(table as PgTable).foreignKeys) {
      expect({ table: getTableName(table as PgTable), onDelete: fk.onDelete }).toEqual({
        table: getTableName(table as PgTable),
        onDelete: expect.stringMatching(/^(cascade|set null|restrict)$/),
      });
    }
  }
});

// The query code is written once against HubTables (src/db/hub-db.ts), typed from the pg
// schema: this fails to compile if a SQLite table's row type drifts from its pg twin.
type Rows<S> = { [K in keyof S]: S[K] extends { $inferSelect: infer R } ? R : never };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowTypesAgree: Same<Rows<typeof sqlite>, Rows<typeof pg>> = true;
test("row types are the same in both dialects (checked by the compiler)", () => {
  expect(rowTypesAgree).toBe(true);
});
