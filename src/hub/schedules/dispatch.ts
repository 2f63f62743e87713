import type { HubDatabase, HubTx } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { newId } from "../../shared/ids";
import type { Logger } from "../../shared/logger";
import { parseSchedule } from "../../shared/schedule-occurrences";
import * as q from "./dispatch-queries";

/** Called once an execution a schedule made has committed (the lead points it at the runner's startExecution). */
export type OnDispatched = (executionId: string) => void;

export interface DispatchDeps {
  database: HubDatabase;
  clock: Clock;
  logger: Logger;
  onDispatched: OnDispatched;
  /**
   * What "now" is. "database" (the default on PostgreSQL): `now()` of the claiming
   * transaction, so every replica agrees whatever its own clock says. "clock": the injected
   * clock (always on SQLite, where the database and the Hub share one machine and one
   * process holds the write lock; on PostgreSQL only for tests that need a fixed date).
   */
  timeSource?: "database" | "clock";
  /** Schedules claimed per transaction (a backlog drains in several, within one pass). */
  batchSize?: number;
}

/** What one pass did, for tests and the log. */
export interface DispatchOutcome {
  dispatched: { executionId: string; scheduleId: string; scheduledFor: Date; covered: number }[];
  skipped: { scheduleId: string; scheduledFor: Date; covered: number }[];
}

/**
 * How many overdue occurrences one run may say it covers. Counting a year of a
 * once-a-second schedule one occurrence at a time would stall the dispatcher; past this the
 * run records this many (a lower bound) and the next occurrence is found from now directly.
 */
export const MAX_COUNTED_OCCURRENCES = 10_000;

/** The occurrences from `first` (due) up to `now`: how many, and the first one after now. */
export function coalesce(
  schedule: { next(after: Date): Date | null },
  first: Date,
  now: Date,
): { covered: number; next: Date | null } {
  let covered = 1;
  let next = schedule.next(first);
  while (next && next.getTime() <= now.getTime() && covered < MAX_COUNTED_OCCURRENCES) {
    covered++;
    next = schedule.next(next);
  }
  if (next && next.getTime() <= now.getTime()) next = schedule.next(now);
  return { covered, next };
}

/**
 * One claim transaction: locks due schedules, and for each inserts its execution (or records
 * the skip) and advances next_run_at, all committed together; the runners start after commit.
 * A process that dies before COMMIT leaves the rows as they were (and unlocked): another
 * dispatcher claims the same occurrence again. Answers how many schedules it claimed.
 */
async function claimBatch(deps: DispatchDeps, tx: HubTx, limit: number, out: DispatchOutcome): Promise<number> {
  const useDb = tx.dialect === "pg" && (deps.timeSource ?? "database") === "database";
  const now = useDb ? await q.databaseNow(tx) : deps.clock();
  const due = await q.claimDue(tx, now, limit);
  for (const row of due) {
    const scheduledFor = row.nextRunAt as Date;
    let occurrences: ReturnType<typeof parseSchedule>;
    try {
      occurrences = parseSchedule(row.cron, row.timezone);
    } catch (err) {
      // Checked when written; a row that still does not parse stops instead of looping.
      deps.logger.error("schedule has an unreadable cron; it will not fire", { schedule_id: row.id, error: err });
      await q.updateSchedule(tx, row.id, { nextRunAt: null });
      continue;
    }
    const { covered, next } = coalesce(occurrences, scheduledFor, now);
    if (await q.userDisabled(tx, row.userId)) {
      // Recorded as a skip (the schedule's skipped count shows it), never queued as a run
      // that could only fail at authorization.
      await q.recordSkip(tx, row.id, covered, scheduledFor, next);
      out.skipped.push({ scheduleId: row.id, scheduledFor, covered });
      deps.logger.info("schedule occurrence skipped: its account is disabled", {
        schedule_id: row.id,
        scheduled_for: scheduledFor.toISOString(),
        occurrences: covered,
      });
      continue;
    }
    if (row.overlap === "skip" && (await q.hasActiveRun(tx, row.id))) {
      await q.recordSkip(tx, row.id, covered, scheduledFor, next);
      out.skipped.push({ scheduleId: row.id, scheduledFor, covered });
      deps.logger.info("schedule occurrence skipped: its previous run is still queued or running", {
        schedule_id: row.id,
        scheduled_for: scheduledFor.toISOString(),
        occurrences: covered,
      });
      continue;
    }
    const revision = row.revision ?? (await q.currentRevision(tx, row.workflowId));
    if (revision === undefined) {
      // Cannot happen while the foreign key holds (deleting a workflow deletes its schedules);
      // advanced anyway, so a pass never claims the same row again and again.
      await q.updateSchedule(tx, row.id, { nextRunAt: next });
      continue;
    }
    const executionId = newId();
    const inserted = await q.insertQueuedExecution(tx, {
      id: executionId,
      workflowId: row.workflowId,
      revision,
      userId: row.userId,
      scheduleId: row.id,
      scheduledFor,
      occurrencesCovered: covered,
      createdAt: now,
    });
    await q.updateSchedule(tx, row.id, { nextRunAt: next, ...(inserted ? { lastRunAt: now } : {}) });
    if (!inserted) {
      deps.logger.debug("schedule occurrence already dispatched", {
        schedule_id: row.id,
        scheduled_for: scheduledFor.toISOString(),
      });
      continue;
    }
    out.dispatched.push({ executionId, scheduleId: row.id, scheduledFor, covered });
    tx.onCommit(() => deps.onDispatched(executionId));
  }
  return due.length;
}

/**
 * The dispatcher's pass (hub.md durability rules 1-3): claims every schedule due by now, in
 * transactions of `batchSize`, until none is left. Safe to run in several processes at once.
 */
export async function dispatchDue(deps: DispatchDeps): Promise<DispatchOutcome> {
  const limit = deps.batchSize ?? 50;
  const out: DispatchOutcome = { dispatched: [], skipped: [] };
  for (;;) {
    // A retried PostgreSQL transaction starts its batch afresh: only the committed one counts.
    const { claimed, batch } = await deps.database.transaction(async (tx) => {
      const batch: DispatchOutcome = { dispatched: [], skipped: [] };
      return { claimed: await claimBatch(deps, tx, limit, batch), batch };
    });
    out.dispatched.push(...batch.dispatched);
    out.skipped.push(...batch.skipped);
    if (claimed < limit) return out;
  }
}
