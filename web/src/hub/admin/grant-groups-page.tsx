import { createResource, createSignal, Match, Show, Switch } from "solid-js";
import { roleAtLeast } from "../../../../src/shared/roles";
import { useHubAccount } from "../hub-account";
import { useHubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { Pager } from "../ui/pager";
import { GrantGroupDetail } from "./access/grant-group-detail";
import { createGrantGroup, listGrantGroups } from "./access/grant-groups-api";
import { GrantGroupsTable } from "./access/grant-groups-table";
import { NamedForm } from "./access/named-form";
import "../ui/hub-page.css";
import "./access/access.css";

/** Rows a page of the list holds (the Hub pages it). */
export const GRANT_GROUPS_PAGE_SIZE = 50;

/**
 * The Grant Groups area (auditors read, admins write): grant groups bundle connections; user
 * groups hold them (assigned on the User Groups page, shown here read-only). The chosen one
 * is kept in the address (`#/grant-groups/<id>`) and shown beside the list.
 */
export function GrantGroupsPage() {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const canWrite = () => roleAtLeast(account?.user()?.role ?? "user", "admin");
  const [name, setName] = createSignal("");
  const [offset, setOffset] = createSignal(0);
  const [creating, setCreating] = createSignal(false);
  const [list, { refetch }] = createResource(
    () => ({ name: name().trim(), offset: offset() }),
    (query) => {
      if (!workspace) throw new Error("no Hub serves this page");
      return listGrantGroups(workspace.hub, { ...query, limit: GRANT_GROUPS_PAGE_SIZE });
    },
  );
  const selected = () => (workspace?.route().area === "grant-groups" ? workspace.route().id : undefined);
  const select = (id: string | undefined) => {
    setCreating(false);
    workspace?.show("grant-groups", id);
  };

  return (
    <main class="hub-page access-page" data-testid="grant-groups-page" aria-labelledby="grant-groups-title">
      <header class="hub-page-head">
        <h1 id="grant-groups-title">Grant Groups</h1>
        <label>
          <span class="visually-hidden">Search grant groups by name</span>
          <input
            type="search"
            data-testid="grant-groups-search"
            placeholder="Search by name"
            value={name()}
            onInput={(e) => {
              setName(e.currentTarget.value);
              setOffset(0);
            }}
          />
        </label>
        <Show when={canWrite()}>
          <div class="hub-page-actions">
            <button type="button" class="primary" data-testid="grant-groups-new" onClick={() => setCreating(true)}>
              New grant group
            </button>
          </div>
        </Show>
      </header>
      <div class="access-layout">
        <div class="access-list-col">
          <Switch>
            <Match when={list.error}>
              <PageState kind="error" testid="grant-groups-error" retry={() => void refetch()}>
                <p>The Hub did not answer with the grant groups: {(list.error as Error).message}</p>
              </PageState>
            </Match>
            <Match when={list.loading && !list.latest}>
              <PageState kind="loading" testid="grant-groups-loading">
                <p>Loading grant groups…</p>
              </PageState>
            </Match>
            <Match when={list.latest?.grant_groups.length === 0}>
              <PageState kind="empty" testid="grant-groups-empty">
                <Show
                  when={name().trim()}
                  fallback={
                    <p>
                      No grant groups yet. A grant group bundles connections; a user group holding it gives its members
                      those connections.{canWrite() ? " Choose New grant group to make one." : ""}
                    </p>
                  }
                >
                  <p>No grant group's name contains “{name().trim()}”.</p>
                </Show>
              </PageState>
            </Match>
            <Match when={list.latest}>
              {(answer) => (
                <>
                  <GrantGroupsTable
                    groups={answer().grant_groups}
                    selected={selected()}
                    busy={list.loading}
                    onSelect={select}
                  />
                  <Pager
                    testid="grant-groups"
                    label="Pages of grant groups"
                    offset={offset()}
                    count={answer().grant_groups.length}
                    total={answer().total}
                    pageSize={GRANT_GROUPS_PAGE_SIZE}
                    onOffset={setOffset}
                  />
                </>
              )}
            </Match>
          </Switch>
        </div>
        <div class="access-detail-col">
          <Show when={workspace}>
            {(ws) => (
              <Switch
                fallback={
                  <p class="access-placeholder" data-testid="grant-groups-choose">
                    Choose a grant group to see its connections and the user groups holding it.
                  </p>
                }
              >
                <Match when={creating()}>
                  <NamedForm
                    testid="grant-group-create"
                    title="New grant group"
                    submitLabel="Create"
                    onSubmit={async (value) => {
                      const made = await createGrantGroup(ws().hub, value);
                      void refetch();
                      select(made.id);
                    }}
                    onCancel={() => setCreating(false)}
                  />
                </Match>
                <Match when={selected()} keyed>
                  {(id) => (
                    <GrantGroupDetail
                      hub={ws().hub}
                      id={id}
                      canWrite={canWrite()}
                      onChanged={() => void refetch()}
                      onDeleted={() => {
                        void refetch();
                        select(undefined);
                      }}
                      onConnection={(c) => ws().show("connections", c)}
                      onUserGroup={(ug) => ws().show("groups", ug)}
                    />
                  )}
                </Match>
              </Switch>
            )}
          </Show>
        </div>
      </div>
    </main>
  );
}
