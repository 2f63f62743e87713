import type { HubDatabase, HubTx } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ForbiddenError, NotFoundError, ValidationError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import { parseSchedule } from "../../shared/schedule-occurrences";
import type { AuditEventInput } from "../audit/chain";
import type { AuditWriter } from "../audit/writer";
import { executionBody } from "../executions/view";
import type { SessionUser } from "../guards";
import { canSee as canSeeWorkflow } from "../workflows/access";
import { findRevision, findWorkflow } from "../workflows/queries";
import { CHANGE_REQUIRES, mayChangeSchedule, mayRunWorkflow, RUN_REQUIRES, visibleSchedule } from "./access";
import type { OnDispatched } from "./dispatch";
import * as queries from "./queries";
import type { CreateScheduleBody, ScheduleListQuery, UpdateScheduleBody } from "./schemas";
import { scheduleBody } from "./view";

export interface ScheduleServiceDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
  onDispatched: OnDispatched;
}

type Recorder = (event: AuditEventInput) => Promise<unknown>;

/** Thrown inside a write's transaction when the caller may not; audited once it rolled back. */
class Refused extends Error {
  constructor(
    readonly required: string,
    readonly targetType: string,
    readonly targetId: string,
    readonly action: string,
  ) {
    super(required);
  }
}

const event = (user: SessionUser, action: string, id: string, details: AuditEventInput["details"]) =>
  ({ actorType: "user", actorId: user.id, action, targetType: "schedule", targetId: id, details }) as const;

/** The next occurrence after `now` of an enabled schedule (null when disabled or none is left). */
function nextRun(row: Pick<queries.ScheduleRow, "cron" | "timezone" | "enabled">, now: Date): Date | null {
  return row.enabled ? parseSchedule(row.cron, row.timezone).next(now) : null;
}

/** Cron schedules of workflows (hub.md "Schedules"; who may do what in access.ts; dispatch in dispatch.ts). */
export function createScheduleService({ database, audit, clock, onDispatched }: ScheduleServiceDeps) {
  /** Runs `work` in an audited transaction; a Refused becomes an audited 403 after the rollback. */
  async function audited<T>(user: SessionUser, work: (tx: HubTx, record: Recorder) => Promise<T>): Promise<T> {
    try {
      return await audit.write(work);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      await audit.write((_tx, record) =>
        record({
          actorType: "user",
          actorId: user.id,
          action: "authz.denied",
          targetType: err.targetType,
          targetId: err.targetId,
          details: { required: err.required, role: user.role, action: err.action },
        }),
      );
      throw new ForbiddenError(`Only ${err.required} may do this`);
    }
  }

  /** The locked schedule, once `user` may see it (404) and change it (403). */
  async function changeable(tx: HubTx, user: SessionUser, id: string, action: string) {
    const row = visibleSchedule(user, id, await queries.lockSchedule(tx, id));
    if (!mayChangeSchedule(user, row)) throw new Refused(CHANGE_REQUIRES, "schedule", id, action);
    return row;
  }

  async function checkRevision(tx: HubTx, workflowId: string, revision: number | null | undefined) {
    if (revision == null) return;
    if (!(await findRevision(tx, workflowId, revision))) {
      throw new ValidationError(`revision: workflow ${workflowId} has no revision ${revision}`);
    }
  }

  return {
    async create(user: SessionUser, body: CreateScheduleBody) {
      parseSchedule(body.cron, body.timezone); // 400 naming the cron or the zone, before anything else
      const now = clock();
      const row: queries.ScheduleRow = {
        id: newId(),
        name: body.name ?? null,
        workflowId: body.workflow_id,
        userId: user.id,
        cron: body.cron,
        timezone: body.timezone,
        enabled: body.enabled,
        overlap: body.overlap,
        revision: body.revision ?? null,
        nextRunAt: nextRun(body, now),
        lastRunAt: null,
        skippedCount: 0,
        lastSkippedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await audited(user, async (tx, record) => {
        const workflow = await findWorkflow(tx, body.workflow_id);
        if (!workflow || !canSeeWorkflow(user, workflow)) throw new NotFoundError(`No workflow ${body.workflow_id}`);
        if (!mayRunWorkflow(user, workflow))
          throw new Refused(RUN_REQUIRES, "workflow", workflow.id, "schedule.create");
        await checkRevision(tx, workflow.id, row.revision);
        await queries.insertSchedule(tx, row);
        await record(
          event(user, "schedule.create", row.id, {
            workflow_id: row.workflowId,
            cron: row.cron,
            timezone: row.timezone,
            enabled: row.enabled,
            overlap: row.overlap,
            revision: row.revision,
          }),
        );
      });
      return scheduleBody(row, now);
    },

    /** Role `user` lists its own schedules; auditors and above list everyone's. */
    async list(user: SessionUser, query: ScheduleListQuery) {
      const ownOnly = user.role === "user";
      if (ownOnly && query.user_id !== undefined && query.user_id !== user.id) return { schedules: [], total: 0 };
      const { rows, total } = await queries.listSchedules(database, {
        userId: ownOnly ? user.id : query.user_id,
        workflowId: query.workflow_id,
        name: query.name,
        limit: query.limit,
        offset: query.offset,
      });
      const now = clock();
      return { schedules: rows.map((r) => scheduleBody(r, now)), total };
    },

    async get(user: SessionUser, id: string) {
      return scheduleBody(visibleSchedule(user, id, await queries.findSchedule(database, id)), clock());
    },

    /** Changes a schedule; a new cron, zone or enabling plans the next occurrence from now. */
    async update(user: SessionUser, id: string, body: UpdateScheduleBody) {
      const now = clock();
      const updated = await audited(user, async (tx, record) => {
        const row = await changeable(tx, user, id, "schedule.update");
        const merged = {
          cron: body.cron ?? row.cron,
          timezone: body.timezone ?? row.timezone,
          enabled: body.enabled ?? row.enabled,
        };
        parseSchedule(merged.cron, merged.timezone);
        const set: Partial<queries.ScheduleRow> = {};
        if (body.name !== undefined && body.name !== row.name) set.name = body.name;
        if (body.overlap !== undefined && body.overlap !== row.overlap) set.overlap = body.overlap;
        if (body.revision !== undefined && body.revision !== row.revision) {
          await checkRevision(tx, row.workflowId, body.revision);
          set.revision = body.revision;
        }
        if (merged.cron !== row.cron) set.cron = merged.cron;
        if (merged.timezone !== row.timezone) set.timezone = merged.timezone;
        if (merged.enabled !== row.enabled) set.enabled = merged.enabled;
        const changed = Object.keys(set);
        if (changed.length === 0) return row;
        if (set.cron !== undefined || set.timezone !== undefined || set.enabled !== undefined) {
          set.nextRunAt = nextRun(merged, now);
        }
        const after = await queries.updateSchedule(tx, id, { ...set, updatedAt: now });
        await record(event(user, "schedule.update", id, { changed }));
        return after ?? row;
      });
      return scheduleBody(updated, now);
    },

    async remove(user: SessionUser, id: string) {
      await audited(user, async (tx, record) => {
        const row = await changeable(tx, user, id, "schedule.delete");
        await queries.deleteSchedule(tx, id);
        await record(event(user, "schedule.delete", id, { workflow_id: row.workflowId, cron: row.cron }));
      });
    },

    /**
     * Enables a disabled schedule (its next occurrence is planned from now: occurrences
     * missed while it was off do not run) or disables an enabled one.
     */
    async toggle(user: SessionUser, id: string) {
      const now = clock();
      const updated = await audited(user, async (tx, record) => {
        const row = await changeable(tx, user, id, "schedule.toggle");
        const enabled = !row.enabled;
        const after = await queries.updateSchedule(tx, id, {
          enabled,
          nextRunAt: nextRun({ ...row, enabled }, now),
          updatedAt: now,
        });
        await record(event(user, "schedule.toggle", id, { enabled }));
        return after ?? row;
      });
      return scheduleBody(updated, now);
    },

    /**
     * Runs the schedule's workflow now, on its owner's behalf: a queued execution (no
     * occurrence: `scheduled_for` null) whose runner starts once it has committed. It does not
     * move the schedule's next occurrence; with overlap "skip" that occurrence is skipped if
     * this run is still going.
     */
    async trigger(user: SessionUser, id: string) {
      const now = clock();
      const executionId = await audited(user, async (tx, record) => {
        const row = await changeable(tx, user, id, "schedule.trigger");
        const workflow = await findWorkflow(tx, row.workflowId);
        if (!workflow) throw new NotFoundError(`No workflow ${row.workflowId}`);
        const executionId = newId();
        await queries.insertQueuedExecution(tx, {
          id: executionId,
          workflowId: row.workflowId,
          revision: row.revision ?? workflow.currentRevision,
          userId: row.userId,
          scheduleId: row.id,
          scheduledFor: null,
          occurrencesCovered: 1,
          createdAt: now,
        });
        await record(event(user, "schedule.trigger", id, { execution_id: executionId }));
        tx.onCommit(() => onDispatched(executionId));
        return executionId;
      });
      const execution = await queries.findExecution(database, executionId);
      if (!execution) throw new NotFoundError(`Execution ${executionId} is gone already`);
      return executionBody(execution);
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
