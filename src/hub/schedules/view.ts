import { isoInZone, nextOccurrences, parseSchedule } from "../../shared/schedule-occurrences";
import type { ScheduleRow } from "./queries";
import type { ScheduleBody } from "./schemas";

/** How many upcoming occurrences an answer lists (decisions.md "next_runs"). */
export const NEXT_RUNS = 5;

/** A schedule as the API answers it: instants in its zone's offset, and its next five occurrences from `now`. */
export function scheduleBody(row: ScheduleRow, now: Date): ScheduleBody {
  const zoned = (at: Date | null) => (at ? isoInZone(at, row.timezone) : null);
  const upcoming = row.enabled ? nextOccurrences(parseSchedule(row.cron, row.timezone), now, NEXT_RUNS) : [];
  return {
    id: row.id,
    name: row.name,
    workflow_id: row.workflowId,
    user_id: row.userId,
    cron: row.cron,
    timezone: row.timezone,
    enabled: row.enabled,
    overlap: row.overlap,
    revision: row.revision,
    next_run_at: zoned(row.nextRunAt),
    last_run_at: zoned(row.lastRunAt),
    skipped_count: row.skippedCount,
    last_skipped_at: zoned(row.lastSkippedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    next_runs: upcoming.map((at) => isoInZone(at, row.timezone)),
  };
}
