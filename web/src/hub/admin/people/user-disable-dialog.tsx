import { createSignal } from "solid-js";
import { AdminFormDialog } from "../../ui/admin-form-dialog";
import type { HubAccountRecord, PeopleApi } from "./people-api";

/** "Disable the account?": its sessions end now; it cannot sign in or run anything until enabled. */
export function UserDisableDialog(props: {
  api: PeopleApi;
  user: HubAccountRecord;
  onDone: (user: HubAccountRecord) => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      props.onDone(await props.api.updateUser(props.user.id, { disabled: true }));
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <AdminFormDialog
      testid="user-disable-confirm"
      title={`Disable “${props.user.username}”?`}
      submitLabel="Disable account"
      danger
      busy={busy()}
      error={error()}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <p>
        Every session of {props.user.username} ends now. Until the account is enabled again it cannot sign in, its
        schedules skip their runs, and no Server works for it. Its workflows, groups and grants stay.
      </p>
    </AdminFormDialog>
  );
}
