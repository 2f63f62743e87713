import { createResource, createSignal, Match, Show, Switch } from "solid-js";
import type { HubClient } from "../../../lib/hub-api";
import { PageState } from "../../ui/page-state";
import { CheckOutcome, HealthBadge } from "./check-outcome";
import { ConfirmDialog } from "./confirm-dialog";
import { ConnectionForm } from "./connection-form";
import { KINDS, kindOf } from "./connection-kinds";
import { ConnectionReach } from "./connection-reach";
import {
  type CheckResult,
  checkConnection,
  deleteConnection,
  getConnection,
  type HubConnection,
} from "./connections-api";
import { gone } from "./not-found";
import { exactTime, timeAgo } from "./relative-time";

/**
 * One connection: its settings (never a secret: the Hub sends none), its last recorded
 * health, and who can reach it. Admins also check it now, edit it and delete it.
 */
export function ConnectionDetail(props: {
  hub: HubClient;
  id: string;
  canWrite: boolean;
  /** The list should show what changed (a rename, a new health). */
  onChanged: () => void;
  onDeleted: () => void;
  onGrantGroup: (id: string) => void;
}) {
  const [connection, { refetch, mutate }] = createResource(
    () => props.id,
    (id) => getConnection(props.hub, id),
  );
  const [editing, setEditing] = createSignal(false);
  const [deleting, setDeleting] = createSignal(false);
  const [checking, setChecking] = createSignal(false);
  const [checked, setChecked] = createSignal<CheckResult>();
  const [checkError, setCheckError] = createSignal<string>();

  const check = async () => {
    setChecking(true);
    setChecked(undefined);
    setCheckError(undefined);
    try {
      setChecked(await checkConnection(props.hub, props.id));
      void refetch();
      props.onChanged();
    } catch (err) {
      setCheckError(`The Hub did not check it: ${(err as Error).message}`);
    } finally {
      setChecking(false);
    }
  };
  const saved = (c: HubConnection) => {
    mutate(c);
    setEditing(false);
    setChecked(undefined);
    props.onChanged();
  };

  return (
    <section class="access-detail" data-testid="connection-detail" aria-label="Connection">
      <Switch>
        <Match when={connection.error}>
          <PageState kind="error" testid="connection-detail-error" retry={() => void refetch()}>
            <p>
              {gone(connection.error)
                ? "This connection does not exist (any more): it may have been deleted."
                : `The Hub did not answer with this connection: ${(connection.error as Error).message}`}
            </p>
          </PageState>
        </Match>
        <Match when={!connection.latest}>
          <PageState kind="loading" testid="connection-detail-loading">
            <p>Loading the connection…</p>
          </PageState>
        </Match>
        <Match when={editing() && connection.latest}>
          {(c) => <ConnectionForm hub={props.hub} stored={c()} onSaved={saved} onCancel={() => setEditing(false)} />}
        </Match>
        <Match when={connection.latest}>
          {(c) => (
            <>
              <header class="access-detail-head">
                <h2 data-testid="connection-detail-name">{c().name}</h2>
                <span class="hub-badge">{KINDS[kindOf(c())].label}</span>
                <Show when={props.canWrite}>
                  <div class="access-actions">
                    <button
                      type="button"
                      data-testid="connection-check"
                      disabled={checking()}
                      aria-busy={checking()}
                      onClick={() => void check()}
                    >
                      {checking() ? "Checking…" : "Check"}
                    </button>
                    <button type="button" data-testid="connection-edit" onClick={() => setEditing(true)}>
                      Edit
                    </button>
                    <button
                      type="button"
                      class="danger"
                      data-testid="connection-delete"
                      onClick={() => setDeleting(true)}
                    >
                      Delete
                    </button>
                  </div>
                </Show>
              </header>
              <Show when={c().description}>
                <p class="access-muted">{c().description}</p>
              </Show>
              <Show when={checked()}>
                {(r) => <CheckOutcome result={r()} testid="connection-check-result" what="Check" />}
              </Show>
              <Show when={checkError()}>
                <p class="hub-page-error" role="alert" data-testid="connection-check-error">
                  {checkError()}
                </p>
              </Show>
              <ConnectionSettings connection={c()} />
              <ConnectionReach hub={props.hub} id={c().id} onGrantGroup={props.onGrantGroup} />
              <Show when={deleting()}>
                <ConfirmDialog
                  testid="connection-delete-dialog"
                  title={`Delete “${c().name}”?`}
                  confirmLabel="Delete the connection"
                  onConfirm={async () => {
                    await deleteConnection(props.hub, c().id);
                    props.onDeleted();
                  }}
                  onClose={() => setDeleting(false)}
                >
                  <p>
                    It leaves every grant group that holds it, and workflows using it stop reaching it. The grant groups
                    stay. This cannot be undone.
                  </p>
                </ConfirmDialog>
              </Show>
            </>
          )}
        </Match>
      </Switch>
    </section>
  );
}

/** The settings and health of a stored connection, as a list of terms. */
function ConnectionSettings(props: { connection: HubConnection }) {
  const c = () => props.connection;
  const kind = () => kindOf(c());
  const health = () => c().health;
  return (
    <dl class="access-settings" data-testid="connection-settings">
      <Show when={kind() === "filesystem"}>
        <dt>Folder</dt>
        <dd class="access-mono">{c().path}</dd>
        <dt>Access</dt>
        <dd>{c().read_only ? "Read-only" : "Read and write"}</dd>
      </Show>
      <Show when={kind() === "sqlite"}>
        <dt>File</dt>
        <dd class="access-mono">{c().database}</dd>
      </Show>
      <Show when={KINDS[kind()].server}>
        <dt>Server</dt>
        <dd class="access-mono">
          {c().host}:{c().port ?? KINDS[kind()].defaultPort}
        </dd>
        <dt>Database</dt>
        <dd class="access-mono">{c().database}</dd>
        <dt>User name</dt>
        <dd>{c().username || "none"}</dd>
        <dt>Password</dt>
        <dd data-testid="connection-has-password">{c().has_password ? "Stored (never shown)" : "None"}</dd>
        <dt>Encryption</dt>
        <dd>{c().options?.sslmode ?? "the driver's default"}</dd>
      </Show>
      <dt>Health</dt>
      <dd>
        <HealthBadge status={health().status} />
        <Show when={health().checked_at}>
          {(at) => (
            <span class="access-muted">
              {" "}
              checked{" "}
              <time datetime={at()} title={exactTime(at())}>
                {timeAgo(at())}
              </time>
              <Show when={health().latency_ms !== null}> in {health().latency_ms} ms</Show>
            </span>
          )}
        </Show>
        <Show when={health().error}>
          <p class="access-health-error" data-testid="connection-health-error">
            {health().error}
          </p>
        </Show>
      </dd>
      <dt>Updated</dt>
      <dd>
        <time datetime={c().updated_at} title={exactTime(c().updated_at)}>
          {timeAgo(c().updated_at)}
        </time>
      </dd>
    </dl>
  );
}
