import { createResource, createSignal, For, Match, Show, Switch } from "solid-js";
import { PageState } from "../../ui/page-state";
import { Pager } from "../../ui/pager";
import type { PeopleApi, UserGroup } from "./people-api";
import { SearchPicker } from "./search-picker";

const ASSIGNED_PAGE_SIZE = 25;

/**
 * The grant groups assigned to a user group: its members reach their connections. Assignment
 * is made here only (hub.md: the grant-group side shows it read-only); admins assign and
 * remove, auditors read.
 */
export function GroupGrantGroups(props: { api: PeopleApi; group: UserGroup; mayWrite: boolean }) {
  const [offset, setOffset] = createSignal(0);
  const [error, setError] = createSignal<string>();
  const [assigned, { refetch }] = createResource(
    () => ({ id: props.group.id, offset: offset() }),
    (ask) => props.api.assigned(ask.id, { offset: ask.offset, limit: ASSIGNED_PAGE_SIZE }),
  );
  const taken = () => new Set((assigned.latest?.grant_groups ?? []).map((g) => g.id));
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
    <section aria-labelledby="group-grants-title" data-testid="group-grant-groups">
      <h3 id="group-grants-title">Grant groups</h3>
      <p class="people-muted">The members reach the connections of every grant group assigned here.</p>
      <Show when={props.mayWrite}>
        <SearchPicker
          testid="grant-picker"
          label="Assign a grant group"
          placeholder="Search grant groups by name"
          taken={taken()}
          search={async (text) =>
            (await props.api.grantGroups({ name: text, offset: 0, limit: 20 })).grant_groups.map((g) => ({
              id: g.id,
              label: g.name,
              detail: g.description ?? undefined,
            }))
          }
          onPick={(o) => act(() => props.api.assign(props.group.id, o.id), `${o.label} was not assigned`)}
        />
      </Show>
      <Show when={error()}>
        <p class="hub-page-error" role="alert" data-testid="group-grants-error">
          {error()}
        </p>
      </Show>
      <Switch>
        <Match when={assigned.error}>
          <PageState kind="error" testid="group-grants-failed" retry={() => void refetch()}>
            <p>The Hub did not answer with the grant groups: {(assigned.error as Error).message}</p>
          </PageState>
        </Match>
        <Match when={assigned.loading && !assigned.latest}>
          <PageState kind="loading" testid="group-grants-loading">
            <p>Loading grant groups…</p>
          </PageState>
        </Match>
        <Match when={assigned.latest?.grant_groups.length === 0}>
          <PageState kind="empty" testid="group-grants-empty">
            <p>No grant group is assigned: the members reach no shared connection through this group.</p>
          </PageState>
        </Match>
        <Match when={assigned.latest}>
          {(answer) => (
            <>
              <table class="hub-table" aria-busy={assigned.loading}>
                <thead>
                  <tr>
                    <th scope="col">Grant group</th>
                    <th scope="col">Description</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <For each={answer().grant_groups}>
                    {(gg) => (
                      <tr data-testid="group-grant-row" data-name={gg.name}>
                        <td>{gg.name}</td>
                        <td>{gg.description ?? <span class="people-muted">none</span>}</td>
                        <td>
                          <Show when={props.mayWrite}>
                            <div class="people-row-actions">
                              <button
                                type="button"
                                data-testid="group-grant-remove"
                                aria-label={`Remove the grant group ${gg.name} from the user group`}
                                onClick={() =>
                                  void act(
                                    () => props.api.unassign(props.group.id, gg.id),
                                    `${gg.name} was not removed`,
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
              <Show when={answer().total > ASSIGNED_PAGE_SIZE || offset() > 0}>
                <Pager
                  testid="group-grants"
                  label="Pages of assigned grant groups"
                  offset={offset()}
                  count={answer().grant_groups.length}
                  total={answer().total}
                  pageSize={ASSIGNED_PAGE_SIZE}
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
