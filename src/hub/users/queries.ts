import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import type { Role } from "../../shared/roles";
import { type ListQuery, nameContains } from "../lists";
import type { UserRow } from "./schemas";

/** The columns of a user answer (never the password hash). */
export function userColumns(q: HubQueryable) {
  const { users } = q.t;
  return {
    id: users.id,
    username: users.username,
    email: users.email,
    role: users.role,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
    lastLoginAt: users.lastLoginAt,
    disabledAt: users.disabledAt,
  };
}

/**
 * Serializes the writes that count accounts before they change them (the first
 * registration; demoting or deleting an owner), so two of them never both see "another
 * owner remains". PostgreSQL: a transaction-scoped advisory lock. SQLite: the transaction is
 * BEGIN IMMEDIATE, which already holds the only write lock.
 */
export async function lockAccounts(tx: HubQueryable): Promise<void> {
  if (tx.dialect !== "pg") return;
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext('weft.accounts'))`);
}

export async function findUser(q: HubQueryable, id: string): Promise<UserRow | undefined> {
  const rows = await q.db.select(userColumns(q)).from(q.t.users).where(eq(q.t.users.id, id)).limit(1);
  return rows[0];
}

/** The user and its password hash (login, password change). */
export async function findCredentials(q: HubQueryable, where: { id: string } | { username: string }) {
  const { users } = q.t;
  const rows = await q.db
    .select({ ...userColumns(q), passwordHash: users.passwordHash })
    .from(users)
    .where("id" in where ? eq(users.id, where.id) : eq(users.username, where.username))
    .limit(1);
  return rows[0];
}

export async function usernameTaken(q: HubQueryable, username: string): Promise<boolean> {
  const rows = await q.db.select({ id: q.t.users.id }).from(q.t.users).where(eq(q.t.users.username, username)).limit(1);
  return rows.length > 0;
}

export async function countUsers(q: HubQueryable, role?: Role): Promise<number> {
  const { users } = q.t;
  const rows = await q.db
    .select({ n: count() })
    .from(users)
    .where(role ? eq(users.role, role) : undefined);
  return Number(rows[0]?.n ?? 0);
}

/** Owners who can sign in (not disabled): the last-owner rule counts these. */
export async function countActiveOwners(q: HubQueryable): Promise<number> {
  const { users } = q.t;
  const rows = await q.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "owner"), isNull(users.disabledAt)));
  return Number(rows[0]?.n ?? 0);
}

export async function listUsers(q: HubQueryable, { limit, offset, name }: ListQuery) {
  const { users } = q.t;
  const where = nameContains(users.username, name);
  const [rows, totals] = await Promise.all([
    q.db.select(userColumns(q)).from(users).where(where).orderBy(asc(users.username)).limit(limit).offset(offset),
    q.db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export interface NewUser {
  id: string;
  username: string;
  email: string | null;
  passwordHash: string;
  role: Role;
  at: Date;
}

export async function insertUser(tx: HubQueryable, u: NewUser): Promise<void> {
  await tx.db.insert(tx.t.users).values({
    id: u.id,
    username: u.username,
    email: u.email,
    passwordHash: u.passwordHash,
    role: u.role,
    createdAt: u.at,
    updatedAt: u.at,
  });
}

export async function updateUser(
  tx: HubQueryable,
  id: string,
  set: {
    email?: string | null;
    role?: Role;
    passwordHash?: string;
    updatedAt?: Date;
    lastLoginAt?: Date;
    disabledAt?: Date | null;
  },
): Promise<void> {
  await tx.db.update(tx.t.users).set(set).where(eq(tx.t.users.id, id));
}

/**
 * Deletes the account. The schema's ON DELETE does the rest: sessions, memberships,
 * capability tokens and the user's schedules go (CASCADE: nobody is left to run them as);
 * workflows, revisions, executions and connections stay, with their owner, author or
 * creator set to null (SET NULL: the team's work outlives the account). docs/hub.md says so.
 */
export async function deleteUser(tx: HubQueryable, id: string): Promise<void> {
  await tx.db.delete(tx.t.users).where(eq(tx.t.users.id, id));
}

/** Ends every session of a user, or all but `keep`; answers how many ended. */
export async function deleteSessionsOf(tx: HubQueryable, userId: string, keep?: string): Promise<number> {
  const { sessions } = tx.t;
  const rows = await tx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function groupsOfUser(q: HubQueryable, userId: string, { limit, offset, name }: ListQuery) {
  const { groups, userGroups } = q.t;
  const where = and(eq(userGroups.userId, userId), nameContains(groups.name, name));
  const [rows, totals] = await Promise.all([
    q.db
      .select({ id: groups.id, name: groups.name, description: groups.description })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(where)
      .orderBy(asc(groups.name))
      .limit(limit)
      .offset(offset),
    q.db.select({ n: count() }).from(userGroups).innerJoin(groups, eq(groups.id, userGroups.groupId)).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}
