import { createSignal, For, onMount, Show } from "solid-js";
import { ApiError, type Connection } from "../lib/api";
import { useApi } from "../lib/api-context";
import { ConnectionForm } from "./connection-form";
import { PageError } from "./page-view";

type TestOutcome = { state: "testing" } | { state: "done"; success: boolean; message: string; latencyMs?: number };

/**
 * The database connections the Server keeps (credentials encrypted, never shown again):
 * list, add, test and delete. Without CONNECTION_ENCRYPTION_KEY the Server keeps none (503).
 */
export function ConnectionsPage() {
  const api = useApi();
  const [connections, setConnections] = createSignal<Connection[]>([]);
  const [loaded, setLoaded] = createSignal(false);
  const [disabled, setDisabled] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const [tests, setTests] = createSignal<Record<string, TestOutcome>>({});

  const load = async () => {
    setError(undefined);
    try {
      setConnections(await api.connections());
    } catch (err) {
      if (err instanceof ApiError && err.status === 503) setDisabled(true);
      else setError(`Could not list the connections: ${(err as Error).message}`);
    } finally {
      setLoaded(true);
    }
  };
  onMount(() => void load());

  const test = async (connection: Connection) => {
    setTests({ ...tests(), [connection.id]: { state: "testing" } });
    try {
      const result = await api.testConnection(connection.id);
      setTests({ ...tests(), [connection.id]: { state: "done", ...result } });
    } catch (err) {
      setTests({ ...tests(), [connection.id]: { state: "done", success: false, message: (err as Error).message } });
    }
  };
  const remove = async (connection: Connection) => {
    if (!window.confirm(`Delete the connection “${connection.name}”? Workflows that use it will fail.`)) return;
    try {
      await api.deleteConnection(connection.id);
      await load();
    } catch (err) {
      setError(`Could not delete “${connection.name}”: ${(err as Error).message}`);
    }
  };

  return (
    <div class="connections-page">
      <Show when={disabled()}>
        <div class="page-explain" data-testid="connections-disabled" role="note">
          <p>
            <strong>This Server keeps no connections.</strong> Server-managed connections store their passwords
            encrypted, and the Server has no key to encrypt them with.
          </p>
          <p>
            Start <code>weft</code> with <code>CONNECTION_ENCRYPTION_KEY</code> set (any long random secret, for example
            the output of <code>openssl rand -base64 32</code>) and keep the same key on every restart: the stored
            credentials can only be read back with it.
          </p>
          <p class="muted">
            An Input tool can also connect with a connection URI of its own, and a Hub shares connections between
            Servers.
          </p>
        </div>
      </Show>
      <Show when={error()}>{(message) => <PageError>{message()}</PageError>}</Show>
      <Show when={loaded() && !disabled()}>
        <Show
          when={connections().length > 0}
          fallback={
            <p class="muted" data-testid="connections-empty">
              No connections yet.
            </p>
          }
        >
          <table class="page-table" data-testid="connections-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Where</th>
                <th scope="col">Test</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              <For each={connections()}>
                {(c) => (
                  <tr data-testid={`connection-${c.name}`}>
                    <td>{c.name}</td>
                    <td>{c.type}</td>
                    <td>
                      <code>{c.type === "sqlite" ? c.database : `${c.host}:${c.port}/${c.database}`}</code>
                    </td>
                    <td aria-live="polite" data-testid={`connection-test-${c.name}`}>
                      <TestResult outcome={tests()[c.id]} />
                    </td>
                    <td class="row-actions">
                      <button
                        type="button"
                        class="page-button"
                        aria-label={`Test the connection ${c.name}`}
                        onClick={() => void test(c)}
                      >
                        Test
                      </button>
                      <button
                        type="button"
                        class="page-button danger"
                        aria-label={`Delete the connection ${c.name}`}
                        onClick={() => void remove(c)}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
        </Show>
        <ConnectionForm onCreated={() => void load()} />
      </Show>
    </div>
  );
}

function TestResult(props: { outcome: TestOutcome | undefined }) {
  return (
    <Show when={props.outcome} keyed>
      {(o) => {
        if (o.state === "testing") return <span class="muted">Testing…</span>;
        return (
          <span classList={{ ok: o.success, bad: !o.success }}>
            {o.success ? `✓ ${o.latencyMs ?? "?"} ms` : `✗ ${o.message}`}
          </span>
        );
      }}
    </Show>
  );
}
