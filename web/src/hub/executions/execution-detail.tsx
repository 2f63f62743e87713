import { createMemo, createResource, createSignal, Match, onCleanup, Show, Switch } from "solid-js";
import { roleAtLeast } from "../../../../src/shared/roles";
import { useHubAccount } from "../hub-account";
import type { HubWorkspace } from "../hub-workspace";
import { createNow } from "../ui/now";
import { PageState } from "../ui/page-state";
import { ExecutionArtifacts } from "./execution-artifacts";
import { ExecutionAuditTabs } from "./execution-audit-tabs";
import { ExecutionFacts } from "./execution-facts";
import { ExecutionLog } from "./execution-log";
import { ExecutionPreviews } from "./execution-previews";
import { ExecutionTools } from "./execution-tools";
import { isFinal } from "./execution-words";
import {
  cancelExecution,
  type ExecutionDetail,
  getExecution,
  listArtifacts,
  revisionOf,
  startExecution,
} from "./executions-api";
import type { RunEvents } from "./run-events";
import { createRunNames } from "./run-names";
import { ExecutionStatusBadge } from "./status-badge";
import { toolProgress } from "./tool-progress";

interface RunResult {
  metrics?: {
    tools?: { tool_id: string; status: "success" | "error" | "skipped"; duration_ms: number; rows?: number }[];
  };
}

/**
 * One execution (`#/executions/<id>`): who ran what and when, each tool's progress and time,
 * the log, the result previews in the designer's grid, what it stored to download, Cancel
 * while it runs (its owner or an admin), Run again; auditors and above also read what the run
 * did (record, code, plans, connections, logs). The live feed moves it with no reload.
 */
export function ExecutionDetailView(props: { workspace: HubWorkspace; id: string; events: RunEvents }) {
  const hub = props.workspace.hub;
  const account = useHubAccount();
  const names = createRunNames(props.workspace, account);
  const now = createNow(1_000);
  const [answer, { refetch, mutate }] = createResource(
    () => props.id,
    (id) => getExecution(hub, id),
  );
  const run = () => answer.latest;
  const ended = () => (run() ? isFinal((run() as ExecutionDetail).status) : false);
  const [actionError, setActionError] = createSignal<string>();
  const [acting, setActing] = createSignal(false);

  const [revision] = createResource(
    () => run() && { workflow: (run() as ExecutionDetail).workflow_id, revision: (run() as ExecutionDetail).revision },
    (q) => revisionOf(hub, q.workflow, q.revision).catch(() => undefined),
  );
  // Read again when the run ends: that is when it stores its artifacts.
  const [artifacts] = createResource(
    () => run() && { id: props.id, ended: ended() },
    async (q) => (await listArtifacts(hub, q.id)).artifacts,
  );
  const artifact = (kind: string) => artifacts.latest?.find((a) => a.kind === kind);

  const unsubscribe = props.workspace.feed.subscribe((event) => {
    if (event.type === "stream.open" || event.type === "stream.reset") {
      void refetch();
      return;
    }
    // Tool and log events: props.events keeps them (for this run, and for runs opened later).
    const data = event.data as { execution_id?: string; status?: ExecutionDetail["status"] };
    if (event.type !== "execution.updated" || data?.execution_id !== props.id) return;
    const current = run();
    if (current && data.status) mutate({ ...current, status: data.status });
    void refetch();
  });
  onCleanup(unsubscribe);

  const tools = createMemo(() => {
    const content = revision()?.content as { tools?: { id: string; type: string }[] } | undefined;
    return toolProgress({
      tools: content?.tools ?? [],
      events: props.events.tools(props.id),
      metrics: ((run()?.result ?? undefined) as RunResult | undefined)?.metrics?.tools,
      ended: ended(),
    });
  });
  const me = () => account?.user();
  const mayCancel = () => {
    const r = run();
    const user = me();
    return !!r && !!user && !isFinal(r.status) && (r.user_id === user.id || roleAtLeast(user.role, "admin"));
  };
  const auditor = () => roleAtLeast(me()?.role ?? "user", "auditor");

  const act = async (what: () => Promise<void>) => {
    setActing(true);
    setActionError(undefined);
    try {
      await what();
    } catch (err) {
      setActionError((err as Error).message);
    } finally {
      setActing(false);
    }
  };
  const cancel = () =>
    act(async () => {
      mutate(await cancelExecution(hub, props.id));
    });
  const runAgain = () =>
    act(async () => {
      const r = run() as ExecutionDetail;
      const started = await startExecution(hub, r.workflow_id, r.revision);
      props.workspace.show("executions", started.id);
    });

  return (
    <main class="hub-page runs-page" data-testid="execution-detail" aria-labelledby="execution-title">
      <p class="runs-back">
        <button type="button" data-testid="execution-back" onClick={() => props.workspace.show("executions")}>
          ← All executions
        </button>
      </p>
      <Switch>
        <Match when={answer.error && !run()}>
          <PageState kind="error" testid="execution-error" retry={() => void refetch()}>
            <p>The Hub did not answer with this execution: {(answer.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={!run()}>
          <PageState kind="loading" testid="execution-loading">
            <p>Loading the execution…</p>
          </PageState>
        </Match>
        <Match when={run()}>
          {(r) => (
            <>
              <header class="hub-page-head">
                <h1 id="execution-title">{names.workflow(r().workflow_id)}</h1>
                <ExecutionStatusBadge status={r().status} testid="execution-detail-status" />
                <div class="hub-page-actions">
                  <Show when={mayCancel()}>
                    <button
                      type="button"
                      class="runs-danger"
                      data-testid="execution-cancel"
                      disabled={acting()}
                      onClick={() => void cancel()}
                    >
                      Cancel run
                    </button>
                  </Show>
                  <button
                    type="button"
                    data-testid="execution-run-again"
                    disabled={acting()}
                    onClick={() => void runAgain()}
                  >
                    Run again
                  </button>
                </div>
              </header>
              <Show when={actionError()}>
                <p class="hub-page-error" role="alert" data-testid="execution-action-error">
                  {actionError()}
                </p>
              </Show>
              <ExecutionFacts run={r()} names={names} now={now()} />
              <section class="runs-section" aria-labelledby="execution-tools-title">
                <h2 id="execution-tools-title">Tools</h2>
                <ExecutionTools tools={tools()} />
              </section>
              <section class="runs-section" aria-labelledby="execution-results-title">
                <h2 id="execution-results-title">Results</h2>
                <Show
                  when={artifact("preview")}
                  fallback={
                    <p class="runs-note" data-testid="execution-previews-none">
                      {ended()
                        ? "This run stored no previews (only a run that succeeds has them)."
                        : "The previews come when the run has succeeded."}
                    </p>
                  }
                  keyed
                >
                  {(preview) => <ExecutionPreviews hub={hub} executionId={props.id} artifact={preview} />}
                </Show>
              </section>
              <section class="runs-section" aria-labelledby="execution-log-title">
                <h2 id="execution-log-title">Log</h2>
                <ExecutionLog
                  hub={hub}
                  executionId={props.id}
                  stored={artifact("log")}
                  liveLines={props.events.lines(props.id)}
                />
              </section>
              <section class="runs-section" aria-labelledby="execution-downloads-title">
                <h2 id="execution-downloads-title">Downloads</h2>
                <ExecutionArtifacts hub={hub} executionId={props.id} artifacts={artifacts.latest ?? []} />
              </section>
              <Show when={auditor()}>
                <ExecutionAuditTabs hub={hub} executionId={props.id} ended={ended()} />
              </Show>
            </>
          )}
        </Match>
      </Switch>
    </main>
  );
}
