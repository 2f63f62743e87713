import { createResource, For, Match, Switch } from "solid-js";
import { ExecutionStatusBadge } from "../executions/status-badge";
import { useHubAccount } from "../hub-account";
import type { HubWorkspace } from "../hub-workspace";
import { followRuns } from "../schedules/live-runs";
import { listExecutions } from "../schedules/schedules-api";
import { agoTime, exactTime } from "../schedules/when";
import { PageState } from "../ui/page-state";
import { HomePanel } from "./home-panel";

/** How many of the person's runs Home lists: the newest. */
export const RECENT_RUNS = 8;

/**
 * The person's newest runs, their status live: the Hub's execution feed changes a row's
 * status in place as the run moves on, and a new run of theirs (or a reconnection of the feed)
 * loads the list again. A row opens the run in Executions.
 */
export function RecentRuns(props: {
  workspace: HubWorkspace;
  userId: string;
  now: () => Date;
  workflowName: (id: string) => string | undefined;
}) {
  // Asked again when a session that ended is renewed: its refusal was the session's.
  const account = useHubAccount();
  const [list, { refetch }] = createResource(
    () => ({ user_id: props.userId, renewal: account?.renewals() }),
    ({ user_id }) => listExecutions(props.workspace.hub, { user_id, limit: RECENT_RUNS }),
  );
  const live = followRuns(props.workspace.feed, {
    reload: () => {
      live.forget();
      void refetch();
    },
    wants: (event) => event.user_id === props.userId,
  });

  return (
    <HomePanel id="runs" title="My recent runs" more="All executions" onMore={() => props.workspace.show("executions")}>
      <Switch>
        <Match when={list.error}>
          <PageState kind="error" testid="home-runs-error" retry={() => void refetch()}>
            <p>The Hub did not answer with your runs: {(list.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={list.loading && !list.latest}>
          <PageState kind="loading" testid="home-runs-loading">
            <p>Loading your runs…</p>
          </PageState>
        </Match>
        <Match when={list.latest?.executions.length === 0}>
          <PageState kind="empty" testid="home-runs-empty">
            <p>You have not run anything on the Hub yet.</p>
            <p>Open a saved workflow in the Designer and run it, or schedule it in Schedules.</p>
          </PageState>
        </Match>
        <Match when={list.latest}>
          {(answer) => (
            <ul class="home-list">
              <For each={answer().executions}>
                {(run) => (
                  <li data-testid="home-run" data-execution-id={run.id}>
                    <button
                      type="button"
                      class="home-link"
                      data-testid="home-run-open"
                      title="Open this run in Executions"
                      onClick={() => props.workspace.show("executions", run.id)}
                    >
                      {props.workflowName(run.workflow_id) ?? "Workflow"}
                    </button>
                    <span class="home-meta">
                      <ExecutionStatusBadge status={live.status(run)} testid="home-run-status" />{" "}
                      {run.schedule_id ? "from a schedule · " : ""}
                      <time datetime={run.created_at} title={exactTime(new Date(run.created_at))}>
                        {agoTime(new Date(run.created_at), props.now())}
                      </time>
                    </span>
                  </li>
                )}
              </For>
            </ul>
          )}
        </Match>
      </Switch>
    </HomePanel>
  );
}
