import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import { roleAtLeast } from "../../../../src/shared/roles";
import { useHubAccount } from "../hub-account";
import { useHubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { Pager } from "../ui/pager";
import { GroupDetail } from "./people/group-detail";
import { GroupFormDialog } from "./people/group-form-dialog";
import { peopleApi } from "./people/people-api";
import "../ui/hub-page.css";
import "./people/people.css";

/** User groups a page of the list holds (paged by the Hub). */
export const GROUPS_PAGE_SIZE = 50;

/**
 * User Groups (admin area): the groups, searched by name on the Hub, beside the open one
 * (its id in the address: `#/groups/<id>`) with its members and the grant groups assigned to
 * it, the one place where grant groups are assigned. Auditors read; admins and owners write.
 */
export function UserGroupsPage() {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const api = workspace ? peopleApi(workspace.hub) : undefined;
  const mayWrite = () => {
    const role = account?.user()?.role;
    return role !== undefined && roleAtLeast(role, "admin");
  };
  const [name, setName] = createSignal("");
  const [offset, setOffset] = createSignal(0);
  const [creating, setCreating] = createSignal(false);
  const [list, { refetch }] = createResource(
    () => ({ name: name().trim(), offset: offset() }),
    (ask) => {
      if (!api) throw new Error("no Hub serves this page");
      return api.groups({ ...ask, limit: GROUPS_PAGE_SIZE });
    },
  );
  const openId = () => (workspace?.route().area === "groups" ? workspace.route().id : undefined);
  const open = (id?: string) => workspace?.show("groups", id);

  return (
    <main class="hub-page" data-testid="groups-page" aria-labelledby="groups-title">
      <header class="hub-page-head">
        <h1 id="groups-title">User Groups</h1>
        <label>
          <span class="visually-hidden">Search user groups by name</span>
          <input
            type="search"
            data-testid="groups-search"
            placeholder="Search by name"
            value={name()}
            onInput={(e) => {
              setName(e.currentTarget.value);
              setOffset(0);
            }}
          />
        </label>
        <Show when={mayWrite()}>
          <div class="hub-page-actions">
            <button type="button" class="people-primary" data-testid="groups-create" onClick={() => setCreating(true)}>
              New group
            </button>
          </div>
        </Show>
      </header>
      <div class="groups-layout">
        <div>
          <Switch>
            <Match when={list.error}>
              <PageState kind="error" testid="groups-error" retry={() => void refetch()}>
                <p>The Hub did not answer with the user groups: {(list.error as Error).message}</p>
              </PageState>
            </Match>
            <Match when={list.loading && !list.latest}>
              <PageState kind="loading" testid="groups-loading">
                <p>Loading user groups…</p>
              </PageState>
            </Match>
            <Match when={list.latest?.groups.length === 0}>
              <PageState kind="empty" testid="groups-empty">
                <Show
                  when={name().trim()}
                  fallback={
                    <p>
                      No user groups yet. A group gathers accounts; the grant groups assigned to it give its members
                      shared connections.
                    </p>
                  }
                >
                  <p>No group's name contains “{name().trim()}”.</p>
                </Show>
              </PageState>
            </Match>
            <Match when={list.latest}>
              {(answer) => (
                <nav aria-label="User groups">
                  <ul class="groups-list" data-testid="groups-list" aria-busy={list.loading}>
                    <For each={answer().groups}>
                      {(g) => (
                        <li>
                          <button
                            type="button"
                            data-testid="group-open"
                            data-name={g.name}
                            aria-current={openId() === g.id}
                            onClick={() => open(g.id)}
                          >
                            {g.name}
                            <Show when={g.description}>
                              <span class="people-muted">{g.description}</span>
                            </Show>
                          </button>
                        </li>
                      )}
                    </For>
                  </ul>
                  <Show when={answer().total > GROUPS_PAGE_SIZE || offset() > 0}>
                    <Pager
                      testid="groups"
                      label="Pages of user groups"
                      offset={offset()}
                      count={answer().groups.length}
                      total={answer().total}
                      pageSize={GROUPS_PAGE_SIZE}
                      onOffset={setOffset}
                    />
                  </Show>
                </nav>
              )}
            </Match>
          </Switch>
        </div>
        <Show
          when={api && openId() ? { client: api, id: openId() as string } : undefined}
          keyed
          fallback={
            <Show when={list.latest && list.latest.groups.length > 0}>
              <PageState kind="empty" testid="group-none-open">
                <p>Choose a group to see its members and grant groups.</p>
              </PageState>
            </Show>
          }
        >
          {(o) => (
            <GroupDetail
              api={o.client}
              groupId={o.id}
              mayWrite={mayWrite()}
              onChanged={() => void refetch()}
              onDeleted={() => {
                open();
                void refetch();
              }}
            />
          )}
        </Show>
      </div>
      <Show when={creating() && api}>
        {(client) => (
          <GroupFormDialog
            api={client()}
            onSaved={(g) => {
              setCreating(false);
              void refetch();
              open(g.id);
            }}
            onClose={() => setCreating(false)}
          />
        )}
      </Show>
    </main>
  );
}
