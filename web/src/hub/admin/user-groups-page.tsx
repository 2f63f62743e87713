import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** User Groups: not built yet (issue 19). */
export function UserGroupsPage() {
  return (
    <main class="hub-page" data-testid="groups-page" aria-labelledby="groups-title">
      <header class="hub-page-head">
        <h1 id="groups-title">User Groups</h1>
      </header>
      <PageState kind="empty" testid="groups-empty">
        <p>User Groups comes here.</p>
      </PageState>
    </main>
  );
}
