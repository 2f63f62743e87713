import { onCleanup } from "solid-js";
import { createStore, reconcile } from "solid-js/store";
import type { ExecutionFeed } from "../live/execution-feed";
import { type ExecutionEventData, runEventEffect } from "./run-events";
import type { HubExecution } from "./schedules-api";

type Status = HubExecution["status"];

/** The live view of a loaded list of runs: a run's status as the feed last told it. */
export interface LiveRuns {
  status(run: Pick<HubExecution, "id" | "status">): Status;
  /** Forgets what the feed said: call it as the list is read again (the Hub's answer is newer). */
  forget(): void;
}

/**
 * Keeps a list of runs live while the calling component is mounted (run-events.ts says what
 * each event does): a status changes in place, so the row stays and nothing is read again.
 */
export function followRuns(
  feed: ExecutionFeed | undefined,
  options: { reload(): void; wants(event: ExecutionEventData): boolean },
): LiveRuns {
  const [told, setTold] = createStore<Record<string, Status>>({});
  if (feed) {
    const stop = feed.subscribe((event) => {
      const effect = runEventEffect(event, options.wants);
      if (effect.kind === "reload") options.reload();
      else if (effect.kind === "status") setTold(effect.id, effect.status);
    });
    onCleanup(stop);
  }
  return { status: (run) => told[run.id] ?? run.status, forget: () => setTold(reconcile({})) };
}
