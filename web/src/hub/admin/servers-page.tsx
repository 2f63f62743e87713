import { createResource, createSignal, For, Match, onCleanup, Show, Switch } from "solid-js";
import { roleAtLeast } from "../../../../src/shared/roles";
import { useHubAccount } from "../hub-account";
import { useHubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { Pager } from "../ui/pager";
import { peopleApi } from "./people/people-api";
import { ServerAddDialog } from "./servers/server-add-dialog";
import { ServerConfirmDialog } from "./servers/server-confirm-dialog";
import { ServerGroupsDialog } from "./servers/server-groups-dialog";
import { ServerRow } from "./servers/server-row";
import { type HubServer, serversApi } from "./servers/servers-api";
import "../ui/hub-page.css";
import "./people/people.css";
import "./servers/servers.css";

/** Servers a page of the list holds (paged by the Hub). */
export const SERVERS_PAGE_SIZE = 50;
/** How often the open page reads the list again: the Hub itself polls each Server every 30 s by default. */
const RELOAD_MS = 15_000;

/**
 * Servers (admin area): each registered Server's status, version, load, latency, when it last
 * answered and which user groups may use it. Admins poll one now (Refresh), revoke one (after
 * a confirmation) and add one by hand (its token shown once); auditors read.
 */
export function ServersPage() {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const api = workspace ? serversApi(workspace.hub) : undefined;
  const people = workspace ? peopleApi(workspace.hub) : undefined;
  const mayWrite = () => {
    const role = account?.user()?.role;
    return role !== undefined && roleAtLeast(role, "admin");
  };
  const [name, setName] = createSignal("");
  const [offset, setOffset] = createSignal(0);
  const [adding, setAdding] = createSignal(false);
  const [confirming, setConfirming] = createSignal<{ server: HubServer; action: "revoke" | "remove" }>();
  const [refreshing, setRefreshing] = createSignal<string>();
  const [editingGroups, setEditingGroups] = createSignal<HubServer>();
  const [notice, setNotice] = createSignal<{ text: string; bad?: boolean }>();
  const [list, { refetch }] = createResource(
    () => ({ name: name().trim(), offset: offset() }),
    (ask) => {
      if (!api) throw new Error("no Hub serves this page");
      return api.list({ ...ask, limit: SERVERS_PAGE_SIZE });
    },
  );
  const timer = setInterval(() => {
    if (!list.loading) void refetch();
  }, RELOAD_MS);
  onCleanup(() => clearInterval(timer));

  const refresh = async (server: HubServer) => {
    if (!api) return;
    setRefreshing(server.id);
    setNotice(undefined);
    try {
      const after = await api.refresh(server.id);
      setNotice({
        text:
          after.status === "online"
            ? `${after.name} answered: online.`
            : `${after.name} did not answer: ${after.last_error ?? "offline"}.`,
        bad: after.status !== "online",
      });
      await refetch();
    } catch (err) {
      setNotice({ text: `${server.name} was not polled: ${(err as Error).message}`, bad: true });
    } finally {
      setRefreshing(undefined);
    }
  };

  return (
    <main class="hub-page" data-testid="servers-page" aria-labelledby="servers-title">
      <header class="hub-page-head">
        <h1 id="servers-title">Servers</h1>
        <label>
          <span class="visually-hidden">Search Servers by name</span>
          <input
            type="search"
            data-testid="servers-search"
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
            <button type="button" class="people-primary" data-testid="servers-add" onClick={() => setAdding(true)}>
              Add a Server
            </button>
          </div>
        </Show>
      </header>
      <Show when={notice()}>
        {(n) => (
          <p
            class={n().bad ? "hub-page-error" : "people-muted"}
            role={n().bad ? "alert" : "status"}
            data-testid="servers-notice"
          >
            {n().text}
          </p>
        )}
      </Show>
      <Switch>
        <Match when={list.error && !list.latest}>
          <PageState kind="error" testid="servers-error" retry={() => void refetch()}>
            <p>The Hub did not answer with the Servers: {(list.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={list.loading && !list.latest}>
          <PageState kind="loading" testid="servers-loading">
            <p>Loading Servers…</p>
          </PageState>
        </Match>
        <Match when={list.latest?.servers.length === 0}>
          <PageState kind="empty" testid="servers-empty">
            <Show when={name().trim()} fallback={<p>No Server is registered: nothing can run workflows yet.</p>}>
              <p>No Server's name contains “{name().trim()}”.</p>
            </Show>
          </PageState>
        </Match>
        <Match when={list.latest}>
          {(answer) => (
            <>
              <table class="hub-table" data-testid="servers-table" aria-busy={list.loading}>
                <thead>
                  <tr>
                    <th scope="col">Server</th>
                    <th scope="col">Status</th>
                    <th scope="col">Version</th>
                    <th scope="col">Load</th>
                    <th scope="col">Latency</th>
                    <th scope="col">Last seen</th>
                    <th scope="col">Who may use it</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <For each={answer().servers}>
                    {(server) => (
                      <ServerRow
                        server={server}
                        mayWrite={mayWrite()}
                        refreshing={refreshing() === server.id}
                        onRefresh={() => void refresh(server)}
                        onConfirm={(action) => setConfirming({ server, action })}
                        onEditGroups={() => setEditingGroups(server)}
                      />
                    )}
                  </For>
                </tbody>
              </table>
              <Pager
                testid="servers"
                label="Pages of Servers"
                offset={offset()}
                count={answer().servers.length}
                total={answer().total}
                pageSize={SERVERS_PAGE_SIZE}
                onOffset={setOffset}
              />
            </>
          )}
        </Match>
      </Switch>
      <Show when={adding() && api}>
        {(client) => <ServerAddDialog api={client()} onAdded={() => void refetch()} onClose={() => setAdding(false)} />}
      </Show>
      <Show
        when={
          confirming() && api
            ? { ...(confirming() as NonNullable<ReturnType<typeof confirming>>), client: api }
            : undefined
        }
      >
        {(c) => (
          <ServerConfirmDialog
            api={c().client}
            server={c().server}
            action={c().action}
            onDone={() => {
              const { server, action } = c();
              setConfirming(undefined);
              setNotice({ text: action === "revoke" ? `${server.name} is revoked.` : `${server.name} is removed.` });
              void refetch();
            }}
            onClose={() => setConfirming(undefined)}
          />
        )}
      </Show>
      <Show
        when={
          editingGroups() && api && people ? { server: editingGroups() as HubServer, client: api, people } : undefined
        }
      >
        {(e) => (
          <ServerGroupsDialog
            api={e().client}
            people={e().people}
            server={e().server}
            onSaved={() => {
              const name = e().server.name;
              setEditingGroups(undefined);
              setNotice({ text: `Who may use ${name} is saved.` });
              void refetch();
            }}
            onClose={() => setEditingGroups(undefined)}
          />
        )}
      </Show>
    </main>
  );
}
