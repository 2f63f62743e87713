import { and, count, desc, eq } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import { nameContains } from "../lists";

export type WorkflowRow = {
  id: string;
  name: string;
  description: string | null;
  ownerId: string | null;
  currentRevision: number;
  createdAt: Date;
  updatedAt: Date;
};

export type RevisionRow = {
  workflowId: string;
  revision: number;
  content: string;
  contentSha256: string;
  message: string | null;
  authorId: string | null;
  createdAt: Date;
};

export type RevisionMeta = Omit<RevisionRow, "content" | "workflowId">;

export async function findWorkflow(q: HubQueryable, id: string): Promise<WorkflowRow | undefined> {
  const rows = await q.db.select().from(q.t.workflows).where(eq(q.t.workflows.id, id)).limit(1);
  return rows[0];
}

/**
 * The workflow, locked until the transaction ends so concurrent saves number their
 * revisions one after the other (PostgreSQL: FOR UPDATE; SQLite's immediate transaction
 * already holds the database's write lock).
 */
export async function lockWorkflow(tx: HubQueryable, id: string): Promise<WorkflowRow | undefined> {
  const query = tx.db.select().from(tx.t.workflows).where(eq(tx.t.workflows.id, id)).limit(1);
  const rows = tx.dialect === "pg" ? await query.for("update") : await query;
  return rows[0];
}

export interface WorkflowFilter {
  ownerId?: string;
  name?: string;
  limit: number;
  offset: number;
}

export async function listWorkflows(
  q: HubQueryable,
  { ownerId, name, limit, offset }: WorkflowFilter,
): Promise<{ rows: WorkflowRow[]; total: number }> {
  const { workflows } = q.t;
  const where = and(
    ownerId === undefined ? undefined : eq(workflows.ownerId, ownerId),
    nameContains(workflows.name, name),
  );
  const rows = await q.db
    .select()
    .from(workflows)
    .where(where)
    .orderBy(desc(workflows.updatedAt), desc(workflows.id))
    .limit(limit)
    .offset(offset);
  const [total] = await q.db.select({ n: count() }).from(workflows).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertWorkflow(tx: HubQueryable, row: WorkflowRow): Promise<void> {
  await tx.db.insert(tx.t.workflows).values(row);
}

export async function updateWorkflow(
  tx: HubQueryable,
  id: string,
  set: Partial<Omit<WorkflowRow, "id" | "createdAt">>,
): Promise<WorkflowRow> {
  const rows = await tx.db.update(tx.t.workflows).set(set).where(eq(tx.t.workflows.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`workflow ${id} vanished inside its own locked transaction`);
  return row;
}

/** Deletes the workflow; its revisions, schedules and executions go with it (ON DELETE CASCADE). */
export async function deleteWorkflow(tx: HubQueryable, id: string): Promise<void> {
  await tx.db.delete(tx.t.workflows).where(eq(tx.t.workflows.id, id));
}

export async function insertRevision(tx: HubQueryable, row: RevisionRow): Promise<void> {
  await tx.db.insert(tx.t.workflowRevisions).values(row);
}

export async function findRevision(q: HubQueryable, id: string, revision: number): Promise<RevisionRow | undefined> {
  const { workflowRevisions: r } = q.t;
  const rows = await q.db
    .select()
    .from(r)
    .where(and(eq(r.workflowId, id), eq(r.revision, revision)))
    .limit(1);
  return rows[0];
}

/** A page of a workflow's revisions, newest first, without their content. */
export async function listRevisions(
  q: HubQueryable,
  id: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: RevisionMeta[]; total: number }> {
  const { workflowRevisions: r } = q.t;
  const rows = await q.db
    .select({
      revision: r.revision,
      contentSha256: r.contentSha256,
      message: r.message,
      authorId: r.authorId,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(eq(r.workflowId, id))
    .orderBy(desc(r.revision))
    .limit(limit)
    .offset(offset);
  const [total] = await q.db.select({ n: count() }).from(r).where(eq(r.workflowId, id));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function userExists(q: HubQueryable, id: string): Promise<boolean> {
  const rows = await q.db.select({ id: q.t.users.id }).from(q.t.users).where(eq(q.t.users.id, id)).limit(1);
  return rows.length > 0;
}
