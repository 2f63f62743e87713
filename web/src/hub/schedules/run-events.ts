import type { SseEvent } from "../live/sse-decoder";
import type { HubExecution } from "./schedules-api";

/** What an execution event of the Hub carries (src/hub/executions/events.ts). */
export interface ExecutionEventData {
  execution_id: string;
  status: HubExecution["status"];
  user_id: string;
  workflow_id: string;
  /** On `execution.created` only. */
  schedule_id?: string | null;
}

/** What a list of runs does with one event of the feed. */
export type RunEventEffect =
  | { kind: "reload" }
  | { kind: "status"; id: string; status: HubExecution["status"] }
  | { kind: "none" };

/**
 * The effect of a feed event on a list of runs: `stream.open` and `stream.reset` (events may
 * have been missed) and a new run the list `wants` reload it; `execution.updated` changes one
 * run's status in place; anything else (a tool's progress, a log line) leaves it be.
 */
export function runEventEffect(event: SseEvent, wants: (data: ExecutionEventData) => boolean): RunEventEffect {
  if (event.type === "stream.open" || event.type === "stream.reset") return { kind: "reload" };
  const data = event.data as Partial<ExecutionEventData> | null;
  if (typeof data?.execution_id !== "string" || typeof data.status !== "string") return { kind: "none" };
  if (event.type === "execution.updated") return { kind: "status", id: data.execution_id, status: data.status };
  if (event.type === "execution.created" && wants(data as ExecutionEventData)) return { kind: "reload" };
  return { kind: "none" };
}
