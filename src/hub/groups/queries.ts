import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import { type ListQuery, nameContains } from "../lists";
import { userColumns } from "../users/queries";

export async function listMembers(q: HubQueryable, groupId: string, { limit, offset, name }: ListQuery) {
  const { users, userGroups } = q.t;
  const where: SQL | undefined = and(eq(userGroups.groupId, groupId), nameContains(users.username, name));
  const [rows, totals] = await Promise.all([
    q.db
      .select(userColumns(q))
      .from(userGroups)
      .innerJoin(users, eq(users.id, userGroups.userId))
      .where(where)
      .orderBy(asc(users.username))
      .limit(limit)
      .offset(offset),
    q.db.select({ n: count() }).from(userGroups).innerJoin(users, eq(users.id, userGroups.userId)).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function isMember(q: HubQueryable, groupId: string, userId: string): Promise<boolean> {
  const { userGroups } = q.t;
  const rows = await q.db
    .select({ userId: userGroups.userId })
    .from(userGroups)
    .where(and(eq(userGroups.groupId, groupId), eq(userGroups.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function addMember(tx: HubQueryable, groupId: string, userId: string, at: Date): Promise<void> {
  await tx.db.insert(tx.t.userGroups).values({ groupId, userId, createdAt: at });
}

/** Answers whether a membership was removed. */
export async function removeMember(tx: HubQueryable, groupId: string, userId: string): Promise<boolean> {
  const { userGroups } = tx.t;
  const rows = await tx.db
    .delete(userGroups)
    .where(and(eq(userGroups.groupId, groupId), eq(userGroups.userId, userId)))
    .returning({ userId: userGroups.userId });
  return rows.length > 0;
}

export async function listGrantGroupsOf(q: HubQueryable, groupId: string, { limit, offset, name }: ListQuery) {
  const { grantGroups, userGroupGrantGroups: link } = q.t;
  const where = and(eq(link.groupId, groupId), nameContains(grantGroups.name, name));
  const [rows, totals] = await Promise.all([
    q.db
      .select({ id: grantGroups.id, name: grantGroups.name, description: grantGroups.description })
      .from(link)
      .innerJoin(grantGroups, eq(grantGroups.id, link.grantGroupId))
      .where(where)
      .orderBy(asc(grantGroups.name))
      .limit(limit)
      .offset(offset),
    q.db.select({ n: count() }).from(link).innerJoin(grantGroups, eq(grantGroups.id, link.grantGroupId)).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function hasGrantGroup(q: HubQueryable, groupId: string, grantGroupId: string): Promise<boolean> {
  const { userGroupGrantGroups: link } = q.t;
  const rows = await q.db
    .select({ groupId: link.groupId })
    .from(link)
    .where(and(eq(link.groupId, groupId), eq(link.grantGroupId, grantGroupId)))
    .limit(1);
  return rows.length > 0;
}

export async function assignGrantGroup(tx: HubQueryable, groupId: string, grantGroupId: string, at: Date) {
  await tx.db.insert(tx.t.userGroupGrantGroups).values({ groupId, grantGroupId, createdAt: at });
}

/** Answers whether an assignment was removed. */
export async function unassignGrantGroup(tx: HubQueryable, groupId: string, grantGroupId: string): Promise<boolean> {
  const { userGroupGrantGroups: link } = tx.t;
  const rows = await tx.db
    .delete(link)
    .where(and(eq(link.groupId, groupId), eq(link.grantGroupId, grantGroupId)))
    .returning({ groupId: link.groupId });
  return rows.length > 0;
}
