import { createResource, Match, onCleanup, onMount, Show, Switch } from "solid-js";
import { Canvas } from "./canvas/canvas";
import { ConfigPanel } from "./config/config-panel";
import { useHubAccount } from "./hub/hub-account";
import { type ApiClient, ApiError } from "./lib/api";
import { ApiProvider, useApi } from "./lib/api-context";
import { PageView } from "./pages/page-view";
import { page } from "./pages/route";
import { Palette } from "./palette/palette";
import { ResultsPane } from "./results/results-pane";
import { createEditor, type Editor, EditorProvider } from "./state/editor";
import { createLive, type Live, LiveProvider } from "./state/live";
import { Toolbar } from "./toolbar/toolbar";

/**
 * The designer: toolbar on top, the palette at the left, the canvas in the middle, the
 * selected tool's configuration at the right and its results below. Before the Server has
 * answered (or without a valid token) a short notice stands in for it.
 */
export function App(props: { api: ApiClient }) {
  return (
    <ApiProvider value={props.api}>
      <Connected />
    </ApiProvider>
  );
}

function Connected() {
  const api = useApi();
  const account = useHubAccount();
  // Asked again when a session that ended is renewed (hub mode): its refusal was the session's.
  const [info, { refetch }] = createResource(
    () => (account?.renewals() ?? 0) + 1,
    () => api.info(),
  );
  return (
    <Switch>
      <Match when={account && info.error instanceof ApiError && info.error.status === 401}>
        <Notice>Your session has ended: sign in again.</Notice>
      </Match>
      <Match when={info.error instanceof ApiError && info.error.status === 401}>
        <Notice>
          This page has no valid token. Open the link that <code>weft</code> printed when it started.
        </Notice>
      </Match>
      <Match when={account && info.error}>
        {/* Hub mode: e.g. 409, no online Server may serve this person now. Said plainly, with a way on. */}
        <main class="notice" aria-live="polite" data-testid="server-unavailable">
          <h1>Weft</h1>
          <p>The designer could not reach a Server through the Hub.</p>
          <p data-testid="server-unavailable-reason">{(info.error as Error).message}</p>
          <p class="notice-actions">
            <button type="button" data-testid="server-retry" onClick={() => void refetch()}>
              Try again
            </button>
            <button type="button" data-testid="notice-sign-out" onClick={() => void account?.signOut()}>
              Sign out
            </button>
          </p>
        </main>
      </Match>
      <Match when={info.error}>
        <Notice>
          The Server does not answer. Is <code>weft</code> running?
        </Notice>
      </Match>
      <Match when={info()}>
        <Designer />
      </Match>
      <Match when={true}>
        <Notice>Connecting…</Notice>
      </Match>
    </Switch>
  );
}

declare global {
  interface Window {
    /** Set only with `?e2e=1` in the address: the browser tests read the stores through it. */
    __weft?: { editor: Editor; live: Live };
  }
}

/** The test hook: `window.__weft = { editor, live }` when the page was opened with `?e2e=1`. */
function exposeForTests(editor: Editor, live: Live) {
  if (new URLSearchParams(window.location.search).get("e2e") === "1") window.__weft = { editor, live };
}

function Notice(props: { children: unknown }) {
  return (
    <main class="notice" aria-live="polite">
      <h1>Weft</h1>
      <p>{props.children as string}</p>
    </main>
  );
}

function Designer() {
  const editor = createEditor();
  const live = createLive(editor, useApi());
  // Keyboard shortcuts that do not depend on focus inside a field; not while a page covers
  // the designer (an undo there would change what cannot be seen).
  const onKey = (event: KeyboardEvent) => {
    if (page()) return;
    const target = event.target as HTMLElement | null;
    if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === "z" && !event.shiftKey) {
      editor.undo();
      event.preventDefault();
    } else if (mod && (event.key.toLowerCase() === "y" || (event.key.toLowerCase() === "z" && event.shiftKey))) {
      editor.redo();
      event.preventDefault();
    }
  };
  onMount(() => window.addEventListener("keydown", onKey));
  onCleanup(() => window.removeEventListener("keydown", onKey));
  exposeForTests(editor, live);
  return (
    <EditorProvider value={editor}>
      <LiveProvider value={live}>
        <div class="designer" classList={{ "page-open": page() !== undefined }}>
          <Toolbar />
          <Palette />
          <main class="work">
            <Canvas />
            <ResultsPane />
          </main>
          <Show when={true}>
            <ConfigPanel />
          </Show>
          <Show when={page()}>{(name) => <PageView page={name()} />}</Show>
        </div>
      </LiveProvider>
    </EditorProvider>
  );
}
