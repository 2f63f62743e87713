import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Activity: not built yet (issue 19). */
export function ActivityPage() {
  return (
    <main class="hub-page" data-testid="activity-page" aria-labelledby="activity-title">
      <header class="hub-page-head">
        <h1 id="activity-title">Activity</h1>
      </header>
      <PageState kind="empty" testid="activity-empty">
        <p>Activity comes here.</p>
      </PageState>
    </main>
  );
}
