import { createResource, createSignal, For, Match, Switch } from "solid-js";
import type { HubClient } from "../../lib/hub-api";
import { exactTime } from "./execution-words";
import { AUDIT_VIEWS, type AuditView, auditView, type ExecutionRecords } from "./executions-api";
import { recordText } from "./record-words";

const TAB_LABEL: Record<AuditView, string> = {
  record: "Record",
  code: "Code",
  plans: "Plans",
  connections: "Connections",
  logs: "Logs",
};

type Entry = ExecutionRecords["entries"][number];
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One view's entries in the form that reads best: code and logs as text, the rest as records. */
function ViewBody(props: { view: AuditView; entries: Entry[]; ended: boolean }) {
  const first = () => props.entries[0]?.details as { code?: string; text?: string; connection_ids?: string[] };
  return (
    <Switch
      fallback={
        <pre class="runs-pre" tabindex="0">
          {json(props.entries.map((e) => e.details))}
        </pre>
      }
    >
      <Match when={props.entries.length === 0}>
        <p class="runs-note">
          {props.ended ? "Nothing recorded for this view." : "The run's record is stored when it ends."}
        </p>
      </Match>
      <Match when={props.view === "code" && first()?.code !== undefined}>
        <pre class="runs-pre runs-code" tabindex="0">
          {first()?.code}
        </pre>
      </Match>
      <Match when={props.view === "logs" && first()?.text !== undefined}>
        <pre class="runs-pre" tabindex="0">
          {first()?.text}
        </pre>
      </Match>
      <Match when={props.view === "connections" && first()?.connection_ids}>
        {(ids) => (
          <p class="runs-note">
            {ids().length === 0 ? "The run named no connection." : `Connections named, by id: ${ids().join(", ")}`}
          </p>
        )}
      </Match>
      <Match when={props.view === "record"}>
        <table class="hub-table runs-record">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Tool</th>
              <th scope="col">What</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.entries}>
              {(entry) => (
                <tr>
                  <td>{entry.kind}</td>
                  <td class="runs-mono">{entry.tool_id ?? ""}</td>
                  <td class="runs-details" title={JSON.stringify(entry.details)}>
                    {recordText(entry.details)}
                  </td>
                  <td>{exactTime(entry.created_at)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </Match>
    </Switch>
  );
}

/** What auditors and above read of a run (the Hub's `/executions/{id}/<view>` routes), one tab at a time. */
export function ExecutionAuditTabs(props: { hub: HubClient; executionId: string; ended: boolean }) {
  const [view, setView] = createSignal<AuditView>("record");
  const [entries] = createResource(
    () => ({ id: props.executionId, view: view(), ended: props.ended }),
    async (q) => ({ view: q.view, entries: (await auditView(props.hub, q.id, q.view)).entries }),
  );
  const move = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    const next = AUDIT_VIEWS[(AUDIT_VIEWS.indexOf(view()) + step + AUDIT_VIEWS.length) % AUDIT_VIEWS.length];
    if (next) setView(next);
    (event.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-view="${next}"]`)?.focus();
  };
  return (
    <section class="runs-section" data-testid="execution-audit" aria-labelledby="execution-audit-title">
      <h2 id="execution-audit-title">For auditors</h2>
      <div class="runs-tabs" role="tablist" aria-label="What the run did" tabindex="-1" onKeyDown={move}>
        <For each={AUDIT_VIEWS}>
          {(v) => (
            <button
              type="button"
              role="tab"
              id={`execution-tab-${v}`}
              data-view={v}
              data-testid={`execution-tab-${v}`}
              aria-selected={view() === v}
              aria-controls="execution-tab-panel"
              tabindex={view() === v ? 0 : -1}
              onClick={() => setView(v)}
            >
              {TAB_LABEL[v]}
            </button>
          )}
        </For>
      </div>
      <div
        class="runs-tab-panel"
        role="tabpanel"
        id="execution-tab-panel"
        aria-labelledby={`execution-tab-${view()}`}
        data-testid="execution-tab-panel"
        data-view={view()}
        aria-busy={entries.loading}
      >
        <Switch>
          <Match when={entries.error}>
            <p class="hub-page-error" role="alert">
              The Hub did not answer: {(entries.error as Error).message}
            </p>
          </Match>
          <Match when={entries.latest}>
            {(answer) => <ViewBody view={answer().view} entries={answer().entries} ended={props.ended} />}
          </Match>
          <Match when={entries.loading}>
            <p class="runs-note" aria-live="polite">
              Loading…
            </p>
          </Match>
        </Switch>
      </div>
    </section>
  );
}
