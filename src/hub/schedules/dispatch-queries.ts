import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";

export type ScheduleRow = {
  id: string;
  name: string | null;
  workflowId: string;
  userId: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  overlap: "skip" | "allow";
  revision: number | null;
  nextRunAt: Date | null;
  lastRunAt: Date | null;
  skippedCount: number;
  lastSkippedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The database's clock (PostgreSQL's `now()`: the start of this transaction, the same for
 * every Hub replica on that server, so replicas with skewed clocks agree on what is due).
 */
export async function databaseNow(tx: HubQueryable): Promise<Date> {
  const result = (await tx.db.execute(sql`select now() as now`)) as unknown as { now: Date | string }[];
  const now = result[0]?.now;
  if (now === undefined) throw new Error("select now() answered no row");
  return now instanceof Date ? now : new Date(now);
}

/**
 * Claims up to `limit` enabled schedules due by `now`, oldest occurrence first, locked until
 * the transaction ends. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so two dispatchers never wait
 * on each other and never take the same row; a row another transaction advanced and committed
 * meanwhile is re-checked against the WHERE (READ COMMITTED) and left out. SQLite: the
 * caller's immediate transaction holds the database's write lock, which is the claim.
 */
export async function claimDue(tx: HubQueryable, now: Date, limit: number): Promise<ScheduleRow[]> {
  const s = tx.t.schedules;
  const query = tx.db
    .select()
    .from(s)
    .where(and(eq(s.enabled, true), lte(s.nextRunAt, now)))
    .orderBy(asc(s.nextRunAt), asc(s.id))
    .limit(limit);
  return tx.dialect === "pg" ? await query.for("update", { skipLocked: true }) : await query;
}

/** True when the account a schedule runs as is disabled (its occurrences are skipped meanwhile). */
export async function userDisabled(tx: HubQueryable, userId: string): Promise<boolean> {
  const u = tx.t.users;
  const rows = await tx.db.select({ disabledAt: u.disabledAt }).from(u).where(eq(u.id, userId)).limit(1);
  return rows[0]?.disabledAt != null;
}

/** True while a run of the schedule is queued or running (overlap "skip" waits for it). */
export async function hasActiveRun(tx: HubQueryable, scheduleId: string): Promise<boolean> {
  const e = tx.t.executions;
  const rows = await tx.db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.scheduleId, scheduleId), inArray(e.status, ["queued", "running"])))
    .limit(1);
  return rows.length > 0;
}

/** The workflow's newest revision number, or undefined when the workflow is gone. */
export async function currentRevision(tx: HubQueryable, workflowId: string): Promise<number | undefined> {
  const w = tx.t.workflows;
  const rows = await tx.db.select({ revision: w.currentRevision }).from(w).where(eq(w.id, workflowId)).limit(1);
  return rows[0]?.revision;
}

export interface NewExecution {
  id: string;
  workflowId: string;
  revision: number;
  userId: string;
  scheduleId: string;
  scheduledFor: Date | null;
  occurrencesCovered: number;
  createdAt: Date;
}

/**
 * Inserts a queued execution; false when (schedule_id, scheduled_for) is taken already (the
 * unique key, the last wall against a duplicate dispatch: someone else dispatched it).
 * ON CONFLICT DO NOTHING, so the conflict does not abort a PostgreSQL transaction.
 */
export async function insertQueuedExecution(tx: HubQueryable, row: NewExecution): Promise<boolean> {
  const e = tx.t.executions;
  const inserted = await tx.db
    .insert(e)
    .values({ ...row, serverId: null, status: "queued", heartbeatAt: row.createdAt })
    .onConflictDoNothing({ target: [e.scheduleId, e.scheduledFor] })
    .returning({ id: e.id });
  return inserted.length > 0;
}

export async function updateSchedule(
  tx: HubQueryable,
  id: string,
  set: Partial<Omit<ScheduleRow, "id" | "createdAt">>,
): Promise<ScheduleRow | undefined> {
  const rows = await tx.db.update(tx.t.schedules).set(set).where(eq(tx.t.schedules.id, id)).returning();
  return rows[0];
}

/** Adds `n` skipped occurrences to the schedule's counter, the newest at `at`. */
export async function recordSkip(tx: HubQueryable, id: string, n: number, at: Date, next: Date | null): Promise<void> {
  const s = tx.t.schedules;
  await tx.db
    .update(s)
    .set({ skippedCount: sql`${s.skippedCount} + ${n}`, lastSkippedAt: at, nextRunAt: next })
    .where(eq(s.id, id));
}
