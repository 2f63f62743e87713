import { createSignal, For, Show } from "solid-js";
import { createStore } from "solid-js/store";
import { ApiError, type ConnectionCreate } from "../lib/api";
import { useApi } from "../lib/api-context";

const TYPES = [
  { type: "postgresql", label: "PostgreSQL", port: 5432 },
  { type: "mysql", label: "MySQL", port: 3306 },
  { type: "mssql", label: "SQL Server", port: 1433 },
  { type: "sqlite", label: "SQLite", port: 0 },
] as const;

type DbType = (typeof TYPES)[number]["type"];

interface Draft {
  name: string;
  type: DbType;
  host: string;
  port: string;
  database: string;
  username: string;
  password: string;
}

const blank = (): Draft => ({
  name: "",
  type: "postgresql",
  host: "",
  port: "5432",
  database: "",
  username: "",
  password: "",
});

/** The form that adds a server-managed connection (the password goes in and never comes back). */
export function ConnectionForm(props: { onCreated: () => void }) {
  const api = useApi();
  const [draft, setDraft] = createStore<Draft>(blank());
  const [error, setError] = createSignal<string>();
  const [busy, setBusy] = createSignal(false);
  const sqlite = () => draft.type === "sqlite";

  const setType = (type: DbType) => {
    const def = TYPES.find((t) => t.type === type);
    const oldDefault = TYPES.find((t) => t.type === draft.type)?.port;
    setDraft("type", type);
    if (def && (draft.port === "" || Number(draft.port) === oldDefault)) setDraft("port", String(def.port));
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    const body: ConnectionCreate = {
      name: draft.name.trim(),
      type: draft.type,
      database: draft.database.trim(),
    };
    if (!sqlite()) {
      body.host = draft.host.trim();
      if (draft.port.trim() !== "") body.port = Number(draft.port);
      body.username = draft.username;
      body.password = draft.password;
    }
    try {
      await api.createConnection(body);
      setDraft(blank());
      props.onCreated();
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 409
          ? `A connection named “${draft.name.trim()}” exists already: choose another name.`
          : (err as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="connection-form" data-testid="connection-form" onSubmit={(e) => void submit(e)}>
      <h2>Add a connection</h2>
      <div class="form-grid">
        <label>
          Name
          <input
            required
            value={draft.name}
            onInput={(e) => setDraft("name", e.currentTarget.value)}
            data-testid="connection-name"
          />
        </label>
        <label>
          Type
          <select
            value={draft.type}
            onChange={(e) => setType(e.currentTarget.value as DbType)}
            data-testid="connection-type"
          >
            <For each={TYPES}>{(t) => <option value={t.type}>{t.label}</option>}</For>
          </select>
        </label>
        <Show when={!sqlite()}>
          <label>
            Host
            <input
              required
              value={draft.host}
              onInput={(e) => setDraft("host", e.currentTarget.value)}
              data-testid="connection-host"
            />
          </label>
          <label>
            Port
            <input
              inputMode="numeric"
              pattern="[0-9]*"
              value={draft.port}
              onInput={(e) => setDraft("port", e.currentTarget.value)}
              data-testid="connection-port"
            />
          </label>
        </Show>
        <label>
          {sqlite() ? "Database file (absolute path on the Server)" : "Database"}
          <input
            required
            value={draft.database}
            onInput={(e) => setDraft("database", e.currentTarget.value)}
            data-testid="connection-database"
          />
        </label>
        <Show when={!sqlite()}>
          <label>
            User name
            <input
              autocomplete="off"
              value={draft.username}
              onInput={(e) => setDraft("username", e.currentTarget.value)}
              data-testid="connection-username"
            />
          </label>
          <label>
            Password
            <input
              type="password"
              autocomplete="new-password"
              value={draft.password}
              onInput={(e) => setDraft("password", e.currentTarget.value)}
              data-testid="connection-password"
            />
          </label>
        </Show>
      </div>
      <Show when={error()}>
        {(message) => (
          <p class="bad" role="alert">
            {message()}
          </p>
        )}
      </Show>
      <button type="submit" class="page-button primary" disabled={busy()} data-testid="connection-create">
        {busy() ? "Adding…" : "Add connection"}
      </button>
    </form>
  );
}
