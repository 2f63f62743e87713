import { ConflictError, ForbiddenError, NotFoundError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import { roleAtLeast } from "../../shared/roles";
import type { HubDeps } from "../deps";
import type { SessionUser } from "../guards";
import { visible } from "../workflows/access";
import { findRevision, findWorkflow } from "../workflows/queries";
import { readBlob } from "./artifact-store";
import * as queries from "./queries";
import { finish, startExecution } from "./runner";
import { FINAL_STATUSES, type ListExecutionsQuery } from "./schemas";
import { artifactBody, executionBody, executionDetail } from "./view";

export type ExecutionServiceDeps = Pick<
  HubDeps,
  "database" | "audit" | "clock" | "logger" | "tokens" | "events" | "dataDir" | "executions" | "dispatchKey"
>;

/** What each auditor-only route reads from execution_records. */
export const RECORD_KINDS = {
  record: ["record", "tool"],
  code: ["code"],
  plans: ["plan"],
  connections: ["connection"],
  logs: ["log"],
} as const;

const notFound = (id: string) => new NotFoundError(`No execution ${id}`);

/**
 * Executions (hub.md "Executions"): a user runs a workflow they may read, pinned to a
 * revision; they see their own runs, auditors and above see all (anyone else's is a 404, as
 * a missing id); the run's owner or an admin cancels it.
 */
export function createExecutionService(deps: ExecutionServiceDeps) {
  const { database, audit, clock } = deps;

  async function readable(user: SessionUser, id: string): Promise<queries.ExecutionRow> {
    const row = await queries.findExecution(database, id);
    if (!row || !(row.userId === user.id || roleAtLeast(user.role, "auditor"))) throw notFound(id);
    return row;
  }

  return {
    async create(user: SessionUser, body: { workflow_id: string; revision?: number }) {
      const workflow = visible(user, body.workflow_id, await findWorkflow(database, body.workflow_id));
      const revision = body.revision ?? workflow.currentRevision;
      if (!(await findRevision(database, workflow.id, revision))) {
        throw new NotFoundError(`Workflow ${workflow.id} has no revision ${revision}`);
      }
      const now = clock();
      const row: queries.ExecutionRow = {
        id: newId(),
        workflowId: workflow.id,
        revision,
        userId: user.id,
        serverId: null,
        scheduleId: null,
        scheduledFor: null,
        occurrencesCovered: 1,
        status: "queued",
        createdAt: now,
        startedAt: null,
        finishedAt: null,
        heartbeatAt: now,
        hubInstanceId: deps.executions.instanceId,
        error: null,
        result: null,
      };
      await audit.write(async (tx, record) => {
        await queries.insertExecution(tx, row);
        await record({
          actorType: "user",
          actorId: user.id,
          action: "execution.create",
          targetType: "execution",
          targetId: row.id,
          details: { workflow_id: workflow.id, revision },
        });
      });
      startExecution(deps, row.id);
      return executionBody(row);
    },

    async list(user: SessionUser, q: ListExecutionsQuery) {
      const ownOnly = !roleAtLeast(user.role, "auditor");
      if (ownOnly && q.user_id !== undefined && q.user_id !== user.id) return { executions: [], total: 0 };
      const { rows, total } = await queries.listExecutions(database, {
        userId: ownOnly ? user.id : q.user_id,
        status: q.status,
        workflowId: q.workflow_id,
        scheduleId: q.schedule_id,
        from: q.from === undefined ? undefined : new Date(q.from),
        to: q.to === undefined ? undefined : new Date(q.to),
        limit: q.limit,
        offset: q.offset,
      });
      return { executions: rows.map(executionBody), total };
    },

    async get(user: SessionUser, id: string) {
      return executionDetail(await readable(user, id));
    },

    /**
     * Cancels a queued or running execution (its owner or an admin): the record is closed
     * first, then this process's runner aborts its Server request (a runner of another
     * replica sees the closed record at its next heartbeat).
     */
    async cancel(user: SessionUser, id: string) {
      const row = await readable(user, id);
      if (row.userId !== user.id && !roleAtLeast(user.role, "admin")) {
        await audit.write((_tx, record) =>
          record({
            actorType: "user",
            actorId: user.id,
            action: "authz.denied",
            targetType: "execution",
            targetId: id,
            details: { required: "the execution's owner or the admin role", role: user.role, action: "cancel" },
          }),
        );
        throw new ForbiddenError("Only the execution's owner or an admin may cancel it");
      }
      if (FINAL_STATUSES.includes(row.status)) throw new ConflictError(`Execution ${id} has ended (${row.status})`);
      const closed = await finish(
        deps,
        id,
        ["queued", "running"],
        { status: "cancelled", error: "Cancelled" },
        {
          actorType: "user",
          actorId: user.id,
        },
      );
      if (!closed) throw new ConflictError(`Execution ${id} ended before it could be cancelled`);
      deps.executions.live.get(id)?.abort.abort("cancelled");
      return executionDetail(closed);
    },

    async artifacts(user: SessionUser, id: string) {
      await readable(user, id);
      return { artifacts: (await queries.listArtifacts(database, id)).map(artifactBody) };
    },

    async artifact(user: SessionUser, id: string, artifactId: string) {
      await readable(user, id);
      const row = await queries.findArtifact(database, id, artifactId);
      if (!row) throw new NotFoundError(`Execution ${id} has no artifact ${artifactId}`);
      return { row, bytes: readBlob(deps.dataDir, row.sha256) };
    },

    /** The auditor-only views of what a run did (the route guards the role). */
    async records(id: string, view: keyof typeof RECORD_KINDS) {
      if (!(await queries.findExecution(database, id))) throw notFound(id);
      const rows = await queries.listRecords(database, id, RECORD_KINDS[view]);
      return {
        execution_id: id,
        entries: rows.map((r) => ({
          kind: r.kind,
          tool_id: r.toolId,
          details: JSON.parse(r.details) as unknown,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type ExecutionService = ReturnType<typeof createExecutionService>;
