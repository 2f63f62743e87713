import { createResource, For, Match, Switch } from "solid-js";
import { useHubAccount } from "../hub-account";
import type { HubWorkspace } from "../hub-workspace";
import { cronInWords } from "../schedules/cron-words";
import { listSchedules } from "../schedules/schedules-api";
import { exactTime, relativeTime } from "../schedules/when";
import { PageState } from "../ui/page-state";
import { HomePanel } from "./home-panel";
import { soonest } from "./soonest";

/** How many upcoming runs Home lists. */
export const NEXT_RUNS = 5;
/**
 * The Hub lists schedules newest first, not by their next run: Home reads the person's first
 * 500 (the Hub's largest page) and picks the soonest. Someone with more schedules than that
 * sees the soonest of those in Schedules' own list.
 */
const SCHEDULES_READ = 500;

/** The next runs of the person's schedules: when (relative, exact in the schedule's zone), what, how often. */
export function NextRuns(props: {
  workspace: HubWorkspace;
  userId: string;
  now: () => Date;
  workflowName: (id: string) => string | undefined;
}) {
  // Asked again when a session that ended is renewed: its refusal was the session's.
  const account = useHubAccount();
  const [list, { refetch }] = createResource(
    () => ({ user_id: props.userId, renewal: account?.renewals() }),
    ({ user_id }) => listSchedules(props.workspace.hub, { user_id, limit: SCHEDULES_READ, offset: 0 }),
  );
  const upcoming = () => soonest(list.latest?.schedules ?? [], NEXT_RUNS);

  return (
    <HomePanel
      id="next"
      title="Next scheduled runs"
      more="All schedules"
      onMore={() => props.workspace.show("schedules")}
    >
      <Switch>
        <Match when={list.error}>
          <PageState kind="error" testid="home-next-error" retry={() => void refetch()}>
            <p>The Hub did not answer with your schedules: {(list.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={list.loading && !list.latest}>
          <PageState kind="loading" testid="home-next-loading">
            <p>Loading your schedules…</p>
          </PageState>
        </Match>
        <Match when={upcoming().length === 0}>
          <PageState kind="empty" testid="home-next-empty">
            <p>Nothing is scheduled to run.</p>
            <p>
              <button type="button" onClick={() => props.workspace.show("schedules")}>
                Schedule a workflow
              </button>
            </p>
          </PageState>
        </Match>
        <Match when={upcoming().length > 0}>
          <ul class="home-list">
            <For each={upcoming()}>
              {(s) => (
                <li data-testid="home-next-run" data-schedule-id={s.id}>
                  <button
                    type="button"
                    class="home-link"
                    data-testid="home-next-open"
                    title="Show this schedule in Schedules"
                    onClick={() => props.workspace.show("schedules", s.id)}
                  >
                    {s.name || props.workflowName(s.workflow_id) || "Workflow"}
                  </button>
                  <span class="home-meta">
                    <time datetime={s.next_run_at} title={exactTime(new Date(s.next_run_at), s.timezone)}>
                      {relativeTime(new Date(s.next_run_at), props.now())}
                    </time>{" "}
                    · {cronInWords(s.cron)} ({s.timezone})
                  </span>
                </li>
              )}
            </For>
          </ul>
        </Match>
      </Switch>
    </HomePanel>
  );
}
