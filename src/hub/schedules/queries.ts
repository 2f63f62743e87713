import { and, count, desc, eq } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import { nameContains } from "../lists";
import type { ScheduleRow } from "./dispatch-queries";

export type { ScheduleRow } from "./dispatch-queries";
export { insertQueuedExecution, updateSchedule } from "./dispatch-queries";

export async function findSchedule(q: HubQueryable, id: string): Promise<ScheduleRow | undefined> {
  const rows = await q.db.select().from(q.t.schedules).where(eq(q.t.schedules.id, id)).limit(1);
  return rows[0];
}

/**
 * The schedule, locked until the transaction ends, so a change and the dispatcher's claim of
 * the same row take turns (PostgreSQL: FOR UPDATE; SQLite's immediate transaction holds the
 * write lock already).
 */
export async function lockSchedule(tx: HubQueryable, id: string): Promise<ScheduleRow | undefined> {
  const query = tx.db.select().from(tx.t.schedules).where(eq(tx.t.schedules.id, id)).limit(1);
  const rows = tx.dialect === "pg" ? await query.for("update") : await query;
  return rows[0];
}

export interface ScheduleFilter {
  userId?: string;
  workflowId?: string;
  name?: string;
  limit: number;
  offset: number;
}

export async function listSchedules(
  q: HubQueryable,
  { userId, workflowId, name, limit, offset }: ScheduleFilter,
): Promise<{ rows: ScheduleRow[]; total: number }> {
  const s = q.t.schedules;
  const where = and(
    userId === undefined ? undefined : eq(s.userId, userId),
    workflowId === undefined ? undefined : eq(s.workflowId, workflowId),
    nameContains(s.name, name),
  );
  const rows = await q.db
    .select()
    .from(s)
    .where(where)
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(limit)
    .offset(offset);
  const [total] = await q.db.select({ n: count() }).from(s).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertSchedule(tx: HubQueryable, row: ScheduleRow): Promise<void> {
  await tx.db.insert(tx.t.schedules).values(row);
}

export async function deleteSchedule(tx: HubQueryable, id: string): Promise<void> {
  await tx.db.delete(tx.t.schedules).where(eq(tx.t.schedules.id, id));
}

export async function findExecution(q: HubQueryable, id: string) {
  const rows = await q.db.select().from(q.t.executions).where(eq(q.t.executions.id, id)).limit(1);
  return rows[0];
}
