import { PageState } from "../ui/page-state";
import "../ui/hub-page.css";

/** Home: not built yet (issue 19). */
export function HomePage() {
  return (
    <main class="hub-page" data-testid="home-page" aria-labelledby="home-title">
      <header class="hub-page-head">
        <h1 id="home-title">Home</h1>
      </header>
      <PageState kind="empty" testid="home-empty">
        <p>Home comes here.</p>
      </PageState>
    </main>
  );
}
