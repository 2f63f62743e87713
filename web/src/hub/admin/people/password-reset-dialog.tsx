import { createSignal, Show } from "solid-js";
import { AdminFormDialog } from "../../ui/admin-form-dialog";
import { AdminSecret } from "../../ui/admin-secret";
import type { HubAccountRecord, PeopleApi } from "./people-api";
import { temporaryPassword } from "./temporary-password";

/**
 * Reset an account's password (the Hub's `PATCH /users/{id}` with a password): the Hub sets
 * the password it is given and ends the account's sessions. The dialog makes up a temporary
 * one, and shows it once after the Hub took it, to hand to the person.
 */
export function PasswordResetDialog(props: { api: PeopleApi; user: HubAccountRecord; onClose: () => void }) {
  const [password] = createSignal(temporaryPassword());
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const [done, setDone] = createSignal(false);
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.api.updateUser(props.user.id, { password: password() });
      setDone(true);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Show
      when={done()}
      fallback={
        <AdminFormDialog
          testid="password-reset"
          title={`Reset the password of “${props.user.username}”`}
          submitLabel="Reset password"
          danger
          busy={busy()}
          error={error()}
          onSubmit={() => void submit()}
          onClose={props.onClose}
        >
          <p>
            {props.user.username} gets a new temporary password, and every session of the account ends: they sign in
            again with the new password.
          </p>
        </AdminFormDialog>
      }
    >
      <AdminFormDialog testid="password-reset-done" title="Password reset" onClose={props.onClose}>
        <p>
          The temporary password of {props.user.username}, shown this once (the Hub keeps only a hash of it). Hand it
          over:
        </p>
        <AdminSecret testid="password-reset-password" value={password()} label="Temporary password" />
      </AdminFormDialog>
    </Show>
  );
}
