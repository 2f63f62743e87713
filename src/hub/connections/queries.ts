import { and, asc, count, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import { nameContains } from "../lists";

/** A connection row with its kind's settings (one of the two joined rows is null). */
export async function selectConnections(
  q: HubQueryable,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
) {
  const { connections: c, connectionDatabases: d, connectionFilesystems: f } = q.t;
  const query = q.db
    .select({ connection: c, database: d, filesystem: f })
    .from(c)
    .leftJoin(d, eq(d.connectionId, c.id))
    .leftJoin(f, eq(f.connectionId, c.id))
    .where(where)
    .orderBy(asc(c.name), asc(c.id));
  return page ? await query.limit(page.limit).offset(page.offset) : await query;
}

export type ConnectionRow = Awaited<ReturnType<typeof selectConnections>>[number];

/** The ids of the connections `userId` reaches: user → user group → grant group → connection. */
export function reachableBy(q: HubQueryable, userId: string) {
  const { grantGroupConnections: ggc, userGroupGrantGroups: ugg, userGroups: ug } = q.t;
  return q.db
    .select({ id: ggc.connectionId })
    .from(ggc)
    .innerJoin(ugg, eq(ugg.grantGroupId, ggc.grantGroupId))
    .innerJoin(ug, eq(ug.groupId, ugg.groupId))
    .where(eq(ug.userId, userId));
}

export interface ConnectionFilter {
  /** Only what this user reaches through the grant chain (role `user`); all when absent. */
  visibleTo?: string;
  /** Case-insensitive part of the name. */
  name?: string;
  type?: "database" | "filesystem";
}

function filterWhere(q: HubQueryable, { visibleTo, name, type }: ConnectionFilter): SQL | undefined {
  const c = q.t.connections;
  return and(
    visibleTo === undefined ? undefined : inArray(c.id, reachableBy(q, visibleTo)),
    nameContains(c.name, name),
    type === undefined ? undefined : eq(c.type, type),
  );
}

export async function listConnections(
  q: HubQueryable,
  filter: ConnectionFilter,
  page: { limit: number; offset: number },
) {
  const where = filterWhere(q, filter);
  const [rows, totals] = await Promise.all([
    selectConnections(q, where, page),
    q.db.select({ n: count() }).from(q.t.connections).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function findConnection(q: HubQueryable, id: string, visibleTo?: string) {
  const rows = await selectConnections(q, and(eq(q.t.connections.id, id), filterWhere(q, { visibleTo })));
  return rows[0];
}

/** The id of a connection whose name equals `name` ignoring case (names are unique that way). */
export async function connectionNamed(q: HubQueryable, name: string): Promise<string | undefined> {
  const c = q.t.connections;
  const rows = await q.db.select({ id: c.id }).from(c).where(sql`lower(${c.name}) = ${name.toLowerCase()}`).limit(1);
  return rows[0]?.id;
}

export async function deleteConnection(q: HubQueryable, id: string): Promise<boolean> {
  const c = q.t.connections;
  const rows = await q.db.delete(c).where(eq(c.id, id)).returning({ id: c.id });
  return rows.length > 0;
}

export interface HealthRecord {
  status: "ok" | "error";
  checkedAt: Date;
  latencyMs: number;
  /** Already scrubbed. */
  error: string | null;
}

export async function recordHealth(q: HubQueryable, id: string, health: HealthRecord) {
  const c = q.t.connections;
  await q.db
    .update(c)
    .set({
      healthStatus: health.status,
      healthCheckedAt: health.checkedAt,
      healthLatencyMs: health.latencyMs,
      healthError: health.error,
    })
    .where(eq(c.id, id));
}

/** Up to `limit` connections never checked or last checked before `before`, the longest-waiting first. */
export async function connectionsCheckedBefore(q: HubQueryable, before: Date, limit: number) {
  const c = q.t.connections;
  return await q.db
    .select({ id: c.id, checkedAt: c.healthCheckedAt })
    .from(c)
    .where(or(isNull(c.healthCheckedAt), lt(c.healthCheckedAt, before)))
    .orderBy(sql`${c.healthCheckedAt} is not null`, asc(c.healthCheckedAt), asc(c.id))
    .limit(limit);
}

/** Every (grant group, user group, user) path that reaches connection `id`, and the grant groups holding it. */
export async function accessPaths(q: HubQueryable, id: string) {
  const { grantGroupConnections: ggc, grantGroups: gg, userGroupGrantGroups: ugg, groups: g } = q.t;
  const { userGroups: ug, users: u } = q.t;
  const holders = await q.db
    .select({ grantGroupId: gg.id, grantGroupName: gg.name, groupId: g.id, groupName: g.name })
    .from(ggc)
    .innerJoin(gg, eq(gg.id, ggc.grantGroupId))
    .leftJoin(ugg, eq(ugg.grantGroupId, gg.id))
    .leftJoin(g, eq(g.id, ugg.groupId))
    .where(eq(ggc.connectionId, id))
    .orderBy(asc(gg.name), asc(g.name));
  const reach = await q.db
    .select({
      userId: u.id,
      username: u.username,
      role: u.role,
      groupId: g.id,
      groupName: g.name,
      grantGroupId: gg.id,
      grantGroupName: gg.name,
    })
    .from(ggc)
    .innerJoin(gg, eq(gg.id, ggc.grantGroupId))
    .innerJoin(ugg, eq(ugg.grantGroupId, gg.id))
    .innerJoin(g, eq(g.id, ugg.groupId))
    .innerJoin(ug, eq(ug.groupId, g.id))
    .innerJoin(u, eq(u.id, ug.userId))
    .where(eq(ggc.connectionId, id))
    .orderBy(asc(u.username), asc(g.name), asc(gg.name));
  return { holders, reach };
}

export type ConnectionInsert = typeof import("../../db/schema/pg/connections").connections.$inferInsert;
export type DatabaseInsert = typeof import("../../db/schema/pg/connections").connectionDatabases.$inferInsert;
export type FilesystemInsert = typeof import("../../db/schema/pg/connections").connectionFilesystems.$inferInsert;

/** Inserts a connection and its kind's settings row. */
export async function insertConnection(
  q: HubQueryable,
  connection: ConnectionInsert,
  settings: { database: DatabaseInsert } | { filesystem: FilesystemInsert },
) {
  await q.db.insert(q.t.connections).values(connection);
  if ("database" in settings) await q.db.insert(q.t.connectionDatabases).values(settings.database);
  else await q.db.insert(q.t.connectionFilesystems).values(settings.filesystem);
}

/** Updates the given columns of a connection and of its kind's settings row. */
export async function updateConnection(
  q: HubQueryable,
  id: string,
  connection: Partial<ConnectionInsert>,
  settings: { database?: Partial<DatabaseInsert>; filesystem?: Partial<FilesystemInsert> },
) {
  const { connections: c, connectionDatabases: d, connectionFilesystems: f } = q.t;
  await q.db.update(c).set(connection).where(eq(c.id, id));
  if (settings.database && Object.keys(settings.database).length > 0) {
    await q.db.update(d).set(settings.database).where(eq(d.connectionId, id));
  }
  if (settings.filesystem && Object.keys(settings.filesystem).length > 0) {
    await q.db.update(f).set(settings.filesystem).where(eq(f.connectionId, id));
  }
}

/** How many grant groups hold connection `id` (a delete removes it from them: CASCADE). */
export async function grantGroupCount(q: HubQueryable, id: string): Promise<number> {
  const ggc = q.t.grantGroupConnections;
  const rows = await q.db.select({ n: count() }).from(ggc).where(eq(ggc.connectionId, id));
  return Number(rows[0]?.n ?? 0);
}
