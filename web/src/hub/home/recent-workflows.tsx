import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import type { HubWorkflow } from "../../lib/hub-types";
import { parseWorkflow } from "../../model/workflow";
import { useHubAccount } from "../hub-account";
import type { HubWorkspace } from "../hub-workspace";
import { listWorkflowPage } from "../schedules/schedules-api";
import { agoTime, exactTime } from "../schedules/when";
import { PageState } from "../ui/page-state";
import { HomePanel } from "./home-panel";

/** How many of the person's workflows Home lists: the latest changed. */
export const RECENT_WORKFLOWS = 5;

/**
 * The person's own workflows, latest changed first; one opens in the designer as from the
 * Workflows page (its newest revision, which the designer then saves new revisions of).
 */
export function RecentWorkflows(props: { workspace: HubWorkspace; userId: string; now: () => Date }) {
  const [opening, setOpening] = createSignal<string>();
  const [openError, setOpenError] = createSignal<string>();
  // Asked again when a session that ended is renewed: its refusal was the session's.
  const account = useHubAccount();
  const [list, { refetch }] = createResource(
    () => ({ owner_id: props.userId, renewal: account?.renewals() }),
    ({ owner_id }) => listWorkflowPage(props.workspace.hub, { owner_id, limit: RECENT_WORKFLOWS }),
  );
  const open = async (workflow: HubWorkflow) => {
    if (opening()) return;
    setOpening(workflow.id);
    setOpenError(undefined);
    try {
      const detail = await props.workspace.hub.workflow(workflow.id);
      const doc = parseWorkflow(JSON.stringify(detail.content));
      props.workspace.requestOpen({ ref: { id: detail.id, name: detail.name, revision: detail.revision }, doc });
      props.workspace.show("designer");
    } catch (err) {
      setOpenError(`Could not open “${workflow.name}”: ${(err as Error).message}`);
    } finally {
      setOpening(undefined);
    }
  };

  return (
    <HomePanel
      id="workflows"
      title="My recent workflows"
      more="All workflows"
      onMore={() => props.workspace.show("workflows")}
    >
      <Show when={openError()}>
        <p class="hub-page-error" role="alert" data-testid="home-workflows-open-error">
          {openError()}
        </p>
      </Show>
      <Switch>
        <Match when={list.error}>
          <PageState kind="error" testid="home-workflows-error" retry={() => void refetch()}>
            <p>The Hub did not answer with your workflows: {(list.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={list.loading && !list.latest}>
          <PageState kind="loading" testid="home-workflows-loading">
            <p>Loading your workflows…</p>
          </PageState>
        </Match>
        <Match when={list.latest?.workflows.length === 0}>
          <PageState kind="empty" testid="home-workflows-empty">
            <p>You have no workflows on the Hub yet.</p>
            <p>
              <button type="button" onClick={() => props.workspace.show("designer")}>
                Open the Designer
              </button>
            </p>
            <p>Build a workflow there and choose Save to keep it here.</p>
          </PageState>
        </Match>
        <Match when={list.latest}>
          {(answer) => (
            <ul class="home-list">
              <For each={answer().workflows}>
                {(w) => (
                  <li data-testid="home-workflow" data-workflow-id={w.id}>
                    <button
                      type="button"
                      class="home-link"
                      data-testid="home-workflow-open"
                      title={`Open “${w.name}” in the designer`}
                      aria-busy={opening() === w.id}
                      onClick={() => void open(w)}
                    >
                      {w.name}
                    </button>
                    <span class="home-meta">
                      Revision {w.revision} · changed{" "}
                      <time datetime={w.updated_at} title={exactTime(new Date(w.updated_at))}>
                        {agoTime(new Date(w.updated_at), props.now())}
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
