import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { HubQueryable } from "../db/hub-db";
import { type ListQuery, nameContains } from "./lists";
import type { NamedRow } from "./named-schemas";

/** The tables of the Hub's named records (the same columns: id, name, description, times). */
export type NamedTable = "groups" | "grantGroups";

/**
 * The queries every named record needs (user groups, grant groups), on its table: find,
 * the case-insensitive name check, the list, insert, update, delete. Deleting takes the
 * record's links with it (their foreign keys CASCADE).
 */
export function namedQueries(table: NamedTable) {
  return {
    async find(q: HubQueryable, id: string): Promise<NamedRow | undefined> {
      const t = q.t[table];
      const rows = await q.db.select().from(t).where(eq(t.id, id)).limit(1);
      return rows[0];
    },

    /** Another record named `name`, ignoring case (names are unique case-insensitively). */
    async nameTaken(q: HubQueryable, name: string, exceptId?: string): Promise<boolean> {
      const t = q.t[table];
      const rows = await q.db
        .select({ id: t.id })
        .from(t)
        .where(and(sql`lower(${t.name}) = ${name.toLowerCase()}`, exceptId ? ne(t.id, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async list(q: HubQueryable, { limit, offset, name }: ListQuery): Promise<{ rows: NamedRow[]; total: number }> {
      const t = q.t[table];
      const where = nameContains(t.name, name);
      const [rows, totals] = await Promise.all([
        q.db.select().from(t).where(where).orderBy(asc(t.name)).limit(limit).offset(offset),
        q.db.select({ n: count() }).from(t).where(where),
      ]);
      return { rows, total: Number(totals[0]?.n ?? 0) };
    },

    async insert(tx: HubQueryable, row: NamedRow): Promise<void> {
      await tx.db.insert(tx.t[table]).values(row);
    },

    async update(
      tx: HubQueryable,
      id: string,
      set: { name?: string; description?: string | null; updatedAt: Date },
    ): Promise<void> {
      const t = tx.t[table];
      await tx.db.update(t).set(set).where(eq(t.id, id));
    },

    async remove(tx: HubQueryable, id: string): Promise<void> {
      const t = tx.t[table];
      await tx.db.delete(t).where(eq(t.id, id));
    },
  };
}

/** A user group by id. */
export const groupRecords = namedQueries("groups");
/** A grant group by id. */
export const grantGroupRecords = namedQueries("grantGroups");
