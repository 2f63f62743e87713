import { createSignal, For, onMount, Show } from "solid-js";
import { useHubWorkspace } from "../hub/hub-workspace";
import { ApiError, type ArchiveEntry, type ArchiveExecutionLog } from "../lib/api";
import { useApi } from "../lib/api-context";
import { parseWorkflow } from "../model/workflow";
import { useEditor } from "../state/editor";
import { workflowFiles } from "../state/files";
import { useLive } from "../state/live";
import { PageError } from "./page-view";
import { openPage } from "./route";

const PAGE_SIZE = 50;

/**
 * The runs the Server archived, newest first: status, time and tool count; "Details" shows
 * the execution log, "Open" loads that run's workflow into the designer.
 */
export function HistoryPage() {
  const editor = useEditor();
  const live = useLive();
  const api = useApi();
  const hub = useHubWorkspace();
  const files = workflowFiles(editor, api);
  const [entries, setEntries] = createSignal<ArchiveEntry[]>([]);
  const [total, setTotal] = createSignal(0);
  const [loading, setLoading] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const [details, setDetails] = createSignal<Record<string, ArchiveExecutionLog | string>>({});

  const load = async (offset: number) => {
    setLoading(true);
    setError(undefined);
    try {
      const page = await api.archiveList({ limit: PAGE_SIZE, offset });
      setEntries((old) => (offset === 0 ? page.archives : [...old, ...page.archives]));
      setTotal(page.total);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 503
          ? "This Server keeps no run history: archiving is off (ARCHIVE_ENABLED=false)."
          : `Could not read the run history: ${(err as Error).message}`,
      );
    } finally {
      setLoading(false);
    }
  };
  onMount(() => void load(0));

  const toggleDetails = async (entry: ArchiveEntry) => {
    if (details()[entry.path]) {
      const { [entry.path]: _, ...rest } = details();
      setDetails(rest);
      return;
    }
    try {
      const detail = await api.archiveDetail(entry.path);
      setDetails({ ...details(), [entry.path]: detail.execution_log });
    } catch (err) {
      setDetails({ ...details(), [entry.path]: `Could not read this run: ${(err as Error).message}` });
    }
  };

  const open = async (entry: ArchiveEntry) => {
    if (!files.mayDiscard()) return;
    try {
      const detail = await api.archiveDetail(entry.path);
      files.load(parseWorkflow(JSON.stringify(detail.workflow)));
      // A run's workflow is not the Hub workflow the designer held: Save asks for a new one's name.
      hub?.setCurrent(undefined);
      openPage(undefined);
      live.refresh();
    } catch (err) {
      setError(`Could not open this run's workflow: ${(err as Error).message}`);
    }
  };

  return (
    <div class="history-page">
      <div class="page-actions">
        <button
          type="button"
          class="page-button"
          data-testid="history-refresh"
          onClick={() => void load(0)}
          disabled={loading()}
        >
          Refresh
        </button>
        <span class="muted" aria-live="polite">
          {loading() ? "Loading…" : `${total()} run${total() === 1 ? "" : "s"} archived`}
        </span>
      </div>
      <Show when={error()}>{(message) => <PageError>{message()}</PageError>}</Show>
      <Show when={!loading() && !error() && entries().length === 0}>
        <p class="muted" data-testid="history-empty">
          No runs yet. Each run of a workflow (Run in the toolbar) is archived here.
        </p>
      </Show>
      <Show when={entries().length > 0}>
        <table class="page-table" data-testid="history-table">
          <thead>
            <tr>
              <th scope="col">Workflow</th>
              <th scope="col">Status</th>
              <th scope="col">Run at</th>
              <th scope="col" class="num">
                Tools
              </th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <For each={entries()}>
              {(entry) => (
                <>
                  <tr data-testid={`history-entry-${entry.path}`}>
                    <td>{entry.workflow_name}</td>
                    <td>
                      <span class={`status-badge status-${entry.status}`}>{entry.status}</span>
                    </td>
                    <td>
                      <time datetime={entry.executed_at}>{new Date(entry.executed_at).toLocaleString()}</time>
                    </td>
                    <td class="num">{entry.tool_count}</td>
                    <td class="row-actions">
                      <button
                        type="button"
                        class="page-button"
                        aria-expanded={details()[entry.path] !== undefined}
                        aria-label={`Details of the run of ${entry.workflow_name} at ${entry.executed_at}`}
                        onClick={() => void toggleDetails(entry)}
                      >
                        Details
                      </button>
                      <button
                        type="button"
                        class="page-button primary"
                        data-testid="history-open"
                        aria-label={`Open the workflow ${entry.workflow_name} as run at ${entry.executed_at}`}
                        onClick={() => void open(entry)}
                      >
                        Open
                      </button>
                    </td>
                  </tr>
                  <Show when={details()[entry.path]}>
                    {(log) => (
                      <tr class="detail-row">
                        <td colSpan={5}>
                          <RunLog log={log()} />
                        </td>
                      </tr>
                    )}
                  </Show>
                </>
              )}
            </For>
          </tbody>
        </table>
        <Show when={entries().length < total()}>
          <button
            type="button"
            class="page-button"
            onClick={() => void load(entries().length)}
            disabled={loading()}
            data-testid="history-more"
          >
            Show older runs
          </button>
        </Show>
      </Show>
    </div>
  );
}

function RunLog(props: { log: ArchiveExecutionLog | string }) {
  return (
    <Show when={typeof props.log !== "string" && props.log} fallback={<p class="bad">{props.log as string}</p>}>
      {(log) => (
        <div class="run-log">
          <p>
            {Math.round(log().duration_ms)} ms
            {log().target_tool_id ? `, up to ${log().target_tool_id}` : ""}
          </p>
          <Show when={log().error}>
            {(error) => (
              <p class="bad">
                {error().tool_id ? `${error().tool_id}: ` : ""}
                {error().detail}
              </p>
            )}
          </Show>
          <Show when={log().written.length > 0}>
            <ul>
              <For each={log().written}>
                {(w) => (
                  <li>
                    {w.tool_id} wrote {w.rows} rows to <code>{w.path}</code>
                  </li>
                )}
              </For>
            </ul>
          </Show>
          <Show when={log().tools.length > 0}>
            <p class="muted">
              {log()
                .tools.map(
                  (t) =>
                    `${t.tool_id} ${t.status} ${Math.round(t.duration_ms)} ms${t.rows !== undefined ? ` ${t.rows} rows` : ""}`,
                )
                .join(" · ")}
            </p>
          </Show>
        </div>
      )}
    </Show>
  );
}
