import { count, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import type { DashboardBody } from "./schemas";

type Counts = DashboardBody["counts"];

/** How many of each thing the Hub holds, one small query per table (each an index or table count). */
export async function dashboardCounts(q: HubQueryable): Promise<Counts> {
  const { users, workflows, executions, schedules, servers } = q.t;
  const n = (rows: { n: unknown }[]) => Number(rows[0]?.n ?? 0);
  const when = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const [runs] = await q.db
    .select({ n: count(), active: when(inArray(executions.status, ["queued", "running"])) })
    .from(executions);
  const [plans] = await q.db.select({ n: count(), enabled: when(eq(schedules.enabled, true)) }).from(schedules);
  const [fleet] = await q.db
    .select({
      online: when(sql`${servers.status} = 'online' and ${isNull(servers.revokedAt)}`),
      offline: when(sql`${servers.status} = 'offline' and ${isNull(servers.revokedAt)}`),
      revoked: when(isNotNull(servers.revokedAt)),
    })
    .from(servers);
  return {
    users: n(await q.db.select({ n: count() }).from(users)),
    workflows: n(await q.db.select({ n: count() }).from(workflows)),
    executions: Number(runs?.n ?? 0),
    executions_running: Number(runs?.active ?? 0),
    schedules: Number(plans?.n ?? 0),
    schedules_enabled: Number(plans?.enabled ?? 0),
    servers_online: Number(fleet?.online ?? 0),
    servers_offline: Number(fleet?.offline ?? 0),
    servers_revoked: Number(fleet?.revoked ?? 0),
  };
}

/**
 * The day (YYYY-MM-DD) of a timestamp column at a fixed offset from UTC. The offset is
 * written into the SQL, not bound: PostgreSQL holds `$1` in the select list and `$3` in the
 * GROUP BY for two expressions, and it is a whole number checked here (and by the route).
 */
function dayOf(q: HubQueryable, column: SQL | typeof q.t.executions.createdAt, offsetMinutes: number): SQL<string> {
  if (!Number.isInteger(offsetMinutes)) throw new Error(`offset must be whole minutes, got ${offsetMinutes}`);
  if (q.dialect === "pg") {
    return sql<string>`to_char((${column} at time zone 'UTC') + make_interval(mins => ${sql.raw(String(offsetMinutes))}), 'YYYY-MM-DD')`;
  }
  // SQLite keeps timestamps as integer milliseconds since the epoch (schema/sqlite/columns.ts).
  return sql<string>`strftime('%Y-%m-%d', (${column} + ${sql.raw(String(offsetMinutes * 60_000))}) / 1000, 'unixepoch')`;
}

export interface DayCount {
  day: string;
  total: number;
  succeeded: number;
  failed: number;
  cancelled: number;
}

/** Executions created since `from`, counted per day at the offset (days without any are absent). */
export async function runsPerDay(q: HubQueryable, from: Date, offsetMinutes: number): Promise<DayCount[]> {
  const e = q.t.executions;
  const status = (s: string) => sql<number>`coalesce(sum(case when ${e.status} = ${s} then 1 else 0 end), 0)`;
  const rows = await q.db
    .select({
      day: dayOf(q, e.createdAt, offsetMinutes),
      total: count(),
      succeeded: status("succeeded"),
      failed: status("failed"),
      cancelled: status("cancelled"),
    })
    .from(e)
    .where(gte(e.createdAt, from))
    // By position: the day expression is written once (see dayOf).
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({
    day: String(r.day),
    total: Number(r.total),
    succeeded: Number(r.succeeded),
    failed: Number(r.failed),
    cancelled: Number(r.cancelled),
  }));
}
