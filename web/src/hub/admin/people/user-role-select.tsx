import { createSignal, For, Show } from "solid-js";
import type { Role } from "../../../../../src/shared/roles";
import type { HubAccountRecord, PeopleApi } from "./people-api";
import { ROLE_LABELS } from "./role-choices";

/**
 * An account's role, changeable in its row: the options are the account's role and the roles
 * the signed-in person may grant (role-choices.ts). Choosing one is not yet a change: an
 * arrow key moves a closed <select> through its options, so the change waits for "Change"
 * (or goes back with "Keep"). A refusal keeps the old role and says why (onError).
 */
export function UserRoleSelect(props: {
  api: PeopleApi;
  user: HubAccountRecord;
  grantable: Role[];
  onChanged: (user: HubAccountRecord) => void;
  onError: (message: string) => void;
}) {
  const [chosen, setChosen] = createSignal<Role>(props.user.role);
  const [busy, setBusy] = createSignal(false);
  const options = () => [props.user.role, ...props.grantable.filter((r) => r !== props.user.role)];
  const pending = () => chosen() !== props.user.role;
  const apply = async () => {
    setBusy(true);
    try {
      props.onChanged(await props.api.updateUser(props.user.id, { role: chosen() }));
    } catch (err) {
      setChosen(props.user.role);
      props.onError(
        `The role of ${props.user.username} stays ${ROLE_LABELS[props.user.role]}: ${(err as Error).message}`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="people-role-edit">
      <select
        class="people-role-select"
        data-testid="user-role-select"
        aria-label={`Role of ${props.user.username}`}
        disabled={busy()}
        value={chosen()}
        onChange={(e) => setChosen(e.currentTarget.value as Role)}
      >
        <For each={options()}>{(r) => <option value={r}>{ROLE_LABELS[r]}</option>}</For>
      </select>
      <Show when={pending()}>
        <button
          type="button"
          class="people-primary"
          data-testid="user-role-apply"
          disabled={busy()}
          aria-busy={busy()}
          onClick={() => void apply()}
        >
          Change
        </button>
        <button type="button" data-testid="user-role-keep" disabled={busy()} onClick={() => setChosen(props.user.role)}>
          Keep {ROLE_LABELS[props.user.role]}
        </button>
      </Show>
    </span>
  );
}
