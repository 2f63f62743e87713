import { createSignal, Show } from "solid-js";
import { AdminFormDialog } from "../../ui/admin-form-dialog";
import { AdminSecret } from "../../ui/admin-secret";
import type { ServerCreated, ServersApi } from "./servers-api";

/**
 * "Add a Server" by hand (`POST /servers`): a name and the Server's base URL. The Hub answers
 * the Server's auth_token this once (it keeps only its hash): the dialog then shows it, to be
 * copied into the Server's settings.
 */
export function ServerAddDialog(props: { api: ServersApi; onAdded: () => void; onClose: () => void }) {
  const [name, setName] = createSignal("");
  const [endpoint, setEndpoint] = createSignal("");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const [added, setAdded] = createSignal<ServerCreated>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setAdded(await props.api.create({ name: name().trim(), endpoint: endpoint().trim() }));
      props.onAdded();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Show
      when={added()}
      fallback={
        <AdminFormDialog
          testid="server-add"
          title="Add a Server"
          submitLabel="Add Server"
          busy={busy()}
          error={error()}
          incomplete={!name().trim() || !endpoint().trim()}
          onSubmit={() => void submit()}
          onClose={props.onClose}
        >
          <p class="admin-dialog-note">
            Servers started with the Hub's registration secret register themselves. Add one here when it has no secret:
            the Hub answers its token once.
          </p>
          <label for="server-add-name">Name</label>
          <input
            id="server-add-name"
            data-testid="server-add-name"
            required
            maxLength={200}
            placeholder="analytics-1"
            value={name()}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <label for="server-add-endpoint">Address (its base URL)</label>
          <input
            id="server-add-endpoint"
            data-testid="server-add-endpoint"
            type="url"
            required
            placeholder="http://10.0.0.5:25811"
            value={endpoint()}
            onInput={(e) => setEndpoint(e.currentTarget.value)}
          />
        </AdminFormDialog>
      }
    >
      {(server) => (
        <AdminFormDialog testid="server-added" title={`Server “${server().name}” added`} onClose={props.onClose}>
          <p>
            Its token, shown this once (the Hub keeps only a hash of it). Give it to the Server as its Hub token; it is
            polled at {server().endpoint}.
          </p>
          <AdminSecret testid="server-added-token" value={server().auth_token} label="The Server's token" />
        </AdminFormDialog>
      )}
    </Show>
  );
}
