import { createSignal, createUniqueId, Show } from "solid-js";

/**
 * A name and an optional description, to create or rename a named record (a grant group).
 * `onSubmit` does the work; a refusal of the Hub (a taken name: 409) is shown in the form.
 */
export function NamedForm(props: {
  testid: string;
  title: string;
  submitLabel: string;
  name?: string;
  description?: string | null;
  onSubmit: (value: { name: string; description: string | null }) => Promise<void>;
  onCancel: () => void;
}) {
  const id = createUniqueId();
  const [name, setName] = createSignal(props.name ?? "");
  const [description, setDescription] = createSignal(props.description ?? "");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!name().trim()) return setError("Give it a name.");
    setBusy(true);
    setError(undefined);
    try {
      await props.onSubmit({ name: name().trim(), description: description().trim() || null });
    } catch (err) {
      setError(`Not saved: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="access-form" data-testid={props.testid} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <div class="access-field">
        <label for={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          data-testid={`${props.testid}-name`}
          required
          maxLength={100}
          autocomplete="off"
          value={name()}
          onInput={(e) => setName(e.currentTarget.value)}
        />
      </div>
      <div class="access-field">
        <label for={`${id}-description`}>Description (optional)</label>
        <input
          id={`${id}-description`}
          data-testid={`${props.testid}-description`}
          maxLength={1000}
          value={description()}
          onInput={(e) => setDescription(e.currentTarget.value)}
        />
      </div>
      <Show when={error()}>
        <p class="hub-page-error" role="alert" data-testid={`${props.testid}-error`}>
          {error()}
        </p>
      </Show>
      <div class="access-actions">
        <button type="button" data-testid={`${props.testid}-cancel`} onClick={() => props.onCancel()}>
          Cancel
        </button>
        <button
          type="submit"
          class="primary"
          data-testid={`${props.testid}-submit`}
          disabled={busy()}
          aria-busy={busy()}
        >
          {busy() ? "Saving…" : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
