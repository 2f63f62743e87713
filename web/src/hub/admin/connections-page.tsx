import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Connections: not built yet (issue 19). */
export function ConnectionsPage() {
  return (
    <main class="hub-page" data-testid="connections-page" aria-labelledby="connections-title">
      <header class="hub-page-head">
        <h1 id="connections-title">Connections</h1>
      </header>
      <PageState kind="empty" testid="connections-empty">
        <p>Connections comes here.</p>
      </PageState>
    </main>
  );
}
