import { render } from "solid-js/web";
import { App } from "./app";
import { createSessionStore } from "./hub/session";
import { createApiClient } from "./lib/api";
import { detectBackend } from "./lib/backend";
import { adoptTokenFromUrl, tabToken } from "./lib/tab-token";
import "./styles.css";
import "./toolbar/theme";

adoptTokenFromUrl();
const root = document.getElementById("root");

/** What served the page decides the app: the designer on its Server, or the Hub's sign-in first (lib/backend.ts). */
async function start(root: HTMLElement) {
  const session = createSessionStore();
  const backend = await detectBackend(undefined, { session: session.token(), serverToken: tabToken() !== null });
  if (backend.kind === "hub") {
    // A session this tab kept that the Hub no longer knows: the sign-in page, not an error.
    if (session.signedIn() && !backend.status.authenticated) session.clear();
    // The Hub's areas load only when a Hub serves the page: `weft server` never fetches them.
    const { HubApp } = await import("./hub/hub-app");
    render(() => <HubApp status={backend.status} server={backend.server} session={session} />, root);
    return;
  }
  if (backend.kind === "unreachable") {
    render(
      () => (
        <main class="notice" aria-live="polite">
          <h1>Weft</h1>
          <p>Weft cannot start here: {backend.detail}.</p>
        </main>
      ),
      root,
    );
    return;
  }
  // `server` mode: the Server that served
  // this page, with the token this tab was given for it.
  const api = createApiClient({ base: "/api", token: tabToken });
  render(() => <App api={api} />, root);
}

if (root) void start(root);
