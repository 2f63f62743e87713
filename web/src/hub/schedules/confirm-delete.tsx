import { createSignal, onMount, Show } from "solid-js";

/**
 * Asks before a schedule is deleted (a modal <dialog>; Escape or Cancel keeps it). The focus
 * starts on Cancel, so Enter alone never deletes.
 */
export function ConfirmDelete(props: { title: string; onDelete: () => Promise<void>; onClose: () => void }) {
  let dialog: HTMLDialogElement | undefined;
  let cancel: HTMLButtonElement | undefined;
  const [busy, setBusy] = createSignal(false);
  const [failed, setFailed] = createSignal<string>();
  onMount(() => {
    dialog?.showModal();
    cancel?.focus();
  });
  const remove = async () => {
    setBusy(true);
    setFailed(undefined);
    try {
      await props.onDelete();
      dialog?.close();
    } catch (err) {
      setFailed(`The Hub did not delete it: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={dialog}
      class="schedule-form schedule-confirm"
      data-testid="schedule-delete-dialog"
      aria-labelledby="schedule-delete-title"
      onClose={() => props.onClose()}
    >
      <h2 id="schedule-delete-title">Delete “{props.title}”?</h2>
      <p>It will not run again. Its past runs stay in Executions.</p>
      <Show when={failed()}>
        <p class="cron-problem" role="alert">
          {failed()}
        </p>
      </Show>
      <div class="schedule-form-actions">
        <button type="button" ref={cancel} data-testid="schedule-delete-cancel" onClick={() => dialog?.close()}>
          Cancel
        </button>
        <button
          type="button"
          class="danger"
          data-testid="schedule-delete-confirm"
          disabled={busy()}
          onClick={() => void remove()}
        >
          Delete schedule
        </button>
      </div>
    </dialog>
  );
}
