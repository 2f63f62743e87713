import { createSignal, For, Show } from "solid-js";
import { AdminFormDialog } from "../../ui/admin-form-dialog";
import type { PeopleApi } from "../people/people-api";
import { SearchPicker } from "../people/search-picker";
import type { HubServer, ServersApi } from "./servers-api";

/**
 * "Who may use it": the user groups whose members the Hub may send to this Server; none means
 * everyone. Groups are added with a search over the Hub's groups and taken off one by one;
 * Save sets the whole list (`PUT /servers/{id}/groups`).
 */
export function ServerGroupsDialog(props: {
  api: ServersApi;
  people: PeopleApi;
  server: HubServer;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = createSignal(props.server.groups.map((g) => ({ id: g.id, name: g.name })));
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.api.setGroups(
        props.server.id,
        chosen().map((g) => g.id),
      );
      props.onSaved();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <AdminFormDialog
      testid="server-groups"
      title={`Who may use “${props.server.name}”`}
      submitLabel="Save"
      busy={busy()}
      error={error()}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <p class="admin-dialog-note">
        Only members of these user groups are sent to this Server. With none, everyone may use it.
      </p>
      <Show when={chosen().length > 0} fallback={<p data-testid="server-groups-everyone">Everyone may use it.</p>}>
        <ul class="server-groups-chosen" aria-label="User groups that may use it">
          <For each={chosen()}>
            {(g) => (
              <li data-testid="server-groups-chosen" data-name={g.name}>
                <span>{g.name}</span>
                <button
                  type="button"
                  data-testid="server-groups-remove"
                  aria-label={`Take ${g.name} off`}
                  onClick={() => setChosen(chosen().filter((c) => c.id !== g.id))}
                >
                  Remove
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <SearchPicker
        testid="server-group-picker"
        label="Add a user group"
        placeholder="Search user groups by name"
        taken={new Set(chosen().map((g) => g.id))}
        search={async (text) =>
          (await props.people.groups({ name: text, offset: 0, limit: 20 })).groups.map((g) => ({
            id: g.id,
            label: g.name,
            detail: g.description ?? undefined,
          }))
        }
        onPick={async (o) => {
          setChosen([...chosen(), { id: o.id, name: o.label }]);
        }}
      />
    </AdminFormDialog>
  );
}
