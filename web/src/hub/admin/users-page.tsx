import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import { useHubAccount } from "../hub-account";
import { useHubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { Pager } from "../ui/pager";
import { PasswordResetDialog } from "./people/password-reset-dialog";
import { type HubAccountRecord, peopleApi } from "./people/people-api";
import { exactTime, relativeTime } from "./people/relative-time";
import { grantableRoles, mayChangeAccount, ROLE_LABELS } from "./people/role-choices";
import { UserCreateDialog } from "./people/user-create-dialog";
import { UserDisableDialog } from "./people/user-disable-dialog";
import { UserRoleSelect } from "./people/user-role-select";
import "../ui/hub-page.css";
import "./people/people.css";

/** Accounts a page of the list holds (paged by the Hub: 10,000 accounts stay one page's work). */
export const USERS_PAGE_SIZE = 50;

/**
 * Users (admin area): every account, searched by username on the Hub, a page at a time.
 * Auditors read; admins and owners create accounts, change roles and reset passwords within
 * the role rules (an admin manages auditors and users only): a control the signed-in person
 * may not use is not shown, and the Hub refuses it anyway.
 */
export function UsersPage() {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const api = workspace ? peopleApi(workspace.hub) : undefined;
  const me = () => account?.user();
  const grantable = () => grantableRoles(me()?.role);
  const [name, setName] = createSignal("");
  const [offset, setOffset] = createSignal(0);
  const [creating, setCreating] = createSignal(false);
  const [resetting, setResetting] = createSignal<HubAccountRecord>();
  const [disabling, setDisabling] = createSignal<HubAccountRecord>();
  const [enabling, setEnabling] = createSignal<string>();
  const [notice, setNotice] = createSignal<{ text: string; bad?: boolean }>();
  const [list, { refetch }] = createResource(
    () => ({ name: name().trim(), offset: offset() }),
    (ask) => {
      if (!api) throw new Error("no Hub serves this page");
      return api.users({ ...ask, limit: USERS_PAGE_SIZE });
    },
  );
  const search = (text: string) => {
    setName(text);
    setOffset(0);
  };
  const mayChange = (user: HubAccountRecord) => mayChangeAccount(me()?.role, user.role, user.id === me()?.id);
  const enable = async (user: HubAccountRecord) => {
    if (!api) return;
    setEnabling(user.id);
    try {
      await api.updateUser(user.id, { disabled: false });
      setNotice({ text: `${user.username} is enabled: they can sign in again.` });
      await refetch();
    } catch (err) {
      setNotice({ text: `${user.username} stays disabled: ${(err as Error).message}`, bad: true });
    } finally {
      setEnabling(undefined);
    }
  };

  return (
    <main class="hub-page" data-testid="users-page" aria-labelledby="users-title">
      <header class="hub-page-head">
        <h1 id="users-title">Users</h1>
        <label>
          <span class="visually-hidden">Search accounts by username</span>
          <input
            type="search"
            data-testid="users-search"
            placeholder="Search by username"
            value={name()}
            onInput={(e) => search(e.currentTarget.value)}
          />
        </label>
        <Show when={grantable().length > 0}>
          <div class="hub-page-actions">
            <button type="button" class="people-primary" data-testid="users-create" onClick={() => setCreating(true)}>
              New account
            </button>
          </div>
        </Show>
      </header>
      <Show when={notice()}>
        {(n) => (
          <p
            class={n().bad ? "hub-page-error" : "people-muted"}
            role={n().bad ? "alert" : "status"}
            data-testid="users-notice"
          >
            {n().text}
          </p>
        )}
      </Show>
      <Switch>
        <Match when={list.error}>
          <PageState kind="error" testid="users-error" retry={() => void refetch()}>
            <p>The Hub did not answer with the accounts: {(list.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={list.loading && !list.latest}>
          <PageState kind="loading" testid="users-loading">
            <p>Loading accounts…</p>
          </PageState>
        </Match>
        <Match when={list.latest?.users.length === 0}>
          <PageState kind="empty" testid="users-empty">
            <p>No account's username contains “{name().trim()}”.</p>
          </PageState>
        </Match>
        <Match when={list.latest}>
          {(answer) => (
            <>
              <table class="hub-table" data-testid="users-table" aria-busy={list.loading}>
                <thead>
                  <tr>
                    <th scope="col">Username</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Status</th>
                    <th scope="col">Last sign-in</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <For each={answer().users}>
                    {(user) => (
                      <tr data-testid="user-row" data-username={user.username}>
                        <td>
                          {user.username}
                          <Show when={user.id === me()?.id}>
                            <span class="hub-badge people-you">you</span>
                          </Show>
                        </td>
                        <td>{user.email ?? <span class="people-muted">none</span>}</td>
                        <td>
                          <Show
                            when={mayChange(user) && grantable().length > 0}
                            fallback={
                              <span class={`hub-badge people-role-${user.role}`} data-testid="user-role">
                                {ROLE_LABELS[user.role]}
                              </span>
                            }
                          >
                            <UserRoleSelect
                              api={api as NonNullable<typeof api>}
                              user={user}
                              grantable={grantable()}
                              onChanged={(u) => {
                                setNotice({ text: `${u.username} is now ${ROLE_LABELS[u.role]}.` });
                                void refetch();
                              }}
                              onError={(text) => setNotice({ text, bad: true })}
                            />
                          </Show>
                        </td>
                        <td>
                          <Show
                            when={user.disabled_at}
                            fallback={
                              <span class="people-muted" data-testid="user-status">
                                Active
                              </span>
                            }
                          >
                            {(at) => (
                              <span
                                class="hub-badge people-disabled"
                                data-testid="user-status"
                                title={`Disabled ${exactTime(at())}`}
                              >
                                Disabled
                              </span>
                            )}
                          </Show>
                        </td>
                        <td>
                          <Show when={user.last_login_at} fallback={<span class="people-muted">never</span>}>
                            {(at) => (
                              <time datetime={at()} title={exactTime(at())}>
                                {relativeTime(at())}
                              </time>
                            )}
                          </Show>
                        </td>
                        <td>
                          <Show when={mayChange(user)}>
                            <div class="people-row-actions">
                              <button
                                type="button"
                                data-testid="user-reset-password"
                                onClick={() => setResetting(user)}
                              >
                                Reset password
                              </button>
                              <Show
                                when={user.disabled_at}
                                fallback={
                                  <button
                                    type="button"
                                    class="people-danger"
                                    data-testid="user-disable"
                                    onClick={() => setDisabling(user)}
                                  >
                                    Disable
                                  </button>
                                }
                              >
                                <button
                                  type="button"
                                  data-testid="user-enable"
                                  disabled={enabling() === user.id}
                                  aria-busy={enabling() === user.id}
                                  onClick={() => void enable(user)}
                                >
                                  Enable
                                </button>
                              </Show>
                            </div>
                          </Show>
                        </td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
              <Pager
                testid="users"
                label="Pages of accounts"
                offset={offset()}
                count={answer().users.length}
                total={answer().total}
                pageSize={USERS_PAGE_SIZE}
                onOffset={setOffset}
              />
            </>
          )}
        </Match>
      </Switch>
      <Show when={creating() && api}>
        {(client) => (
          <UserCreateDialog
            api={client()}
            roles={grantable()}
            onCreated={(u) => {
              setNotice({ text: `Account ${u.username} created as ${ROLE_LABELS[u.role]}.` });
              void refetch();
            }}
            onClose={() => setCreating(false)}
          />
        )}
      </Show>
      <Show when={disabling() && api ? { user: disabling() as HubAccountRecord, client: api } : undefined}>
        {(d) => (
          <UserDisableDialog
            api={d().client}
            user={d().user}
            onDone={(u) => {
              setDisabling(undefined);
              setNotice({ text: `${u.username} is disabled: their sessions ended.` });
              void refetch();
            }}
            onClose={() => setDisabling(undefined)}
          />
        )}
      </Show>
      <Show when={resetting() && api ? { user: resetting() as HubAccountRecord, client: api } : undefined}>
        {(r) => <PasswordResetDialog api={r().client} user={r().user} onClose={() => setResetting(undefined)} />}
      </Show>
    </main>
  );
}
