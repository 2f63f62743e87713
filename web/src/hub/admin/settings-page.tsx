import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Settings: not built yet (issue 19). */
export function SettingsPage() {
  return (
    <main class="hub-page" data-testid="settings-page" aria-labelledby="settings-title">
      <header class="hub-page-head">
        <h1 id="settings-title">Settings</h1>
      </header>
      <PageState kind="empty" testid="settings-empty">
        <p>Settings comes here.</p>
      </PageState>
    </main>
  );
}
