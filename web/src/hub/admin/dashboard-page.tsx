import { createResource, createSignal, Show } from "solid-js";
import { useHubWorkspace } from "../hub-workspace";
import { createNameBook } from "./activity/name-book";
import { NO_NAMES } from "./activity/names";
import { exactTime } from "./audit/when";
import { CountCards } from "./dashboard/count-cards";
import { CHART_DAYS, dashboard, recentFailures, servers } from "./dashboard/dashboard-api";
import { Panel } from "./dashboard/panel-states";
import { RecentFailures } from "./dashboard/recent-failures";
import { RunsChart } from "./dashboard/runs-chart";
import { ServerHealth } from "./dashboard/server-health";
import "../ui/hub-page.css";
import "./dashboard/dashboard-page.css";

/**
 * The Dashboard (auditors and above): how much the Hub holds, runs per day of the last two
 * weeks, each Server's health and the runs that failed in the last day. Counts come from one
 * Hub route (`GET /dashboard`); Servers and failures from their own lists. Refresh asks again.
 */
export function DashboardPage() {
  const workspace = useHubWorkspace();
  const book = workspace ? createNameBook(workspace.hub) : undefined;
  const [asked, setAsked] = createSignal(0);
  const hub = () => {
    if (!workspace) throw new Error("no Hub serves this page");
    return workspace.hub;
  };
  const [overview, overviewActions] = createResource(asked, () => dashboard(hub()));
  const [fleet, fleetActions] = createResource(asked, () => servers(hub()));
  const [failures, failureActions] = createResource(asked, async () => {
    const list = await recentFailures(hub());
    await book?.learnNames(list.executions.map((e) => ["workflow", e.workflow_id] as ["workflow", string]));
    return list;
  });
  const now = () => {
    asked();
    return new Date();
  };
  const show = workspace ? workspace.show : () => undefined;

  return (
    <main class="hub-page dashboard-page" data-testid="dashboard-page" aria-labelledby="dashboard-title">
      <header class="hub-page-head">
        <h1 id="dashboard-title">Dashboard</h1>
        <Show when={overview.latest}>
          {(o) => (
            <span class="dashboard-updated" title={exactTime(o().generated_at)}>
              As of {new Date(o().generated_at).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" })}
            </span>
          )}
        </Show>
        <div class="hub-page-actions">
          <button
            type="button"
            data-testid="dashboard-refresh"
            aria-busy={overview.loading || fleet.loading || failures.loading}
            onClick={() => setAsked((n) => n + 1)}
          >
            Refresh
          </button>
        </div>
      </header>
      <Panel testid="dashboard-counts" what="the counts" data={overview} retry={() => void overviewActions.refetch()}>
        {(o) => <CountCards counts={o.counts} show={(area) => show(area)} />}
      </Panel>
      <div class="dashboard-grid">
        <section class="dashboard-panel" aria-labelledby="dashboard-runs-title">
          <h2 id="dashboard-runs-title">Runs per day, last {CHART_DAYS} days</h2>
          <Panel
            testid="dashboard-chart"
            what="the runs per day"
            data={overview}
            retry={() => void overviewActions.refetch()}
          >
            {(o) => <RunsChart days={o.runs_per_day} />}
          </Panel>
        </section>
        <section class="dashboard-panel" aria-labelledby="dashboard-servers-title">
          <h2 id="dashboard-servers-title">Server health</h2>
          <Panel
            testid="dashboard-servers"
            what="the Servers"
            data={fleet}
            retry={() => void fleetActions.refetch()}
            empty={(list) =>
              list.servers.length === 0
                ? "No Server is registered. A Server started with AUTH_MODE=hub registers itself."
                : undefined
            }
          >
            {(list) => (
              <ServerHealth servers={list.servers} total={list.total} now={now()} onAll={() => show("servers")} />
            )}
          </Panel>
        </section>
        <section class="dashboard-panel dashboard-wide" aria-labelledby="dashboard-failures-title">
          <h2 id="dashboard-failures-title">Failed in the last 24 hours</h2>
          <Panel
            testid="dashboard-failures"
            what="the failed runs"
            data={failures}
            retry={() => void failureActions.refetch()}
            empty={(list) => (list.executions.length === 0 ? "No run failed in the last 24 hours." : undefined)}
          >
            {(list) => (
              <RecentFailures
                list={list}
                names={book ?? NO_NAMES}
                now={now()}
                open={(id) => show("executions", id)}
                onAll={() => show("executions")}
              />
            )}
          </Panel>
        </section>
      </div>
    </main>
  );
}
