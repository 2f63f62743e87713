import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import type { HubClient } from "../../../lib/hub-api";
import { PageState } from "../../ui/page-state";
import { ConfirmDialog } from "./confirm-dialog";
import { ConnectionPicker } from "./connection-picker";
import {
  addGrantedConnection,
  deleteGrantGroup,
  getGrantGroup,
  removeGrantedConnection,
  updateGrantGroup,
} from "./grant-groups-api";
import { NamedForm } from "./named-form";
import { gone } from "./not-found";
import { exactTime, timeAgo } from "./relative-time";

/** "1 connection", "3 connections". */
const count = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/**
 * One grant group: the connections it holds (admins add them with a picker and remove them)
 * and the user groups holding it, read-only: those are assigned on the User Groups page, as
 * access flows one way (users → user groups → grant groups → connections).
 */
export function GrantGroupDetail(props: {
  hub: HubClient;
  id: string;
  canWrite: boolean;
  onChanged: () => void;
  onDeleted: () => void;
  onConnection: (id: string) => void;
  onUserGroup: (id: string) => void;
}) {
  const [group, { refetch, mutate }] = createResource(
    () => props.id,
    (id) => getGrantGroup(props.hub, id),
  );
  const [renaming, setRenaming] = createSignal(false);
  const [deleting, setDeleting] = createSignal(false);
  const [removing, setRemoving] = createSignal<string>();
  const [error, setError] = createSignal<string>();

  const remove = async (connectionId: string) => {
    setRemoving(connectionId);
    setError(undefined);
    try {
      await removeGrantedConnection(props.hub, props.id, connectionId);
      await refetch();
    } catch (err) {
      setError(`Not removed: ${(err as Error).message}`);
    } finally {
      setRemoving(undefined);
    }
  };

  return (
    <section class="access-detail" data-testid="grant-group-detail" aria-label="Grant group">
      <Switch>
        <Match when={group.error}>
          <PageState kind="error" testid="grant-group-detail-error" retry={() => void refetch()}>
            <p>
              {gone(group.error)
                ? "This grant group does not exist (any more): it may have been deleted."
                : `The Hub did not answer with this grant group: ${(group.error as Error).message}`}
            </p>
          </PageState>
        </Match>
        <Match when={!group.latest}>
          <PageState kind="loading" testid="grant-group-detail-loading">
            <p>Loading the grant group…</p>
          </PageState>
        </Match>
        <Match when={renaming() && group.latest}>
          {(g) => (
            <NamedForm
              testid="grant-group-rename"
              title={`Rename “${g().name}”`}
              submitLabel="Save"
              name={g().name}
              description={g().description}
              onSubmit={async (value) => {
                const saved = await updateGrantGroup(props.hub, g().id, value);
                mutate({ ...g(), ...saved });
                setRenaming(false);
                props.onChanged();
              }}
              onCancel={() => setRenaming(false)}
            />
          )}
        </Match>
        <Match when={group.latest}>
          {(g) => (
            <>
              <header class="access-detail-head">
                <h2 data-testid="grant-group-detail-name">{g().name}</h2>
                <Show when={props.canWrite}>
                  <div class="access-actions">
                    <button type="button" data-testid="grant-group-rename" onClick={() => setRenaming(true)}>
                      Rename
                    </button>
                    <button
                      type="button"
                      class="danger"
                      data-testid="grant-group-delete"
                      onClick={() => setDeleting(true)}
                    >
                      Delete
                    </button>
                  </div>
                </Show>
              </header>
              <p class="access-muted">
                {g().description ? `${g().description} · ` : ""}Updated{" "}
                <time datetime={g().updated_at} title={exactTime(g().updated_at)}>
                  {timeAgo(g().updated_at)}
                </time>
              </p>

              <section class="access-section" aria-labelledby="grant-group-connections-title">
                <h3 id="grant-group-connections-title">Connections</h3>
                <Show
                  when={g().connections.length > 0}
                  fallback={
                    <p class="access-empty" data-testid="grant-group-connections-empty">
                      It holds no connection yet{props.canWrite ? ": add one below." : "."}
                    </p>
                  }
                >
                  <ul class="access-list" data-testid="grant-group-connections">
                    <For each={g().connections}>
                      {(c) => (
                        <li data-testid="grant-group-connection" data-connection-id={c.id}>
                          <button type="button" class="access-link" onClick={() => props.onConnection(c.id)}>
                            {c.name}
                          </button>
                          <span class="access-muted"> {c.type === "filesystem" ? "folder" : "database"}</span>
                          <Show when={props.canWrite}>
                            <button
                              type="button"
                              class="access-remove"
                              data-testid="grant-group-connection-remove"
                              aria-label={`Remove ${c.name} from this grant group`}
                              disabled={removing() !== undefined}
                              aria-busy={removing() === c.id}
                              onClick={() => void remove(c.id)}
                            >
                              Remove
                            </button>
                          </Show>
                        </li>
                      )}
                    </For>
                  </ul>
                </Show>
                <Show when={error()}>
                  <p class="hub-page-error" role="alert" data-testid="grant-group-error">
                    {error()}
                  </p>
                </Show>
                <Show when={props.canWrite}>
                  <ConnectionPicker
                    hub={props.hub}
                    held={g().connections.map((c) => c.id)}
                    onAdd={async (connectionId) => {
                      await addGrantedConnection(props.hub, g().id, connectionId);
                      await refetch();
                    }}
                  />
                </Show>
              </section>

              <section
                class="access-section"
                aria-labelledby="grant-group-holders-title"
                data-testid="grant-group-holders"
              >
                <h3 id="grant-group-holders-title">User groups holding it</h3>
                <p class="access-hint">
                  Their members reach these connections. Grant groups are assigned to user groups on the User Groups
                  page.
                </p>
                <Show
                  when={g().user_groups.length > 0}
                  fallback={
                    <p class="access-empty" data-testid="grant-group-holders-empty">
                      No user group holds it yet, so it gives no one access.
                    </p>
                  }
                >
                  <ul class="access-list">
                    <For each={g().user_groups}>
                      {(ug) => (
                        <li data-testid="grant-group-holder">
                          <button type="button" class="access-link" onClick={() => props.onUserGroup(ug.id)}>
                            {ug.name}
                          </button>
                          <Show when={ug.description}>
                            <span class="access-muted"> {ug.description}</span>
                          </Show>
                        </li>
                      )}
                    </For>
                  </ul>
                </Show>
              </section>

              <Show when={deleting()}>
                <ConfirmDialog
                  testid="grant-group-delete-dialog"
                  title={`Delete “${g().name}”?`}
                  confirmLabel="Delete the grant group"
                  onConfirm={async () => {
                    await deleteGrantGroup(props.hub, g().id);
                    props.onDeleted();
                  }}
                  onClose={() => setDeleting(false)}
                >
                  <p>
                    {g().user_groups.length === 0
                      ? "No user group holds it."
                      : `${count(g().user_groups.length, "user group")} holding it lose its ${count(g().connections.length, "connection")}.`}{" "}
                    The connections and the user groups stay. This cannot be undone.
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
