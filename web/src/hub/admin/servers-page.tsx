import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Servers: not built yet (issue 19). */
export function ServersPage() {
  return (
    <main class="hub-page" data-testid="servers-page" aria-labelledby="servers-title">
      <header class="hub-page-head">
        <h1 id="servers-title">Servers</h1>
      </header>
      <PageState kind="empty" testid="servers-empty">
        <p>Servers comes here.</p>
      </PageState>
    </main>
  );
}
