import { createEffect, createResource, createSignal, For, Match, on, onCleanup, Show, Switch } from "solid-js";
import { roleAtLeast } from "../../../../src/shared/roles";
import { useHubAccount } from "../hub-account";
import type { HubWorkspace } from "../hub-workspace";
import { createNow } from "../ui/now";
import { PageState } from "../ui/page-state";
import { Pager } from "../ui/pager";
import { ExecutionFilters, type FilterInputs, filterOf, NO_FILTERS } from "./execution-filters";
import { exactTime, relativeTime, runDuration, triggerText } from "./execution-words";
import { type ExecutionSummary, getExecution, listExecutions } from "./executions-api";
import { liveListAction, patchStatus } from "./live-list";
import { createRunNames } from "./run-names";
import { ExecutionStatusBadge } from "./status-badge";

/** Rows a page holds: paged by the Hub (10,000 runs stay one page's work). */
export const EXECUTIONS_PAGE_SIZE = 50;

/**
 * The executions the person may see (their own; everyone's for auditors and above, as the Hub
 * answers), filtered and paged by the Hub. The live feed keeps it current with no reload: a
 * new run that fits the filters reloads the page, a shown run's status changes in place.
 */
export function ExecutionsList(props: { workspace: HubWorkspace }) {
  const account = useHubAccount();
  const names = createRunNames(props.workspace, account);
  const now = createNow(5_000);
  const [inputs, setInputs] = createSignal<FilterInputs>(NO_FILTERS);
  const [offset, setOffset] = createSignal(0);
  const filter = () => filterOf(inputs());
  const [page, { refetch }] = createResource(
    () => ({ ...filter(), offset: offset() }),
    (query) => listExecutions(props.workspace.hub, { ...query, limit: EXECUTIONS_PAGE_SIZE }),
  );
  // The rows shown: the page as loaded, then moved by the feed.
  const [rows, setRows] = createSignal<ExecutionSummary[]>([]);
  createEffect(
    on(
      () => page.latest,
      (answer) => answer && setRows(answer.executions),
    ),
  );

  const refresh = (id: string) =>
    getExecution(props.workspace.hub, id).then(
      (fresh) => setRows((now) => now.map((r) => (r.id === id ? { ...r, ...fresh } : r))),
      () => undefined, // the status is patched already; the times wait for the next load
    );
  const unsubscribe = props.workspace.feed.subscribe((event) => {
    const action = liveListAction(event, rows(), filter());
    if (action.kind === "reload") void refetch();
    else if (action.kind === "patch") {
      setRows((now) => patchStatus(now, action.id, action.status));
      void refresh(action.id);
    }
  });
  onCleanup(unsubscribe);

  const filtering = () => Object.keys(filter()).length > 0;
  const seesAll = () => roleAtLeast(account?.user()?.role ?? "user", "auditor");
  const change = (next: FilterInputs) => {
    setInputs(next);
    setOffset(0);
  };

  return (
    <main class="hub-page runs-page" data-testid="executions-page" aria-labelledby="executions-title">
      <header class="hub-page-head">
        <h1 id="executions-title">Executions</h1>
        <span class="runs-live" data-testid="executions-live" data-live={props.workspace.feed.connected()}>
          {props.workspace.feed.connected()
            ? "Live"
            : props.workspace.feed.ended()
              ? "Not live: sign in again"
              : "Reconnecting…"}
        </span>
      </header>
      <ExecutionFilters workspace={props.workspace} value={inputs()} onChange={change} shown={rows()} />
      <Switch>
        <Match when={page.error}>
          <PageState kind="error" testid="executions-error" retry={() => void refetch()}>
            <p>The Hub did not answer with the executions: {(page.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={page.loading && !page.latest}>
          <PageState kind="loading" testid="executions-loading">
            <p>Loading executions…</p>
          </PageState>
        </Match>
        <Match when={page.latest && rows().length === 0}>
          <PageState kind="empty" testid="executions-empty">
            <Show
              when={filtering()}
              fallback={
                <p>
                  No executions yet. When a workflow saved on the Hub runs, by hand or on a schedule, it appears here as
                  it starts.
                </p>
              }
            >
              <p>No execution matches these filters.</p>
            </Show>
          </PageState>
        </Match>
        <Match when={page.latest}>
          {(answer) => (
            <>
              <table class="hub-table runs-table" data-testid="executions-table" aria-busy={page.loading}>
                <thead>
                  <tr>
                    <th scope="col">Status</th>
                    <th scope="col">Workflow</th>
                    <Show when={seesAll()}>
                      <th scope="col">Who</th>
                    </Show>
                    <th scope="col">Trigger</th>
                    <th scope="col">Created</th>
                    <th scope="col" class="num">
                      Duration
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <For each={rows()}>
                    {(run) => (
                      <tr data-testid="execution-row" data-execution-id={run.id} data-status={run.status}>
                        <td>
                          <ExecutionStatusBadge status={run.status} />
                        </td>
                        <td>
                          <button
                            type="button"
                            class="runs-open"
                            data-testid="execution-open"
                            title="Open this execution"
                            onClick={() => props.workspace.show("executions", run.id)}
                          >
                            {names.workflow(run.workflow_id)}
                          </button>
                          <span class="runs-revision">revision {run.revision}</span>
                        </td>
                        <Show when={seesAll()}>
                          <td data-testid="execution-row-who">{names.user(run.user_id)}</td>
                        </Show>
                        <td>{triggerText(run)}</td>
                        <td>
                          <time datetime={run.created_at} title={exactTime(run.created_at)}>
                            {relativeTime(run.created_at, now())}
                          </time>
                        </td>
                        <td class="num" data-testid="execution-duration">
                          {runDuration(run, now())}
                        </td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
              <Pager
                testid="executions"
                label="Pages of executions"
                offset={offset()}
                count={rows().length}
                total={answer().total}
                pageSize={EXECUTIONS_PAGE_SIZE}
                onOffset={setOffset}
              />
            </>
          )}
        </Match>
      </Switch>
    </main>
  );
}
