import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Executions: not built yet (issue 19). */
export function ExecutionsPage() {
  return (
    <main class="hub-page" data-testid="executions-page" aria-labelledby="executions-title">
      <header class="hub-page-head">
        <h1 id="executions-title">Executions</h1>
      </header>
      <PageState kind="empty" testid="executions-empty">
        <p>Executions comes here.</p>
      </PageState>
    </main>
  );
}
