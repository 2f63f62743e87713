import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Schedules: not built yet (issue 19). */
export function SchedulesPage() {
  return (
    <main class="hub-page" data-testid="schedules-page" aria-labelledby="schedules-title">
      <header class="hub-page-head">
        <h1 id="schedules-title">Schedules</h1>
      </header>
      <PageState kind="empty" testid="schedules-empty">
        <p>Schedules comes here.</p>
      </PageState>
    </main>
  );
}
