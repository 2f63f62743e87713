import { Show } from "solid-js";
import { useHubAccount } from "../hub-account";
import { useHubWorkspace } from "../hub-workspace";
import { createWorkflowNames } from "../schedules/workflow-names";
import { createNow } from "../ui/now";
import { PageState } from "../ui/page-state";
import { NextRuns } from "./next-runs";
import { RecentRuns } from "./recent-runs";
import { RecentWorkflows } from "./recent-workflows";
import "../ui/hub-page.css";
import "./home-page.css";

/**
 * Home (hub.md "What the service does"): the person's own recent workflows, their recent runs
 * with live status, and the next runs of their schedules, each a way into its area. Each panel
 * loads on its own, so a slow one does not hold the others.
 */
export function HomePage() {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const now = createNow(30_000);
  const names = workspace ? createWorkflowNames(workspace.hub) : () => undefined;

  return (
    <main class="hub-page home-page" data-testid="home-page" aria-labelledby="home-title">
      <header class="hub-page-head">
        <h1 id="home-title">
          <Show when={account?.user()} fallback="Home">
            {(user) => <>Welcome, {user().username}</>}
          </Show>
        </h1>
      </header>
      <Show
        when={workspace && account?.user()}
        fallback={
          <PageState kind="loading" testid="home-loading">
            <p>Loading…</p>
          </PageState>
        }
      >
        {(user) => (
          <Show when={workspace}>
            {(ws) => (
              <div class="home-panels">
                <RecentWorkflows workspace={ws()} userId={user().id} now={now} />
                <RecentRuns workspace={ws()} userId={user().id} now={now} workflowName={names} />
                <NextRuns workspace={ws()} userId={user().id} now={now} workflowName={names} />
              </div>
            )}
          </Show>
        )}
      </Show>
    </main>
  );
}
