import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import { useHubWorkspace } from "../hub-workspace";
import { Pager } from "../ui/pager";
import { describeEvent } from "./activity/activity-sentence";
import { createNameBook } from "./activity/name-book";
import { type AuditEvent, auditEvents } from "./audit/audit-api";
import { exactTime, timeAgo } from "./audit/when";
import "../ui/hub-page.css";
import "./activity/activity-page.css";

/** Events a page of the Activity list holds (the Hub pages them: a long log stays one page's work). */
export const ACTIVITY_PAGE_SIZE = 50;

/** Events that went wrong read in the warning colour: refusals, failed sign-ins, failed runs. */
function troubled(e: AuditEvent): boolean {
  return (
    e.action === "authz.denied" ||
    e.action === "capability.refused" ||
    e.action.endsWith("_failed") ||
    (e.action === "execution.finish" && e.details.status === "failed")
  );
}

/**
 * The Activity area (auditors and above): what happened on the Hub lately, newest first, each
 * audit event as a sentence ("olga created user bob"), with the names of what it mentions
 * looked up on the Hub. Refresh shows the newest; older events are a page away. The Audit Log
 * page has the same events as records, with filters and the chain's verification.
 */
export function ActivityPage() {
  const workspace = useHubWorkspace();
  const book = workspace ? createNameBook(workspace.hub) : undefined;
  const [offset, setOffset] = createSignal(0);
  const [asked, setAsked] = createSignal(0);
  const [page, { refetch }] = createResource(
    () => ({ offset: offset(), asked: asked() }),
    async ({ offset }) => {
      if (!workspace || !book) throw new Error("no Hub serves this page");
      const list = await auditEvents(workspace.hub, { limit: ACTIVITY_PAGE_SIZE, offset });
      await book.learn(list.events);
      return { ...list, offset, at: new Date() };
    },
  );
  const refresh = () => {
    setOffset(0);
    setAsked((n) => n + 1);
  };

  return (
    <main class="hub-page activity-page" data-testid="activity-page" aria-labelledby="activity-title">
      <header class="hub-page-head">
        <h1 id="activity-title">Activity</h1>
        <Show when={page.latest}>
          {(p) => (
            <span class="activity-updated" title={exactTime(p().at.toISOString())}>
              As of {p().at.toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit", second: "2-digit" })}
            </span>
          )}
        </Show>
        <div class="hub-page-actions">
          <button type="button" data-testid="activity-refresh" aria-busy={page.loading} onClick={refresh}>
            Refresh
          </button>
        </div>
      </header>
      <Switch>
        <Match when={page.error}>
          <div class="hub-page-state bad" role="alert" data-testid="activity-error">
            <p>The Hub did not answer with its activity: {(page.error as Error).message}</p>
            <button type="button" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        </Match>
        <Match when={page.loading && !page.latest}>
          <p class="hub-page-state" aria-live="polite" data-testid="activity-loading">
            Loading activity…
          </p>
        </Match>
        <Match when={page.latest?.events.length === 0}>
          <div class="hub-page-state" data-testid="activity-empty">
            <p>Nothing has happened on this Hub yet. Sign-ins, changes and runs appear here as they happen.</p>
          </div>
        </Match>
        <Match when={page.latest}>
          {(answer) => (
            <>
              <ol
                class="activity-list"
                data-testid="activity-list"
                data-offset={answer().offset}
                aria-busy={page.loading}
              >
                <For each={answer().events}>
                  {(e) => {
                    const sentence = book ? describeEvent(e, book) : { text: e.action };
                    return (
                      <li
                        class={`activity-item${troubled(e) ? " denied" : ""}`}
                        data-testid="activity-item"
                        data-action={e.action}
                        data-seq={e.seq}
                      >
                        <time datetime={e.ts} title={exactTime(e.ts)}>
                          {timeAgo(e.ts, answer().at)}
                        </time>
                        <span class="activity-text">{sentence.text}</span>
                        <Show when={sentence.execution} fallback={<span />}>
                          {(id) => (
                            <button
                              type="button"
                              class="activity-open"
                              data-testid="activity-open-execution"
                              onClick={() => workspace?.show("executions", id())}
                            >
                              Open run
                            </button>
                          )}
                        </Show>
                      </li>
                    );
                  }}
                </For>
              </ol>
              <Pager
                testid="activity"
                label="Pages of activity"
                offset={answer().offset}
                count={answer().events.length}
                total={answer().total}
                pageSize={ACTIVITY_PAGE_SIZE}
                onOffset={setOffset}
              />
            </>
          )}
        </Match>
      </Switch>
    </main>
  );
}
