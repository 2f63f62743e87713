import type { SseEvent } from "../live/sse-decoder";
import type { ExecutionFilter, ExecutionStatus, ExecutionSummary } from "./executions-api";

/** What a list of executions does with one event of the live feed. */
export type LiveListAction =
  /** Load the page again: a run that may belong on it appeared, or events were missed. */
  | { kind: "reload" }
  /** A shown run moved: change its status in place (then read its times again). */
  | { kind: "patch"; id: string; status: ExecutionStatus }
  | { kind: "none" };

interface ExecutionEventData {
  execution_id?: unknown;
  status?: unknown;
  workflow_id?: unknown;
  schedule_id?: unknown;
}

const STATUSES = new Set<string>(["queued", "running", "succeeded", "failed", "cancelled"]);

/**
 * The list's answer to an event (docs/hub.md "Executions", the stream): `stream.open` and
 * `stream.reset` reload (the events before are unknown); a new run reloads when the filters
 * would show it; a status change patches a shown row, or reloads when it now matches the
 * status filter. Per-tool progress and log lines leave the list alone.
 */
export function liveListAction(
  event: SseEvent,
  shown: readonly ExecutionSummary[],
  filter: ExecutionFilter,
): LiveListAction {
  if (event.type === "stream.open" || event.type === "stream.reset") return { kind: "reload" };
  const data = (event.data ?? {}) as ExecutionEventData;
  if (typeof data.execution_id !== "string" || typeof data.status !== "string" || !STATUSES.has(data.status)) {
    return { kind: "none" };
  }
  const status = data.status as ExecutionStatus;
  const fits =
    (filter.workflow_id === undefined || filter.workflow_id === data.workflow_id) &&
    (filter.schedule_id === undefined || filter.schedule_id === data.schedule_id);
  if (event.type === "execution.created") {
    return fits && (filter.status === undefined || filter.status === status) ? { kind: "reload" } : { kind: "none" };
  }
  if (event.type !== "execution.updated") return { kind: "none" };
  if (shown.some((run) => run.id === data.execution_id)) return { kind: "patch", id: data.execution_id, status };
  // An updated event carries no schedule_id: a schedule filter cannot tell, so it reloads.
  const maybe = filter.workflow_id === undefined || filter.workflow_id === data.workflow_id;
  return maybe && filter.status === status ? { kind: "reload" } : { kind: "none" };
}

/** The rows with one run's status changed (the same array when it is not among them). */
export function patchStatus(rows: ExecutionSummary[], id: string, status: ExecutionStatus): ExecutionSummary[] {
  return rows.some((r) => r.id === id) ? rows.map((r) => (r.id === id ? { ...r, status } : r)) : rows;
}
