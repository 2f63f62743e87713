import { createSignal, createUniqueId, For, type JSX, Show } from "solid-js";
import type { HubClient } from "../../../lib/hub-api";
import { CheckOutcome } from "./check-outcome";
import {
  type ConnectionDraft,
  createBody,
  draftOf,
  draftProblem,
  emptyDraft,
  type SslMode,
  settingsBody,
  updateBody,
} from "./connection-draft";
import { type ConnectionKind, editableKinds, KIND_ORDER, KINDS } from "./connection-kinds";
import {
  type CheckResult,
  createConnection,
  type HubConnection,
  testConnection,
  updateConnection,
} from "./connections-api";

const SSL_MODES: [SslMode, string][] = [
  ["", "The driver's default"],
  ["disable", "Off"],
  ["require", "Required (certificate not verified)"],
  ["verify-full", "Required and verified"],
];

/**
 * A connection's settings, one form per kind (a server database, a SQLite file, a folder),
 * to create one or edit a stored one. **Test** sends the unsaved settings to the Hub, which
 * tries them with its real drivers and stores nothing. A password is never shown again once
 * stored: on an edit the field starts empty, and left empty it keeps the stored one.
 */
export function ConnectionForm(props: {
  hub: HubClient;
  /** Absent: a new connection. */
  stored?: HubConnection;
  onSaved: (connection: HubConnection) => void;
  onCancel: () => void;
}) {
  const id = createUniqueId();
  const editing = () => props.stored !== undefined;
  const [draft, setDraft] = createSignal<ConnectionDraft>(props.stored ? draftOf(props.stored) : emptyDraft());
  const [tested, setTested] = createSignal<CheckResult>();
  const [testing, setTesting] = createSignal(false);
  const [saving, setSaving] = createSignal(false);
  const [error, setError] = createSignal<string>();
  // A change makes an earlier test's outcome stale: it is about other settings.
  const update = (change: Partial<ConnectionDraft>) => {
    setDraft({ ...draft(), ...change });
    setTested(undefined);
    setError(undefined);
  };
  const kind = () => draft().kind;
  const server = () => KINDS[kind()].server;
  const kinds = () => (props.stored ? editableKinds(draft().kind) : KIND_ORDER);
  /** An edit keeping its stored password cannot be tested here: the browser never has it. */
  const testNeedsPassword = () =>
    editing() && props.stored?.has_password === true && server() && !draft().password && !draft().clearPassword;

  const test = async () => {
    const problem = draftProblem(draft(), { needsName: false });
    if (problem) return setError(problem);
    setTesting(true);
    setError(undefined);
    try {
      setTested(await testConnection(props.hub, settingsBody(draft())));
    } catch (err) {
      setError(`The Hub did not test it: ${(err as Error).message}`);
    } finally {
      setTesting(false);
    }
  };
  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    const problem = draftProblem(draft());
    if (problem) return setError(problem);
    setSaving(true);
    setError(undefined);
    try {
      const stored = props.stored;
      const saved = stored
        ? await updateConnection(props.hub, stored.id, updateBody(draft(), stored))
        : await createConnection(props.hub, createBody(draft()));
      setDraft({ ...draft(), password: "" });
      props.onSaved(saved);
    } catch (err) {
      setError(`Not saved: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: string, label: string, control: JSX.Element, hint?: string) => (
    <div class="access-field">
      <label for={`${id}-${name}`}>{label}</label>
      {control}
      <Show when={hint}>
        <span class="access-hint" id={`${id}-${name}-hint`}>
          {hint}
        </span>
      </Show>
    </div>
  );
  const text = (name: keyof ConnectionDraft & string, attrs: JSX.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      id={`${id}-${name}`}
      data-testid={`connection-${name}`}
      value={draft()[name] as string}
      onInput={(e) => update({ [name]: e.currentTarget.value })}
      {...attrs}
    />
  );

  return (
    <form class="access-form" data-testid="connection-form" onSubmit={save} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{editing() ? `Edit “${props.stored?.name}”` : "New connection"}</h2>
      {field(
        "kind",
        "Kind",
        <select
          id={`${id}-kind`}
          data-testid="connection-kind"
          value={kind()}
          onChange={(e) => update({ kind: e.currentTarget.value as ConnectionKind })}
        >
          <For each={kinds()}>{(k) => <option value={k}>{KINDS[k].label}</option>}</For>
        </select>,
      )}
      {field("name", "Name", text("name", { required: true, maxLength: 200, autocomplete: "off" }))}
      {field("description", "Description (optional)", text("description", { maxLength: 2000 }))}
      <Show when={server()}>
        <div class="access-field-row">
          {field("host", "Host", text("host", { required: true, maxLength: 255, placeholder: "db.example.com" }))}
          {field(
            "port",
            "Port",
            text("port", { inputMode: "numeric", placeholder: String(KINDS[kind()].defaultPort ?? ""), size: 6 }),
          )}
        </div>
        {field("database", "Database", text("database", { required: true, maxLength: 4096 }))}
        {field("username", "User name", text("username", { maxLength: 255, autocomplete: "off" }))}
        {field(
          "password",
          "Password",
          text("password", {
            type: "password",
            autocomplete: "new-password",
            maxLength: 4096,
            disabled: draft().clearPassword,
            placeholder: props.stored?.has_password ? "Leave empty to keep the stored password" : "",
          }),
          props.stored?.has_password
            ? "A password is stored. It is never shown; type a new one to replace it."
            : "Stored encrypted on the Hub and never shown again.",
        )}
        <Show when={props.stored?.has_password}>
          <label class="access-check">
            <input
              type="checkbox"
              data-testid="connection-clear-password"
              checked={draft().clearPassword}
              onChange={(e) => update({ clearPassword: e.currentTarget.checked, password: "" })}
            />
            Remove the stored password
          </label>
        </Show>
        {field(
          "sslmode",
          "Encryption (TLS)",
          <select
            id={`${id}-sslmode`}
            data-testid="connection-sslmode"
            value={draft().sslmode}
            onChange={(e) => update({ sslmode: e.currentTarget.value as SslMode })}
          >
            <For each={SSL_MODES}>{([value, label]) => <option value={value}>{label}</option>}</For>
          </select>,
        )}
      </Show>
      <Show when={kind() === "sqlite"}>
        {field(
          "database",
          "File",
          text("database", { required: true, placeholder: "/data/sales.db" }),
          "The database file's absolute path on the Servers' machines.",
        )}
      </Show>
      <Show when={kind() === "filesystem"}>
        {field(
          "path",
          "Folder",
          text("path", { required: true, placeholder: "/srv/team-files" }),
          "An absolute path on the Servers' machines; the people granted it browse only inside it.",
        )}
        <label class="access-check">
          <input
            type="checkbox"
            data-testid="connection-read-only"
            checked={draft().readOnly}
            onChange={(e) => update({ readOnly: e.currentTarget.checked })}
          />
          Read-only (workflows may read from it, never write)
        </label>
      </Show>
      <Show when={tested()}>
        {(result) => <CheckOutcome result={result()} testid="connection-test-result" what="Test" />}
      </Show>
      <Show when={testNeedsPassword()}>
        <p class="access-hint" data-testid="connection-test-needs-password">
          To test changed settings, type the password (the browser never receives the stored one), or save and choose
          Check.
        </p>
      </Show>
      <Show when={error()}>
        <p class="hub-page-error" role="alert" data-testid="connection-form-error">
          {error()}
        </p>
      </Show>
      <div class="access-actions">
        <button type="button" data-testid="connection-cancel" onClick={() => props.onCancel()}>
          Cancel
        </button>
        <button
          type="button"
          data-testid="connection-test"
          disabled={testing() || testNeedsPassword()}
          aria-busy={testing()}
          onClick={() => void test()}
        >
          {testing() ? "Testing…" : "Test"}
        </button>
        <button type="submit" class="primary" data-testid="connection-save" disabled={saving()} aria-busy={saving()}>
          {saving() ? "Saving…" : editing() ? "Save changes" : "Create"}
        </button>
      </div>
    </form>
  );
}
