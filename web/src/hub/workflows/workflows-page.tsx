import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import type { HubWorkflow } from "../../lib/hub-types";
import { parseWorkflow } from "../../model/workflow";
import { startExecution } from "../executions/executions-api";
import { useHubAccount } from "../hub-account";
import { type HubWorkspace, useHubWorkspace } from "../hub-workspace";
import { Pager } from "../ui/pager";
import "../ui/hub-page.css";
import "./workflows-page.css";
import { WorkflowRevisionsPage } from "./workflow-revisions-page";

/** Rows a page of the list holds: paged by the Hub (a list of 10,000 stays one page's work). */
export const WORKFLOWS_PAGE_SIZE = 50;

/**
 * The Workflows area: the list, or one workflow's revisions when the address names it
 * (`#/workflows/<id>`, workflow-revisions-page.tsx).
 */
export function WorkflowsPage() {
  const workspace = useHubWorkspace();
  const shown = () => (workspace ? workspace.route().id : undefined);
  return (
    <Show when={workspace && shown()} keyed fallback={<WorkflowList />}>
      {(id) => <WorkflowRevisionsPage id={id} workspace={workspace as HubWorkspace} />}
    </Show>
  );
}

/**
 * The workflows the person may read (their own; all of them for auditors
 * and above, as the Hub answers), searched by name on the Hub, a page at a time. Opening one
 * hands its newest revision to the designer, which then saves new revisions of it.
 */
function WorkflowList() {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const [name, setName] = createSignal("");
  const [offset, setOffset] = createSignal(0);
  const [opening, setOpening] = createSignal<string>();
  const [openError, setOpenError] = createSignal<string>();
  const [starting, setStarting] = createSignal<string>();
  const [list, { refetch }] = createResource(
    () => ({ name: name().trim(), offset: offset() }),
    (query) => {
      if (!workspace) throw new Error("no Hub serves this page");
      // The answer keeps the offset it is for: the pager says which rows are shown, not which
      // are asked for while the next page is on its way.
      return workspace.hub
        .listWorkflows({ ...query, limit: WORKFLOWS_PAGE_SIZE })
        .then((answer) => ({ ...answer, offset: query.offset }));
    },
  );
  const total = () => list.latest?.total ?? 0;
  const search = (text: string) => {
    setName(text);
    setOffset(0);
  };
  const open = async (workflow: HubWorkflow) => {
    if (!workspace || opening()) return;
    setOpening(workflow.id);
    setOpenError(undefined);
    try {
      const detail = await workspace.hub.workflow(workflow.id);
      const doc = parseWorkflow(JSON.stringify(detail.content));
      workspace.requestOpen({ ref: { id: detail.id, name: detail.name, revision: detail.revision }, doc });
      workspace.show("designer");
    } catch (err) {
      setOpenError(`Could not open “${workflow.name}”: ${(err as Error).message}`);
    } finally {
      setOpening(undefined);
    }
  };
  /** Runs the newest revision on a Server (a Hub execution) and shows it in Executions, live. */
  const run = async (workflow: HubWorkflow) => {
    if (!workspace || starting()) return;
    setStarting(workflow.id);
    setOpenError(undefined);
    try {
      const started = await startExecution(workspace.hub, workflow.id);
      workspace.show("executions", started.id);
    } catch (err) {
      setOpenError(`Could not run “${workflow.name}”: ${(err as Error).message}`);
    } finally {
      setStarting(undefined);
    }
  };
  const owner = (w: HubWorkflow) =>
    w.owner_id === null ? "(deleted account)" : w.owner_id === account?.user()?.id ? "You" : "Another user";

  return (
    <main class="hub-page workflows-page" data-testid="workflows-page" aria-labelledby="workflows-title">
      <header class="hub-page-head">
        <h1 id="workflows-title">Workflows</h1>
        <label class="workflows-search">
          <span class="visually-hidden">Search workflows by name</span>
          <input
            type="search"
            data-testid="workflows-search"
            placeholder="Search by name"
            value={name()}
            onInput={(e) => search(e.currentTarget.value)}
          />
        </label>
      </header>
      <Show when={openError()}>
        <p class="hub-page-error" role="alert" data-testid="workflows-open-error">
          {openError()}
        </p>
      </Show>
      <Switch>
        <Match when={list.error}>
          <div class="hub-page-state bad" role="alert" data-testid="workflows-error">
            <p>The Hub did not answer with the workflows: {(list.error as Error).message}</p>
            <button type="button" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        </Match>
        <Match when={list.loading && !list.latest}>
          <p class="hub-page-state" aria-live="polite" data-testid="workflows-loading">
            Loading workflows…
          </p>
        </Match>
        <Match when={list.latest?.workflows.length === 0}>
          <div class="hub-page-state" data-testid="workflows-empty">
            <Show
              when={name().trim()}
              fallback={
                <p>
                  No workflows yet. Build one in the designer and choose <strong>Save</strong> to store it on the Hub.
                </p>
              }
            >
              <p>No workflow's name contains “{name().trim()}”.</p>
            </Show>
          </div>
        </Match>
        <Match when={list.latest}>
          {(answer) => (
            <>
              <table class="hub-table workflows-table" data-testid="workflows-table" aria-busy={list.loading}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Revision</th>
                    <th scope="col">Updated</th>
                    <th scope="col">Owner</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <For each={answer().workflows}>
                    {(w) => (
                      <tr data-testid="workflow-row" data-workflow-id={w.id}>
                        <td>
                          <button
                            type="button"
                            class="workflows-open"
                            data-testid="workflow-open"
                            title={`Open “${w.name}” in the designer`}
                            aria-busy={opening() === w.id}
                            onClick={() => void open(w)}
                          >
                            {w.name}
                          </button>
                          <Show when={w.description}>
                            <span class="workflows-description">{w.description}</span>
                          </Show>
                        </td>
                        <td data-testid="workflow-revision">{w.revision}</td>
                        <td>
                          <time datetime={w.updated_at}>{new Date(w.updated_at).toLocaleString()}</time>
                        </td>
                        <td>{owner(w)}</td>
                        <td class="workflows-actions">
                          <button
                            type="button"
                            data-testid="workflow-run"
                            title={`Run the newest revision of “${w.name}” on a Server, and follow it in Executions`}
                            aria-busy={starting() === w.id}
                            disabled={starting() !== undefined}
                            onClick={() => void run(w)}
                          >
                            Run
                          </button>
                          <button
                            type="button"
                            data-testid="workflow-revisions"
                            title={`The revisions of “${w.name}”: compare, restore, download`}
                            onClick={() => workspace?.show("workflows", w.id)}
                          >
                            Revisions
                          </button>
                        </td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
              <Pager
                testid="workflows"
                label="Pages of workflows"
                offset={answer().offset}
                count={answer().workflows.length}
                total={total()}
                pageSize={WORKFLOWS_PAGE_SIZE}
                onOffset={setOffset}
              />
            </>
          )}
        </Match>
      </Switch>
    </main>
  );
}
