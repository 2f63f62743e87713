import { createResource, For, Match, Show, Switch } from "solid-js";
import type { HubClient } from "../../../lib/hub-api";
import { PageState } from "../../ui/page-state";
import { connectionAccess } from "./connections-api";

/**
 * Who can reach a connection, as the Hub answers it: the grant groups holding it, the user
 * groups each is assigned to, and every person that chain reaches with each path. Owners,
 * admins and auditors reach every connection by their role; that is said once, not listed.
 */
export function ConnectionReach(props: { hub: HubClient; id: string; onGrantGroup: (id: string) => void }) {
  const [access, { refetch }] = createResource(
    () => props.id,
    (id) => connectionAccess(props.hub, id),
  );
  return (
    <section class="access-section" data-testid="connection-reach" aria-labelledby="connection-reach-title">
      <h3 id="connection-reach-title">Who can reach it</h3>
      <Switch>
        <Match when={access.error}>
          <PageState kind="error" testid="connection-reach-error" retry={() => void refetch()}>
            <p>The Hub did not answer who can reach it: {(access.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={!access.latest}>
          <PageState kind="loading" testid="connection-reach-loading">
            <p>Reading the grant groups, user groups and members…</p>
          </PageState>
        </Match>
        <Match when={access.latest}>
          {(answer) => (
            <>
              <p class="access-hint">Owners, admins and auditors reach every connection by their role.</p>
              <Show
                when={answer().grant_groups.length > 0}
                fallback={
                  <p class="access-empty" data-testid="connection-reach-none">
                    No grant group holds this connection, so no one else reaches it. Add it to a grant group on the
                    Grant Groups page.
                  </p>
                }
              >
                <ul class="access-list" data-testid="connection-reach-grant-groups">
                  <For each={answer().grant_groups}>
                    {(gg) => (
                      <li data-testid="connection-reach-grant-group">
                        <button type="button" class="access-link" onClick={() => props.onGrantGroup(gg.id)}>
                          {gg.name}
                        </button>
                        <span class="access-muted">
                          {gg.user_groups.length === 0
                            ? " — assigned to no user group yet"
                            : ` — held by ${gg.user_groups.map((g) => g.name).join(", ")}`}
                        </span>
                      </li>
                    )}
                  </For>
                </ul>
                <Show
                  when={answer().users.length > 0}
                  fallback={
                    <p class="access-empty" data-testid="connection-reach-no-people">
                      No one is a member of a user group holding these grant groups.
                    </p>
                  }
                >
                  <table class="hub-table access-table" data-testid="connection-reach-people">
                    <thead>
                      <tr>
                        <th scope="col">Person</th>
                        <th scope="col">Role</th>
                        <th scope="col">Through (user group → grant group)</th>
                      </tr>
                    </thead>
                    <tbody>
                      <For each={answer().users}>
                        {(u) => (
                          <tr data-testid="connection-reach-person" data-username={u.username}>
                            <td>{u.username}</td>
                            <td>{u.role}</td>
                            <td>{u.via.map((v) => `${v.group.name} → ${v.grant_group.name}`).join("; ")}</td>
                          </tr>
                        )}
                      </For>
                    </tbody>
                  </table>
                </Show>
              </Show>
            </>
          )}
        </Match>
      </Switch>
    </section>
  );
}
