import { and, asc, count, eq } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import { type ListQuery, nameContains } from "../lists";

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
