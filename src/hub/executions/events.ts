import type { EventBroker, HubEvent } from "../events/broker";
import type { ExecutionRow } from "./queries";

/**
 * Publishes an execution event with the fields every one carries (execution_id, status,
 * user_id: the SSE route filters on user_id), plus `extra`. A broker failure is the
 * stream's problem, not the run's: it is swallowed here and the run goes on.
 */
export async function publishExecution(
  events: EventBroker,
  type: HubEvent["type"],
  row: Pick<ExecutionRow, "id" | "status" | "userId" | "workflowId">,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await events
    .publish(type, {
      ...extra,
      execution_id: row.id,
      status: row.status,
      user_id: row.userId ?? "",
      workflow_id: row.workflowId,
    })
    .catch(() => undefined);
}
