import { createSignal, For } from "solid-js";
import type { Role } from "../../../../../src/shared/roles";
import type { HubAccountRecord, PeopleApi } from "./people-api";
import { ROLE_LABELS } from "./role-choices";

/**
 * An account's role, changeable in its row: the options are the account's role and the roles
 * the signed-in person may grant (role-choices.ts). The change is sent at once; a refusal
 * puts the old role back and says why (onError).
 */
export function UserRoleSelect(props: {
  api: PeopleApi;
  user: HubAccountRecord;
  grantable: Role[];
  onChanged: (user: HubAccountRecord) => void;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = createSignal(false);
  const options = () => [props.user.role, ...props.grantable.filter((r) => r !== props.user.role)];
  const change = async (select: HTMLSelectElement) => {
    const role = select.value as Role;
    if (role === props.user.role) return;
    setBusy(true);
    try {
      props.onChanged(await props.api.updateUser(props.user.id, { role }));
    } catch (err) {
      select.value = props.user.role;
      props.onError(
        `The role of ${props.user.username} stays ${ROLE_LABELS[props.user.role]}: ${(err as Error).message}`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <select
      class="people-role-select"
      data-testid="user-role-select"
      aria-label={`Role of ${props.user.username}`}
      disabled={busy()}
      value={props.user.role}
      onChange={(e) => void change(e.currentTarget)}
    >
      <For each={options()}>{(r) => <option value={r}>{ROLE_LABELS[r]}</option>}</For>
    </select>
  );
}
