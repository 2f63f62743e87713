import { createResource, createSignal, Match, Show, Switch } from "solid-js";
import { PageState } from "../../ui/page-state";
import { GroupDeleteDialog, GroupFormDialog } from "./group-form-dialog";
import { GroupGrantGroups } from "./group-grant-groups";
import { GroupMembers } from "./group-members";
import type { PeopleApi, UserGroup } from "./people-api";

/**
 * One user group, opened from the list: its name and description, members, and assigned grant
 * groups. Admins rename and delete it; `onChanged` tells the list to read itself again.
 */
export function GroupDetail(props: {
  api: PeopleApi;
  groupId: string;
  mayWrite: boolean;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const [group, { mutate, refetch }] = createResource(
    () => props.groupId,
    (id) => props.api.group(id),
  );
  const [dialog, setDialog] = createSignal<"rename" | "delete">();
  return (
    <Switch>
      <Match when={group.error}>
        <PageState kind="error" testid="group-detail-error" retry={() => void refetch()}>
          <p>The Hub did not answer with this user group: {(group.error as Error).message}</p>
        </PageState>
      </Match>
      <Match when={group.loading && !group.latest}>
        <PageState kind="loading" testid="group-detail-loading">
          <p>Loading the user group…</p>
        </PageState>
      </Match>
      <Match when={group.latest}>
        {(g) => (
          <article class="group-detail" data-testid="group-detail" aria-labelledby="group-detail-title">
            <header class="group-detail-head">
              <div>
                <h2 id="group-detail-title" data-testid="group-detail-name">
                  {g().name}
                </h2>
                <Show when={g().description}>
                  <p class="people-muted">{g().description}</p>
                </Show>
              </div>
              <Show when={props.mayWrite}>
                <div class="people-row-actions">
                  <button type="button" data-testid="group-rename" onClick={() => setDialog("rename")}>
                    Rename
                  </button>
                  <button
                    type="button"
                    class="people-danger"
                    data-testid="group-delete"
                    onClick={() => setDialog("delete")}
                  >
                    Delete
                  </button>
                </div>
              </Show>
            </header>
            <GroupMembers api={props.api} group={g()} mayWrite={props.mayWrite} />
            <GroupGrantGroups api={props.api} group={g()} mayWrite={props.mayWrite} />
            <Show when={dialog() === "rename"}>
              <GroupFormDialog
                api={props.api}
                group={g()}
                onSaved={(saved: UserGroup) => {
                  mutate(saved);
                  setDialog(undefined);
                  props.onChanged();
                }}
                onClose={() => setDialog(undefined)}
              />
            </Show>
            <Show when={dialog() === "delete"}>
              <GroupDeleteDialog
                api={props.api}
                group={g()}
                onDeleted={() => {
                  setDialog(undefined);
                  props.onDeleted();
                }}
                onClose={() => setDialog(undefined)}
              />
            </Show>
          </article>
        )}
      </Match>
    </Switch>
  );
}
