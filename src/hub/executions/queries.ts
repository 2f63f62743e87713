import { and, count, desc, eq, gte, inArray, isNull, lt, notInArray, or, type SQL } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import type { ExecutionStatus } from "./schemas";

export type ExecutionRow = {
  id: string;
  workflowId: string;
  revision: number;
  userId: string | null;
  serverId: string | null;
  scheduleId: string | null;
  scheduledFor: Date | null;
  occurrencesCovered: number;
  status: ExecutionStatus;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  heartbeatAt: Date | null;
  hubInstanceId: string | null;
  error: string | null;
  result: string | null;
};

export type ArtifactRow = {
  id: string;
  executionId: string;
  kind: string;
  name: string;
  sha256: string;
  size: number;
  mediaType: string | null;
  createdAt: Date;
};

export type RecordRow = {
  id: string;
  executionId: string;
  kind: string;
  toolId: string | null;
  details: string;
  createdAt: Date;
};

export async function insertExecution(tx: HubQueryable, row: ExecutionRow): Promise<void> {
  await tx.db.insert(tx.t.executions).values(row);
}

export async function findExecution(q: HubQueryable, id: string): Promise<ExecutionRow | undefined> {
  const rows = await q.db.select().from(q.t.executions).where(eq(q.t.executions.id, id)).limit(1);
  return rows[0];
}

/**
 * Moves the record to new values only while its status is one of `from` (the transitions of
 * docs/hub.md "Executions"): answers the updated row, or undefined when another writer (a
 * cancel, the recovery sweep) moved it first. Every state change goes through here, so a
 * final state is never left.
 */
export async function transition(
  tx: HubQueryable,
  id: string,
  from: readonly ExecutionStatus[],
  set: Partial<Omit<ExecutionRow, "id">>,
): Promise<ExecutionRow | undefined> {
  const { executions: e } = tx.t;
  const rows = await tx.db
    .update(e)
    .set(set)
    .where(and(eq(e.id, id), inArray(e.status, [...from])))
    .returning();
  return rows[0];
}

/** Refreshes the heartbeat of a run this Hub instance owns and that has not ended. */
export async function beat(tx: HubQueryable, id: string, instanceId: string, at: Date): Promise<boolean> {
  const { executions: e } = tx.t;
  const rows = await tx.db
    .update(e)
    .set({ heartbeatAt: at })
    .where(and(eq(e.id, id), eq(e.hubInstanceId, instanceId), inArray(e.status, ["queued", "running"])))
    .returning({ id: e.id });
  return rows.length > 0;
}

export interface ExecutionFilter {
  userId?: string;
  status?: ExecutionStatus;
  workflowId?: string;
  scheduleId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export async function listExecutions(
  q: HubQueryable,
  f: ExecutionFilter,
): Promise<{ rows: ExecutionRow[]; total: number }> {
  const { executions: e } = q.t;
  const where = and(
    f.userId === undefined ? undefined : eq(e.userId, f.userId),
    f.status === undefined ? undefined : eq(e.status, f.status),
    f.workflowId === undefined ? undefined : eq(e.workflowId, f.workflowId),
    f.scheduleId === undefined ? undefined : eq(e.scheduleId, f.scheduleId),
    f.from === undefined ? undefined : gte(e.createdAt, f.from),
    f.to === undefined ? undefined : lt(e.createdAt, f.to),
  );
  const rows = await q.db
    .select()
    .from(e)
    .where(where)
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await q.db.select({ n: count() }).from(e).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Queued or running records recovery may fail, never one of `live` (the runs this process's
 * runners hold, alive whatever a clock says): heartbeat (or, never beaten, creation) older
 * than `cutoff`; with `everyOther`, every one created before it (the startup sweep of a
 * single-replica Hub, where no other process can own a run: `everyOther` is that process's start).
 */
export async function staleExecutions(
  q: HubQueryable,
  { cutoff, live, everyOther }: { cutoff: Date; live: readonly string[]; everyOther?: Date },
): Promise<ExecutionRow[]> {
  const { executions: e } = q.t;
  const byHeartbeat = or(lt(e.heartbeatAt, cutoff), and(isNull(e.heartbeatAt), lt(e.createdAt, cutoff))) as SQL;
  return q.db
    .select()
    .from(e)
    .where(
      and(
        inArray(e.status, ["queued", "running"]),
        everyOther ? or(byHeartbeat, lt(e.createdAt, everyOther)) : byHeartbeat,
        live.length === 0 ? undefined : notInArray(e.id, [...live]),
      ),
    );
}

export async function insertRecord(tx: HubQueryable, row: RecordRow): Promise<void> {
  await tx.db.insert(tx.t.executionRecords).values(row);
}

export async function listRecords(
  q: HubQueryable,
  executionId: string,
  kinds: readonly string[],
): Promise<RecordRow[]> {
  const { executionRecords: r } = q.t;
  return q.db
    .select()
    .from(r)
    .where(and(eq(r.executionId, executionId), inArray(r.kind, [...kinds])))
    .orderBy(r.createdAt, r.id);
}

export async function insertArtifact(tx: HubQueryable, row: ArtifactRow): Promise<void> {
  await tx.db.insert(tx.t.executionArtifacts).values(row);
}

export async function listArtifacts(q: HubQueryable, executionId: string): Promise<ArtifactRow[]> {
  const { executionArtifacts: a } = q.t;
  return q.db.select().from(a).where(eq(a.executionId, executionId)).orderBy(a.createdAt, a.name);
}

export async function findArtifact(q: HubQueryable, executionId: string, id: string): Promise<ArtifactRow | undefined> {
  const { executionArtifacts: a } = q.t;
  const rows = await q.db
    .select()
    .from(a)
    .where(and(eq(a.executionId, executionId), eq(a.id, id)))
    .limit(1);
  return rows[0];
}
