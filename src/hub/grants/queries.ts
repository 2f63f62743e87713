import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import { type ListQuery, nameContains } from "../lists";
import type { NamedRow } from "../named-schemas";

export async function findGrantGroup(q: HubQueryable, id: string): Promise<NamedRow | undefined> {
  const rows = await q.db.select().from(q.t.grantGroups).where(eq(q.t.grantGroups.id, id)).limit(1);
  return rows[0];
}

/** Another grant group named `name`, ignoring case (names are unique case-insensitively). */
export async function grantGroupNameTaken(q: HubQueryable, name: string, exceptId?: string): Promise<boolean> {
  const { grantGroups } = q.t;
  const rows = await q.db
    .select({ id: grantGroups.id })
    .from(grantGroups)
    .where(
      and(sql`lower(${grantGroups.name}) = ${name.toLowerCase()}`, exceptId ? ne(grantGroups.id, exceptId) : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

export async function listGrantGroups(q: HubQueryable, { limit, offset, name }: ListQuery) {
  const { grantGroups } = q.t;
  const where = nameContains(grantGroups.name, name);
  const [rows, totals] = await Promise.all([
    q.db.select().from(grantGroups).where(where).orderBy(asc(grantGroups.name)).limit(limit).offset(offset),
    q.db.select({ n: count() }).from(grantGroups).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function insertGrantGroup(tx: HubQueryable, row: NamedRow): Promise<void> {
  await tx.db.insert(tx.t.grantGroups).values(row);
}

export async function updateGrantGroup(
  tx: HubQueryable,
  id: string,
  set: { name?: string; description?: string | null; updatedAt: Date },
): Promise<void> {
  await tx.db.update(tx.t.grantGroups).set(set).where(eq(tx.t.grantGroups.id, id));
}

/** Deletes the grant group; its connection grants and user-group assignments go with it (CASCADE). */
export async function deleteGrantGroup(tx: HubQueryable, id: string): Promise<void> {
  await tx.db.delete(tx.t.grantGroups).where(eq(tx.t.grantGroups.id, id));
}

/** The connections in a grant group (metadata only: no settings, never a credential). */
export async function connectionsOf(q: HubQueryable, grantGroupId: string) {
  const { connections, grantGroupConnections: link } = q.t;
  return q.db
    .select({
      id: connections.id,
      name: connections.name,
      type: connections.type,
      description: connections.description,
    })
    .from(link)
    .innerJoin(connections, eq(connections.id, link.connectionId))
    .where(eq(link.grantGroupId, grantGroupId))
    .orderBy(asc(connections.name));
}

export async function findConnection(q: HubQueryable, id: string) {
  const { connections } = q.t;
  const rows = await q.db
    .select({
      id: connections.id,
      name: connections.name,
      type: connections.type,
      description: connections.description,
    })
    .from(connections)
    .where(eq(connections.id, id))
    .limit(1);
  return rows[0];
}

export async function holdsConnection(q: HubQueryable, grantGroupId: string, connectionId: string): Promise<boolean> {
  const { grantGroupConnections: link } = q.t;
  const rows = await q.db
    .select({ id: link.connectionId })
    .from(link)
    .where(and(eq(link.grantGroupId, grantGroupId), eq(link.connectionId, connectionId)))
    .limit(1);
  return rows.length > 0;
}

export async function addConnection(tx: HubQueryable, grantGroupId: string, connectionId: string, at: Date) {
  await tx.db.insert(tx.t.grantGroupConnections).values({ grantGroupId, connectionId, createdAt: at });
}

/** Answers whether a grant was removed. */
export async function removeConnection(tx: HubQueryable, grantGroupId: string, connectionId: string): Promise<boolean> {
  const { grantGroupConnections: link } = tx.t;
  const rows = await tx.db
    .delete(link)
    .where(and(eq(link.grantGroupId, grantGroupId), eq(link.connectionId, connectionId)))
    .returning({ id: link.connectionId });
  return rows.length > 0;
}

/** The user groups holding a grant group (assignments are made from the user-group side). */
export async function userGroupsOf(q: HubQueryable, grantGroupId: string, { limit, offset, name }: ListQuery) {
  const { groups, userGroupGrantGroups: link } = q.t;
  const where = and(eq(link.grantGroupId, grantGroupId), nameContains(groups.name, name));
  const [rows, totals] = await Promise.all([
    q.db
      .select({ id: groups.id, name: groups.name, description: groups.description })
      .from(link)
      .innerJoin(groups, eq(groups.id, link.groupId))
      .where(where)
      .orderBy(asc(groups.name))
      .limit(limit)
      .offset(offset),
    q.db.select({ n: count() }).from(link).innerJoin(groups, eq(groups.id, link.groupId)).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}
