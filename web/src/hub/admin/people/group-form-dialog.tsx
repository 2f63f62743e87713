import { createSignal } from "solid-js";
import { AdminFormDialog } from "../../ui/admin-form-dialog";
import type { PeopleApi, UserGroup } from "./people-api";

/**
 * A user group's name and description: "New group" (no `group`) or "Rename" (the group's
 * current ones filled in). The Hub refuses a name another group has (409), said in the dialog.
 */
export function GroupFormDialog(props: {
  api: PeopleApi;
  group?: UserGroup;
  onSaved: (group: UserGroup) => void;
  onClose: () => void;
}) {
  const [name, setName] = createSignal(props.group?.name ?? "");
  const [description, setDescription] = createSignal(props.group?.description ?? "");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    const body = { name: name().trim(), description: description().trim() || null };
    try {
      const saved = props.group ? await props.api.updateGroup(props.group.id, body) : await props.api.createGroup(body);
      props.onSaved(saved);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <AdminFormDialog
      testid="group-form"
      title={props.group ? `Rename “${props.group.name}”` : "New user group"}
      submitLabel={props.group ? "Save" : "Create group"}
      busy={busy()}
      error={error()}
      incomplete={!name().trim()}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <label for="group-form-name">Name</label>
      <input
        id="group-form-name"
        data-testid="group-form-name"
        required
        maxLength={100}
        value={name()}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <label for="group-form-description">Description (optional)</label>
      <textarea
        id="group-form-description"
        data-testid="group-form-description"
        rows={2}
        maxLength={1000}
        value={description()}
        onInput={(e) => setDescription(e.currentTarget.value)}
      />
    </AdminFormDialog>
  );
}

/** "Delete the group?": its memberships and grant-group assignments go with it (the accounts stay). */
export function GroupDeleteDialog(props: {
  api: PeopleApi;
  group: UserGroup;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.api.deleteGroup(props.group.id);
      props.onDeleted();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <AdminFormDialog
      testid="group-delete-confirm"
      title={`Delete “${props.group.name}”?`}
      submitLabel="Delete group"
      danger
      busy={busy()}
      error={error()}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <p>
        Its members stay, but lose what the group gave them: the connections of its grant groups. This cannot be undone.
      </p>
    </AdminFormDialog>
  );
}
