import { createSignal } from "solid-js";
import { AdminFormDialog } from "../../ui/admin-form-dialog";
import type { HubServer, ServersApi } from "./servers-api";

/**
 * The two confirmations of the Servers page. "Revoke": the Server's token is refused from then
 * on and it is never picked for a run again. "Remove" (a revoked Server): its record goes, so
 * the name may register again.
 */
export function ServerConfirmDialog(props: {
  api: ServersApi;
  server: HubServer;
  action: "revoke" | "remove";
  onDone: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const revoke = () => props.action === "revoke";
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if (revoke()) await props.api.revoke(props.server.id);
      else await props.api.remove(props.server.id);
      props.onDone();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <AdminFormDialog
      testid={`server-${props.action}-confirm`}
      title={`${revoke() ? "Revoke" : "Remove"} “${props.server.name}”?`}
      submitLabel={revoke() ? "Revoke Server" : "Remove Server"}
      danger
      busy={busy()}
      error={error()}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <p>
        {revoke()
          ? "The Hub refuses the Server's token from now on: it is no longer polled, runs no more workflows, and cannot register again under its name until an administrator removes it. This cannot be undone."
          : "The revoked Server's record goes, with its list of user groups. A Server of this name may then register again, with a new token."}
      </p>
    </AdminFormDialog>
  );
}
