import type { ArtifactRow, ExecutionRow } from "./queries";
import type { ExecutionSummary } from "./schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An execution as lists answer it. */
export function executionBody(row: ExecutionRow): ExecutionSummary {
  return {
    id: row.id,
    workflow_id: row.workflowId,
    revision: row.revision,
    user_id: row.userId,
    server_id: row.serverId,
    schedule_id: row.scheduleId,
    scheduled_for: iso(row.scheduledFor),
    occurrences_covered: row.occurrencesCovered,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    error: row.error,
  };
}

/** One execution, with the Server's answer (metrics and what was written) once it succeeded. */
export function executionDetail(row: ExecutionRow) {
  return { ...executionBody(row), result: row.result === null ? null : (JSON.parse(row.result) as unknown) };
}

export function artifactBody(row: ArtifactRow) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    sha256: row.sha256,
    size: Number(row.size),
    media_type: row.mediaType,
  };
}
