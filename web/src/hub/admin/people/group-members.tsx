import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import { PageState } from "../../ui/page-state";
import { Pager } from "../../ui/pager";
import type { PeopleApi, UserGroup } from "./people-api";
import { ROLE_LABELS } from "./role-choices";
import { SearchPicker } from "./search-picker";

const MEMBERS_PAGE_SIZE = 25;

/** The members of a user group, a page at a time; admins add (searchable picker) and remove them. */
export function GroupMembers(props: { api: PeopleApi; group: UserGroup; mayWrite: boolean }) {
  const [offset, setOffset] = createSignal(0);
  const [error, setError] = createSignal<string>();
  const [members, { refetch }] = createResource(
    () => ({ id: props.group.id, offset: offset() }),
    (ask) => props.api.members(ask.id, { offset: ask.offset, limit: MEMBERS_PAGE_SIZE }),
  );
  const taken = () => new Set((members.latest?.users ?? []).map((u) => u.id));
  const act = async (action: () => Promise<unknown>, failed: string) => {
    setError(undefined);
    try {
      await action();
      await refetch();
    } catch (err) {
      setError(`${failed}: ${(err as Error).message}`);
    }
  };
  return (
    <section aria-labelledby="group-members-title" data-testid="group-members">
      <h3 id="group-members-title">Members</h3>
      <Show when={props.mayWrite}>
        <SearchPicker
          testid="member-picker"
          label="Add a member"
          placeholder="Search accounts by username"
          taken={taken()}
          search={async (text) =>
            (await props.api.users({ name: text, offset: 0, limit: 20 })).users.map((u) => ({
              id: u.id,
              label: u.username,
              detail: ROLE_LABELS[u.role],
            }))
          }
          onPick={(o) => act(() => props.api.addMember(props.group.id, o.id), `${o.label} was not added`)}
        />
      </Show>
      <Show when={error()}>
        <p class="hub-page-error" role="alert" data-testid="group-members-error">
          {error()}
        </p>
      </Show>
      <Switch>
        <Match when={members.error}>
          <PageState kind="error" testid="group-members-failed" retry={() => void refetch()}>
            <p>The Hub did not answer with the members: {(members.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={members.loading && !members.latest}>
          <PageState kind="loading" testid="group-members-loading">
            <p>Loading members…</p>
          </PageState>
        </Match>
        <Match when={members.latest?.users.length === 0}>
          <PageState kind="empty" testid="group-members-empty">
            <p>No members yet.{props.mayWrite ? " Search for an account above to add it." : ""}</p>
          </PageState>
        </Match>
        <Match when={members.latest}>
          {(answer) => (
            <>
              <table class="hub-table" aria-busy={members.loading}>
                <thead>
                  <tr>
                    <th scope="col">Username</th>
                    <th scope="col">Role</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <For each={answer().users}>
                    {(user) => (
                      <tr data-testid="group-member-row" data-username={user.username}>
                        <td>{user.username}</td>
                        <td>{ROLE_LABELS[user.role]}</td>
                        <td>
                          <Show when={props.mayWrite}>
                            <div class="people-row-actions">
                              <button
                                type="button"
                                data-testid="group-member-remove"
                                aria-label={`Remove ${user.username} from the group`}
                                onClick={() =>
                                  void act(
                                    () => props.api.removeMember(props.group.id, user.id),
                                    `${user.username} was not removed`,
                                  )
                                }
                              >
                                Remove
                              </button>
                            </div>
                          </Show>
                        </td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
              <Show when={answer().total > MEMBERS_PAGE_SIZE || offset() > 0}>
                <Pager
                  testid="group-members"
                  label="Pages of members"
                  offset={offset()}
                  count={answer().users.length}
                  total={answer().total}
                  pageSize={MEMBERS_PAGE_SIZE}
                  onOffset={setOffset}
                />
              </Show>
            </>
          )}
        </Match>
      </Switch>
    </section>
  );
}
