import { createResource, createSignal, Match, Switch } from "solid-js";
import { useHubWorkspace } from "../hub-workspace";
import { Pager } from "../ui/pager";
import { createNameBook } from "./activity/name-book";
import { NO_NAMES } from "./activity/names";
import { auditEvents } from "./audit/audit-api";
import { type AuditFilter, auditQueryOf, NO_FILTER } from "./audit/audit-filter";
import { AuditFilters } from "./audit/audit-filters";
import { AuditTable } from "./audit/audit-table";
import { VerifyPanel } from "./audit/verify-panel";
import "../ui/hub-page.css";
import "./audit/audit-log-page.css";

/** Events a page of the log holds (the Hub pages them, so a log of millions stays one page's work). */
export const AUDIT_PAGE_SIZE = 50;

/**
 * The Audit Log area (auditors and above): the Hub's hash-chained log of sign-ins, writes and
 * refusals, filtered and paged by the Hub, and Verify, which checks the whole chain and shows
 * the latest signed checkpoint (docs/hub-audit.md).
 */
export function AuditLogPage() {
  const workspace = useHubWorkspace();
  const book = workspace ? createNameBook(workspace.hub) : undefined;
  const [filter, setFilter] = createSignal<AuditFilter>({ ...NO_FILTER });
  const [offset, setOffset] = createSignal(0);
  const [page, { refetch }] = createResource(
    () => ({ filter: filter(), offset: offset() }),
    async ({ filter, offset }) => {
      if (!workspace || !book) throw new Error("no Hub serves this page");
      const query = await auditQueryOf(workspace.hub, filter, { limit: AUDIT_PAGE_SIZE, offset });
      if ("nothing" in query) return { events: [], total: 0, offset, nothing: query.nothing };
      const list = await auditEvents(workspace.hub, query);
      await book.learn(list.events);
      return { ...list, offset, nothing: undefined };
    },
  );
  const apply = (next: AuditFilter) => {
    setFilter(next);
    setOffset(0);
  };
  const filtered = () => JSON.stringify(filter()) !== JSON.stringify(NO_FILTER);

  return (
    <main class="hub-page audit-page" data-testid="audit-page" aria-labelledby="audit-title">
      <header class="hub-page-head">
        <h1 id="audit-title">Audit Log</h1>
        <div class="hub-page-actions">
          <button type="button" data-testid="audit-refresh" onClick={() => void refetch()}>
            Refresh
          </button>
        </div>
      </header>
      <div class="audit-top">
        <AuditFilters applied={filter()} onApply={apply} />
        {workspace && <VerifyPanel hub={workspace.hub} />}
      </div>
      <div class="audit-table-wrap">
        <Switch>
          <Match when={page.error}>
            <div class="hub-page-state bad" role="alert" data-testid="audit-error">
              <p>The Hub did not answer with the audit log: {(page.error as Error).message}</p>
              <button type="button" onClick={() => void refetch()}>
                Try again
              </button>
            </div>
          </Match>
          <Match when={page.loading && !page.latest}>
            <p class="hub-page-state" aria-live="polite" data-testid="audit-loading">
              Loading the audit log…
            </p>
          </Match>
          <Match when={page.latest?.events.length === 0}>
            <div class="hub-page-state" data-testid="audit-empty">
              <p>
                {page.latest?.nothing ?? (filtered() ? "No event matches these filters." : "The audit log is empty.")}
              </p>
            </div>
          </Match>
          <Match when={page.latest}>
            {(answer) => (
              <>
                <AuditTable
                  offset={answer().offset}
                  events={answer().events}
                  names={book ?? NO_NAMES}
                  busy={page.loading}
                />
                <Pager
                  testid="audit"
                  label="Pages of the audit log"
                  offset={answer().offset}
                  count={answer().events.length}
                  total={answer().total}
                  pageSize={AUDIT_PAGE_SIZE}
                  onOffset={setOffset}
                />
              </>
            )}
          </Match>
        </Switch>
      </div>
    </main>
  );
}
