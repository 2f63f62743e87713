import { onCleanup } from "solid-js";
import { createStore, reconcile } from "solid-js/store";
import type { ExecutionFeed } from "../live/execution-feed";
import type { HubExecution } from "./schedules-api";

type Status = HubExecution["status"];

/** What an execution event of the Hub carries (src/hub/executions/events.ts). */
interface ExecutionEventData {
  execution_id: string;
  status: Status;
  user_id: string;
  workflow_id: string;
  schedule_id?: string | null;
}

/** The live view of a loaded list of runs: a run's status as the feed last told it. */
export interface LiveRuns {
  status(run: Pick<HubExecution, "id" | "status">): Status;
}

/**
 * Keeps a list of runs live while the calling component is mounted: an `execution.updated`
 * changes that run's status in place (the row stays; no reload), a new run that `wants` keeps
 * reloads the list, and `stream.open` / `stream.reset` (events may have been missed) reload it
 * too. A reload forgets what the feed said before it: the Hub's answer is newer.
 */
export function followRuns(
  feed: ExecutionFeed | undefined,
  options: { reload(): void; wants(event: ExecutionEventData): boolean },
): LiveRuns & { forget(): void } {
  const [told, setTold] = createStore<Record<string, Status>>({});
  const forget = () => setTold(reconcile({}));
  if (feed) {
    const stop = feed.subscribe((event) => {
      if (event.type === "stream.open" || event.type === "stream.reset") {
        options.reload();
        return;
      }
      const data = event.data as ExecutionEventData;
      if (event.type === "execution.updated" && typeof data?.execution_id === "string") {
        setTold(data.execution_id, data.status);
      } else if (event.type === "execution.created" && options.wants(data)) {
        options.reload();
      }
    });
    onCleanup(stop);
  }
  return { status: (run) => told[run.id] ?? run.status, forget };
}
