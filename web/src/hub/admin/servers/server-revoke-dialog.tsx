import { createSignal } from "solid-js";
import { AdminFormDialog } from "../../ui/admin-form-dialog";
import type { HubServer, ServersApi } from "./servers-api";

/** "Revoke the Server?": its token is refused from then on, and it is never picked for a run again. */
export function ServerRevokeDialog(props: {
  api: ServersApi;
  server: HubServer;
  onRevoked: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.api.revoke(props.server.id);
      props.onRevoked();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <AdminFormDialog
      testid="server-revoke-confirm"
      title={`Revoke “${props.server.name}”?`}
      submitLabel="Revoke Server"
      danger
      busy={busy()}
      error={error()}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <p>
        The Hub refuses the Server's token from now on: it is no longer polled, runs no more workflows, and cannot
        register again under its name until an administrator removes it. This cannot be undone.
      </p>
    </AdminFormDialog>
  );
}
