import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Audit Log: not built yet (issue 19). */
export function AuditLogPage() {
  return (
    <main class="hub-page" data-testid="audit-page" aria-labelledby="audit-title">
      <header class="hub-page-head">
        <h1 id="audit-title">Audit Log</h1>
      </header>
      <PageState kind="empty" testid="audit-empty">
        <p>Audit Log comes here.</p>
      </PageState>
    </main>
  );
}
