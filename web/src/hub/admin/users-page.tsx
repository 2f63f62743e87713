import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Users: not built yet (issue 19). */
export function UsersPage() {
  return (
    <main class="hub-page" data-testid="users-page" aria-labelledby="users-title">
      <header class="hub-page-head">
        <h1 id="users-title">Users</h1>
      </header>
      <PageState kind="empty" testid="users-empty">
        <p>Users comes here.</p>
      </PageState>
    </main>
  );
}
