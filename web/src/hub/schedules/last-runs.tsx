import { createResource, For, Match, Switch } from "solid-js";
import { ExecutionStatusBadge } from "../executions/status-badge";
import { useHubAccount } from "../hub-account";
import type { HubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { followRuns } from "./live-runs";
import { listExecutions } from "./schedules-api";
import { agoTime, exactTime } from "./when";

/** How many of a schedule's runs its row shows; Executions lists them all. */
export const LAST_RUNS = 5;

/**
 * The newest runs of one schedule (the Hub's executions with its `schedule_id`), each a link
 * to the run in Executions; their status is live (the execution feed), and a new run of this
 * schedule, by its clock or "Run now", appears as it is made.
 */
export function LastRuns(props: { workspace: HubWorkspace; scheduleId: string; now: () => Date }) {
  // Asked again when a session that ended is renewed: its refusal was the session's.
  const account = useHubAccount();
  const [list, { refetch }] = createResource(
    () => ({ schedule_id: props.scheduleId, renewal: account?.renewals() }),
    ({ schedule_id }) => listExecutions(props.workspace.hub, { schedule_id, limit: LAST_RUNS }),
  );
  const live = followRuns(props.workspace.feed, {
    reload: () => {
      live.forget();
      void refetch();
    },
    wants: (event) => event.schedule_id === props.scheduleId,
  });

  return (
    <div class="last-runs" data-testid="schedule-last-runs">
      <Switch>
        <Match when={list.error}>
          <PageState kind="error" testid="schedule-runs-error" retry={() => void refetch()}>
            <p>The Hub did not answer with this schedule's runs: {(list.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={list.loading && !list.latest}>
          <p class="last-runs-note" aria-live="polite" data-testid="schedule-runs-loading">
            Loading its runs…
          </p>
        </Match>
        <Match when={list.latest?.executions.length === 0}>
          <p class="last-runs-note" data-testid="schedule-runs-empty">
            No runs yet. It runs at its next occurrence, or now with <strong>Run now</strong>.
          </p>
        </Match>
        <Match when={list.latest}>
          {(answer) => (
            <>
              <span class="last-runs-title">Last runs</span>
              <ul class="last-runs-list">
                <For each={answer().executions}>
                  {(run) => (
                    <li data-testid="schedule-run" data-execution-id={run.id}>
                      <button
                        type="button"
                        class="last-runs-open"
                        data-testid="schedule-run-open"
                        title={`Open this run in Executions (${exactTime(new Date(run.created_at))})`}
                        onClick={() => props.workspace.show("executions", run.id)}
                      >
                        <ExecutionStatusBadge status={live.status(run)} testid="schedule-run-status" />
                        <time datetime={run.created_at}>{agoTime(new Date(run.created_at), props.now())}</time>
                        <span class="last-runs-how">{run.scheduled_for ? "on schedule" : "by Run now"}</span>
                      </button>
                    </li>
                  )}
                </For>
              </ul>
              <span class="last-runs-total">
                {answer().total > LAST_RUNS ? `${answer().total.toLocaleString("en")} runs in all` : ""}
              </span>
            </>
          )}
        </Match>
      </Switch>
    </div>
  );
}
