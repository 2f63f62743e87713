import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Grant Groups: not built yet (issue 19). */
export function GrantGroupsPage() {
  return (
    <main class="hub-page" data-testid="grant-groups-page" aria-labelledby="grant-groups-title">
      <header class="hub-page-head">
        <h1 id="grant-groups-title">Grant Groups</h1>
      </header>
      <PageState kind="empty" testid="grant-groups-empty">
        <p>Grant Groups comes here.</p>
      </PageState>
    </main>
  );
}
