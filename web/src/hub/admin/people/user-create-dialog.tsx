import { createSignal, For, Show } from "solid-js";
import type { Role } from "../../../../../src/shared/roles";
import { AdminFormDialog } from "../../ui/admin-form-dialog";
import { AdminSecret } from "../../ui/admin-secret";
import type { HubAccountRecord, PeopleApi } from "./people-api";
import { ROLE_LABELS } from "./role-choices";
import { temporaryPassword } from "./temporary-password";

/**
 * "New account": a username, an optional email, a role among those the signed-in person may
 * grant (the caller passes them: role-choices.ts), and a first password the dialog makes up.
 * After the Hub creates the account the dialog shows that password once, to hand over.
 */
export function UserCreateDialog(props: {
  api: PeopleApi;
  roles: Role[];
  onCreated: (user: HubAccountRecord) => void;
  onClose: () => void;
}) {
  const [username, setUsername] = createSignal("");
  const [email, setEmail] = createSignal("");
  const [role, setRole] = createSignal<Role>(props.roles.includes("user") ? "user" : (props.roles[0] as Role));
  const [password] = createSignal(temporaryPassword());
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const [created, setCreated] = createSignal<HubAccountRecord>();

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const user = await props.api.createUser({
        username: username().trim(),
        email: email().trim() || null,
        role: role(),
        password: password(),
      });
      setCreated(user);
      props.onCreated(user);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Show
      when={created()}
      fallback={
        <AdminFormDialog
          testid="user-create"
          title="New account"
          submitLabel="Create account"
          busy={busy()}
          error={error()}
          incomplete={!username().trim()}
          onSubmit={() => void submit()}
          onClose={props.onClose}
        >
          <label for="user-create-username">Username</label>
          <input
            id="user-create-username"
            data-testid="user-create-username"
            required
            maxLength={64}
            autocomplete="off"
            value={username()}
            onInput={(e) => setUsername(e.currentTarget.value)}
          />
          <label for="user-create-email">Email (optional)</label>
          <input
            id="user-create-email"
            data-testid="user-create-email"
            type="email"
            maxLength={254}
            value={email()}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
          <label for="user-create-role">Role</label>
          <select
            id="user-create-role"
            data-testid="user-create-role"
            value={role()}
            onChange={(e) => setRole(e.currentTarget.value as Role)}
          >
            <For each={props.roles}>{(r) => <option value={r}>{ROLE_LABELS[r]}</option>}</For>
          </select>
          <p class="admin-dialog-note">
            The account gets a first password, shown once after it is created: hand it to the person, who signs in with
            it.
          </p>
        </AdminFormDialog>
      }
    >
      {(user) => (
        <AdminFormDialog testid="user-created" title={`Account “${user().username}” created`} onClose={props.onClose}>
          <p>
            Its first password, shown this once (the Hub keeps only a hash of it). Hand it to {user().username}, who
            signs in with it:
          </p>
          <AdminSecret testid="user-created-password" value={password()} label="First password" />
        </AdminFormDialog>
      )}
    </Show>
  );
}
