import type { HubDatabase, HubQueryable } from "../../src/db/hub-db";
import type { ScheduleRow } from "../../src/hub/schedules/dispatch-queries";
import { newId } from "../../src/shared/ids";

/** A user and a workflow (revision 1) written directly, for tests of the dispatcher. */
export async function seedWorkflow(database: HubDatabase, at = new Date("2026-01-01T00:00:00Z")) {
  const userId = newId();
  const workflowId = newId();
  await database.transaction(async (tx) => {
    await tx.db.insert(tx.t.users).values({
      id: userId,
      username: `sched-${userId.slice(-8)}`,
      email: null,
      passwordHash: "not-a-hash",
      role: "user",
      createdAt: at,
      updatedAt: at,
    });
    await tx.db.insert(tx.t.workflows).values({
      id: workflowId,
      name: "scheduled",
      description: null,
      ownerId: userId,
      currentRevision: 1,
      createdAt: at,
      updatedAt: at,
    });
  });
  return { userId, workflowId };
}

/** A schedule row written directly (the routes compute next_run_at; here the test says it). */
export async function insertSchedule(
  database: HubDatabase,
  fields: Pick<ScheduleRow, "workflowId" | "userId" | "cron" | "nextRunAt"> & Partial<ScheduleRow>,
): Promise<string> {
  const id = newId();
  const at = fields.nextRunAt ?? new Date();
  await database.transaction(async (tx) => {
    await tx.db.insert(tx.t.schedules).values({
      id,
      name: null,
      timezone: "UTC",
      enabled: true,
      overlap: "allow",
      revision: null,
      createdAt: at,
      updatedAt: at,
      ...fields,
    });
  });
  return id;
}

/** The executions of a schedule, oldest occurrence first. */
export async function scheduledExecutions(q: HubQueryable, scheduleId?: string) {
  const e = q.t.executions;
  const rows = await q.db.select().from(e).orderBy(e.scheduledFor, e.id);
  return rows.filter((r) => scheduleId === undefined || r.scheduleId === scheduleId);
}
