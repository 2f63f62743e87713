import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Dashboard: not built yet (issue 19). */
export function DashboardPage() {
  return (
    <main class="hub-page" data-testid="dashboard-page" aria-labelledby="dashboard-title">
      <header class="hub-page-head">
        <h1 id="dashboard-title">Dashboard</h1>
      </header>
      <PageState kind="empty" testid="dashboard-empty">
        <p>Dashboard comes here.</p>
      </PageState>
    </main>
  );
}
