import { createResource, Match, Switch } from "solid-js";
import { ApiError, api } from "./lib/api";

/** The first screen: which Server this is and whether the UI may use it. The designer replaces it. */
export function App() {
  const [health] = createResource(api.health);
  const [info] = createResource(api.info);
  return (
    <main class="shell">
      <header>
        <h1>Weft</h1>
        <p class="tag">Visual data workflows</p>
      </header>
      <section class="card" aria-live="polite">
        <Switch>
          <Match when={health.error}>
            <p class="bad">
              The Server does not answer. Is <code>weft</code> running?
            </p>
          </Match>
          <Match when={info.error instanceof ApiError && info.error.status === 401}>
            <p class="bad">
              This page has no valid token. Open the link that <code>weft</code> printed when it started.
            </p>
          </Match>
          <Match when={info()}>
            {(i) => (
              <dl>
                <dt>Server</dt>
                <dd data-testid="server-version">Weft {i().version}</dd>
                <dt>Engine</dt>
                <dd>
                  Polars {health()?.polars_version}, DuckDB {health()?.duckdb_version}, {health()?.runtime_version}
                </dd>
                <dt>Authentication</dt>
                <dd>{i().auth_mode}</dd>
                <dt>File access</dt>
                <dd>{i().file_access_mode}</dd>
              </dl>
            )}
          </Match>
          <Match when={true}>
            <p>Connecting…</p>
          </Match>
        </Switch>
      </section>
      <footer>
        <a href="/docs">API reference</a>
      </footer>
    </main>
  );
}
