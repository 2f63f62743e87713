import { and, asc, eq, exists, isNull, notExists, or, type SQL, sql } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";

/**
 * "The user may use this Server": the Server names no user group (open to everyone), or
 * the user is a member of one of the groups it names. Correlated with the outer `servers` row.
 */
function usableBy(q: HubQueryable, userId: string): SQL {
  const { servers, serverGroups, userGroups } = q.t;
  const anyGroup = q.db.select({ one: sql`1` }).from(serverGroups).where(eq(serverGroups.serverId, servers.id));
  const memberGroup = q.db
    .select({ one: sql`1` })
    .from(serverGroups)
    .innerJoin(userGroups, eq(userGroups.groupId, serverGroups.groupId))
    .where(and(eq(serverGroups.serverId, servers.id), eq(userGroups.userId, userId)));
  return or(notExists(anyGroup), exists(memberGroup)) as SQL;
}

const columns = (q: HubQueryable) => ({
  id: q.t.servers.id,
  name: q.t.servers.name,
  endpoint: q.t.servers.endpoint,
  status: q.t.servers.status,
  revokedAt: q.t.servers.revokedAt,
  running: q.t.servers.running,
});

export type CandidateServer = {
  id: string;
  name: string;
  endpoint: string;
  status: "online" | "offline";
  revokedAt: Date | null;
  running: number;
};

/**
 * The online, unrevoked Servers `userId` may use, least busy first (fewest running, then
 * the quickest to answer, then by name so the choice is stable).
 */
export async function usableOnlineServers(q: HubQueryable, userId: string): Promise<CandidateServer[]> {
  const { servers } = q.t;
  return q.db
    .select(columns(q))
    .from(servers)
    .where(and(eq(servers.status, "online"), isNull(servers.revokedAt), usableBy(q, userId)))
    .orderBy(asc(servers.running), sql`${servers.latencyMs} is null`, asc(servers.latencyMs), asc(servers.name));
}

/** One Server, and whether `userId` may use it (undefined: no such Server). */
export async function serverForUser(
  q: HubQueryable,
  userId: string,
  serverId: string,
): Promise<(CandidateServer & { usable: boolean }) | undefined> {
  const { servers } = q.t;
  const rows = await q.db
    .select({ ...columns(q), usable: sql<unknown>`case when ${usableBy(q, userId)} then 1 else 0 end` })
    .from(servers)
    .where(eq(servers.id, serverId));
  const row = rows[0];
  return row ? { ...row, usable: Number(row.usable) === 1 } : undefined;
}
