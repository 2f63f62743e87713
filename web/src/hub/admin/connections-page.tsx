import { createResource, createSignal, Match, Show, Switch } from "solid-js";
import { roleAtLeast } from "../../../../src/shared/roles";
import { useHubAccount } from "../hub-account";
import { useHubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { Pager } from "../ui/pager";
import { ConnectionDetail } from "./access/connection-detail";
import { ConnectionForm } from "./access/connection-form";
import { listConnections } from "./access/connections-api";
import { ConnectionsTable } from "./access/connections-table";
import "../ui/hub-page.css";
import "./access/access.css";

/** Rows a page of the list holds (the Hub pages it: 10,000 connections stay one page's work). */
export const CONNECTIONS_PAGE_SIZE = 50;

/**
 * The Connections area (auditors read, admins write): the list with where each points and
 * its health; the chosen one (kept in the address, `#/connections/<id>`) beside it with its
 * settings, a check, and who can reach it. Admins create one (testing it before saving),
 * edit and delete it; an auditor sees no control it may not use.
 */
export function ConnectionsPage() {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const canWrite = () => roleAtLeast(account?.user()?.role ?? "user", "admin");
  const [name, setName] = createSignal("");
  const [type, setType] = createSignal<"" | "database" | "filesystem">("");
  const [offset, setOffset] = createSignal(0);
  const [creating, setCreating] = createSignal(false);
  const [list, { refetch }] = createResource(
    () => ({ name: name().trim(), type: type() || undefined, offset: offset() }),
    (query) => {
      if (!workspace) throw new Error("no Hub serves this page");
      return listConnections(workspace.hub, { ...query, limit: CONNECTIONS_PAGE_SIZE });
    },
  );
  const selected = () => (workspace?.route().area === "connections" ? workspace.route().id : undefined);
  const select = (id: string | undefined) => {
    setCreating(false);
    workspace?.show("connections", id);
  };
  const filter = (change: () => void) => {
    change();
    setOffset(0);
  };

  return (
    <main class="hub-page access-page" data-testid="connections-page" aria-labelledby="connections-title">
      <header class="hub-page-head">
        <h1 id="connections-title">Connections</h1>
        <label>
          <span class="visually-hidden">Search connections by name</span>
          <input
            type="search"
            data-testid="connections-search"
            placeholder="Search by name"
            value={name()}
            onInput={(e) => filter(() => setName(e.currentTarget.value))}
          />
        </label>
        <label class="access-filter">
          <span class="visually-hidden">Show only one kind</span>
          <select
            data-testid="connections-type"
            value={type()}
            onChange={(e) => filter(() => setType(e.currentTarget.value as "" | "database" | "filesystem"))}
          >
            <option value="">Databases and folders</option>
            <option value="database">Databases</option>
            <option value="filesystem">Folders</option>
          </select>
        </label>
        <Show when={canWrite()}>
          <div class="hub-page-actions">
            <button type="button" class="primary" data-testid="connections-new" onClick={() => setCreating(true)}>
              New connection
            </button>
          </div>
        </Show>
      </header>
      <div class="access-layout">
        <div class="access-list-col">
          <Switch>
            <Match when={list.error}>
              <PageState kind="error" testid="connections-error" retry={() => void refetch()}>
                <p>The Hub did not answer with the connections: {(list.error as Error).message}</p>
              </PageState>
            </Match>
            <Match when={list.loading && !list.latest}>
              <PageState kind="loading" testid="connections-loading">
                <p>Loading connections…</p>
              </PageState>
            </Match>
            <Match when={list.latest?.connections.length === 0}>
              <PageState kind="empty" testid="connections-empty">
                <Show
                  when={name().trim() || type()}
                  fallback={
                    <p>
                      No connections yet.{" "}
                      {canWrite()
                        ? "Choose New connection to share a database or a folder with the team."
                        : "An admin shares databases and folders here."}
                    </p>
                  }
                >
                  <p>No connection matches this search.</p>
                </Show>
              </PageState>
            </Match>
            <Match when={list.latest}>
              {(answer) => (
                <>
                  <ConnectionsTable
                    connections={answer().connections}
                    selected={selected()}
                    busy={list.loading}
                    onSelect={select}
                  />
                  <Pager
                    testid="connections"
                    label="Pages of connections"
                    offset={offset()}
                    count={answer().connections.length}
                    total={answer().total}
                    pageSize={CONNECTIONS_PAGE_SIZE}
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
                  <p class="access-placeholder" data-testid="connections-choose">
                    Choose a connection to see its settings, its health and who can reach it.
                  </p>
                }
              >
                <Match when={creating()}>
                  <ConnectionForm
                    hub={ws().hub}
                    onSaved={(c) => {
                      void refetch();
                      select(c.id);
                    }}
                    onCancel={() => setCreating(false)}
                  />
                </Match>
                <Match when={selected()} keyed>
                  {(id) => (
                    <ConnectionDetail
                      hub={ws().hub}
                      id={id}
                      canWrite={canWrite()}
                      onChanged={() => void refetch()}
                      onDeleted={() => {
                        void refetch();
                        select(undefined);
                      }}
                      onGrantGroup={(gg) => ws().show("grant-groups", gg)}
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
