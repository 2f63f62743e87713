import { and, asc, count, eq, ilike, inArray, isNull, like, lte, or, type SQL } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";

export type ServerRow = HubQueryable["t"]["servers"]["$inferSelect"];
export type ServerInsert = HubQueryable["t"]["servers"]["$inferInsert"];
export interface GroupRef {
  id: string;
  name: string;
}

/**
 * Whether `err` is a unique-constraint violation (PostgreSQL 23505; SQLite's "UNIQUE
 * constraint failed"), looking through drizzle's wrapping: two requests for one new name
 * can both find it free and both insert; the second loses here.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const { errno, code } = e as { errno?: unknown; code?: unknown };
    if (errno === "23505" || code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") return true;
    if (e.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

/** `%` and `_` in a user's filter are literal text, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Case-insensitive "name contains" (PostgreSQL's LIKE is case-sensitive; SQLite's is not for ASCII). */
function nameContains(q: HubQueryable, text: string): SQL {
  const pattern = containsPattern(text);
  return q.dialect === "pg" ? ilike(q.t.servers.name, pattern) : like(q.t.servers.name, pattern);
}

export async function listServers(q: HubQueryable, opts: { limit: number; offset: number; name?: string }) {
  const { servers } = q.t;
  const where = opts.name ? nameContains(q, opts.name) : undefined;
  const rows = await q.db
    .select()
    .from(servers)
    .where(where)
    .orderBy(asc(servers.name))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await q.db.select({ n: count() }).from(servers).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findServer(q: HubQueryable, id: string): Promise<ServerRow | undefined> {
  const rows = await q.db.select().from(q.t.servers).where(eq(q.t.servers.id, id));
  return rows[0];
}

export async function findServerByName(q: HubQueryable, name: string): Promise<ServerRow | undefined> {
  const rows = await q.db.select().from(q.t.servers).where(eq(q.t.servers.name, name));
  return rows[0];
}

/** The Server whose auth_token has this SHA-256 (revoked or not: the caller decides). */
export async function findServerByTokenHash(q: HubQueryable, digest: string): Promise<ServerRow | undefined> {
  const rows = await q.db.select().from(q.t.servers).where(eq(q.t.servers.authTokenSha256, digest));
  return rows[0];
}

export async function insertServer(q: HubQueryable, row: ServerInsert): Promise<ServerRow> {
  const [inserted] = await q.db.insert(q.t.servers).values(row).returning();
  if (!inserted) throw new Error("insert into servers returned nothing");
  return inserted;
}

export async function updateServer(q: HubQueryable, id: string, set: Partial<ServerInsert>): Promise<ServerRow> {
  const [updated] = await q.db.update(q.t.servers).set(set).where(eq(q.t.servers.id, id)).returning();
  if (!updated) throw new Error(`server ${id} vanished during an update`);
  return updated;
}

export async function deleteServer(q: HubQueryable, id: string): Promise<void> {
  await q.db.delete(q.t.servers).where(eq(q.t.servers.id, id));
}

/** The user groups of each Server in `serverIds` (a Server without any is open to everyone). */
export async function groupsOfServers(q: HubQueryable, serverIds: string[]): Promise<Map<string, GroupRef[]>> {
  const byServer = new Map<string, GroupRef[]>(serverIds.map((id) => [id, []]));
  if (serverIds.length === 0) return byServer;
  const { serverGroups, groups } = q.t;
  const rows = await q.db
    .select({ serverId: serverGroups.serverId, id: groups.id, name: groups.name })
    .from(serverGroups)
    .innerJoin(groups, eq(groups.id, serverGroups.groupId))
    .where(inArray(serverGroups.serverId, serverIds))
    .orderBy(asc(groups.name));
  for (const row of rows) byServer.get(row.serverId)?.push({ id: row.id, name: row.name });
  return byServer;
}

/** The groups among `ids` that exist. */
export async function existingGroups(q: HubQueryable, ids: string[]): Promise<GroupRef[]> {
  if (ids.length === 0) return [];
  const { groups } = q.t;
  return q.db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, ids));
}

/** Replaces the Server's groups with `groupIds`. */
export async function setServerGroups(q: HubQueryable, serverId: string, groupIds: string[], at: Date) {
  const { serverGroups } = q.t;
  await q.db.delete(serverGroups).where(eq(serverGroups.serverId, serverId));
  if (groupIds.length > 0) {
    await q.db.insert(serverGroups).values(groupIds.map((groupId) => ({ serverId, groupId, createdAt: at })));
  }
}

/** Servers due for a poll at `now` (never polled, or their next poll has come), revoked ones left out. */
export async function serversDue(q: HubQueryable, now: Date): Promise<ServerRow[]> {
  const { servers } = q.t;
  return q.db
    .select()
    .from(servers)
    .where(and(isNull(servers.revokedAt), or(isNull(servers.nextPollAt), lte(servers.nextPollAt, now))))
    .orderBy(asc(servers.name));
}
