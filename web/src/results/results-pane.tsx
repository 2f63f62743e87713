import { createEffect, createMemo, createSignal, For, Match, on, Show, Switch } from "solid-js";
import { toolDef } from "../model/tools";
import { useEditor } from "../state/editor";
import { MORE_PREVIEW_ROWS, mainSocket, useLive } from "../state/live";
import { failureOf } from "../state/tool-error";
import { formatCount } from "./number-format";
import { PreviewGrid } from "./preview-grid";
import type { ProfileEntry } from "./profile-view";
import { ProfileView } from "./profile-view";
import { type ResultsTab, type ResultsView, resultsTabs, socketLabel, tabKeyTarget } from "./results-tabs";
import { RunSummary } from "./run-summary";
import { SchemaView } from "./schema-view";
import { StatusChip, ToolError } from "./status-chip";
import { toolName } from "./tool-link";
import "./results-pane.css";

/**
 * The results of the selected tool (issue 8, point 3): its preview per output socket in a
 * virtualised grid, its schema, its profile on demand; and the last run's summary (point 4).
 */
export function ResultsPane() {
  const editor = useEditor();
  const live = useLive();
  const selectedId = () => {
    const ids = editor.state.selection;
    const id = ids[ids.length - 1];
    return id !== undefined && editor.tool(id) ? id : undefined;
  };
  const tool = () => {
    const id = selectedId();
    return id === undefined ? undefined : editor.tool(id);
  };
  const sockets = createMemo(() => {
    const t = tool();
    return t ? (toolDef(t.type)?.outputs.map((s) => s.id) ?? ["output"]) : undefined;
  });
  const tabs = createMemo(() => resultsTabs(sockets()));
  const [view, setView] = createSignal<ResultsView>("data");
  const [socket, setSocket] = createSignal<string>("output");
  const [profiles, setProfiles] = createSignal<Record<string, ProfileEntry>>({});
  const [loadingMore, setLoadingMore] = createSignal(false);
  const [moreError, setMoreError] = createSignal<string>();

  // A newly selected tool shows its main socket's data (a run's summary stays if nothing is selected).
  createEffect(
    on(selectedId, (id) => {
      setMoreError(undefined);
      if (id === undefined) return;
      const ids = sockets() ?? [];
      setSocket(mainSocket(Object.fromEntries(ids.map((s) => [s, true]))) ?? "output");
      if (view() === "run") setView("data");
    }),
  );
  // A run shows its progress and then its summary; a run not sent (a tool needs setup) says why.
  createEffect(
    on(
      live.running,
      (running, was) => {
        if (running || was) setView("run");
      },
      { defer: true },
    ),
  );
  createEffect(
    on(
      live.runFailure,
      (failure) => {
        if (failure?.setup) setView("run");
      },
      { defer: true },
    ),
  );

  const activeView = (): ResultsView => (sockets() ? view() : "run");
  const activeTab = (): ResultsTab | undefined =>
    tabs().find((t) => t.view === activeView() && (t.view !== "data" || t.socket === socket())) ?? tabs()[0];
  const choose = (tab: ResultsTab) => {
    setView(tab.view);
    if (tab.socket) setSocket(tab.socket);
  };

  const previews = () => {
    const id = selectedId();
    return id === undefined ? undefined : live.previews(id);
  };
  const preview = () => previews()?.[socket()];
  const status = () => {
    const id = selectedId();
    return id === undefined ? undefined : live.status(id);
  };
  const errorStatus = () => {
    const s = status();
    return s?.state === "error" ? s : undefined;
  };
  const setupNeed = () => {
    const s = status();
    return s?.state === "setup" ? s.need : undefined;
  };
  const profileKey = () => `${selectedId()}\n${socket()}`;

  async function runProfile() {
    const id = selectedId();
    if (id === undefined) return;
    const slot = profileKey();
    const key = live.toolKey(id);
    const put = (entry: ProfileEntry) => setProfiles({ ...profiles(), [slot]: entry });
    put({ key, state: "loading" });
    try {
      put({ key, state: "done", result: await live.profile(id, socket()) });
    } catch (error) {
      put({ key, state: "error", failure: failureOf(error) });
    }
  }

  async function loadMore() {
    const id = selectedId();
    if (id === undefined) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      await live.loadMore(id);
    } catch (error) {
      setMoreError(failureOf(error).message);
    } finally {
      setLoadingMore(false);
    }
  }

  const tabButtons: HTMLButtonElement[] = [];
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const next = tabKeyTarget(event.key, index, tabs().length);
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs()[next];
    if (tab) choose(tab);
    tabButtons[next]?.focus();
  };

  return (
    <section class="area results-pane" data-testid="results-pane" aria-label="Results">
      <div class="results-bar">
        <div class="results-title">
          <Show when={selectedId()} fallback={<span class="muted">No tool selected</span>}>
            {(id) => (
              <>
                <strong>{toolName(editor, id())}</strong>
                <span class="muted">{id()}</span>
                <Show when={status()}>{(s) => <StatusChip status={s()} />}</Show>
              </>
            )}
          </Show>
        </div>
        <div class="results-tabs" role="tablist" aria-label="Results views">
          <For each={tabs()}>
            {(tab, i) => (
              <button
                type="button"
                role="tab"
                id={`results-tab-${tab.id}`}
                class="results-tab"
                classList={{ "results-tab-socket": tab.view === "data" }}
                aria-selected={activeTab()?.id === tab.id}
                aria-controls="results-panel"
                tabindex={activeTab()?.id === tab.id ? 0 : -1}
                data-testid={`results-tab-${tab.id}`}
                ref={(el) => {
                  tabButtons[i()] = el;
                }}
                onClick={() => choose(tab)}
                onKeyDown={(e) => onTabKey(e, i())}
              >
                {tab.label}
              </button>
            )}
          </For>
        </div>
        <div class="results-actions">
          <Show when={activeView() !== "run" && preview()}>
            {(p) => (
              <span class="muted results-rows" data-testid="preview-row-count">
                {formatCount(p().row_count)} {p().row_count === 1 ? "row" : "rows"}
                {p().has_more ? " shown, more in the data" : ""}
              </span>
            )}
          </Show>
          <Show
            when={activeView() === "data" && preview()?.has_more && (preview()?.row_count ?? 0) < MORE_PREVIEW_ROWS}
          >
            <button
              type="button"
              class="results-button"
              disabled={loadingMore()}
              onClick={loadMore}
              data-testid="preview-more"
            >
              {loadingMore() ? "Loading…" : `Show up to ${formatCount(MORE_PREVIEW_ROWS)} rows`}
            </button>
          </Show>
          <button
            type="button"
            class="results-button"
            onClick={() => live.refresh()}
            disabled={live.refreshing() || editor.state.doc.tools.length === 0}
            title="Compute every tool's preview again"
            data-testid="preview-refresh"
          >
            {live.refreshing() ? "Updating…" : "Refresh"}
          </button>
        </div>
      </div>
      <div
        class="results-body"
        id="results-panel"
        role="tabpanel"
        aria-labelledby={activeTab() ? `results-tab-${activeTab()?.id}` : undefined}
      >
        <Switch>
          <Match when={activeView() === "run"}>
            <Show when={selectedId() === undefined && !live.running() && !live.lastRun() && !live.runFailure()}>
              <p class="results-hint muted">Select a tool to see its data.</p>
            </Show>
            <RunSummary live={live} editor={editor} />
          </Match>
          <Match when={selectedId() === undefined}>
            <p class="results-hint muted">Select a tool to see its data.</p>
          </Match>
          <Match when={activeView() === "profile"}>
            <ProfileView
              entry={profiles()[profileKey()]}
              columns={preview()?.columns ?? []}
              current={profiles()[profileKey()]?.key === live.toolKey(selectedId() ?? "")}
              socketLabel={socketLabel(socket())}
              onProfile={runProfile}
            />
          </Match>
          <Match when={true}>
            <Show when={errorStatus()}>{(s) => <ToolError status={s()} editor={editor} />}</Show>
            <Show when={moreError()}>
              {(message) => (
                <p class="results-error" role="alert">
                  {message()}
                </p>
              )}
            </Show>
            <Show
              when={preview()}
              fallback={
                <Show when={status()?.state !== "error"}>
                  <p class="results-hint muted" aria-live="polite">
                    {status()?.state === "running"
                      ? "Computing the preview…"
                      : setupNeed()
                        ? `Needs setup: ${setupNeed()}.`
                        : previews()
                          ? `No data on ${socketLabel(socket())}.`
                          : "No preview yet."}
                  </p>
                </Show>
              }
            >
              {(p) => (
                <div class="results-content" classList={{ stale: status()?.state !== "ok" }}>
                  <Show
                    when={activeView() === "schema"}
                    fallback={<PreviewGrid preview={p()} label={`Preview of ${socketLabel(socket())}`} />}
                  >
                    <SchemaView columns={p().columns} label={`Columns of ${socketLabel(socket())}`} />
                  </Show>
                </div>
              )}
            </Show>
          </Match>
        </Switch>
      </div>
    </section>
  );
}
