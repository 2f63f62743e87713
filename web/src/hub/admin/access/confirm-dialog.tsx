import { createSignal, type JSX, onMount, Show } from "solid-js";

/**
 * A modal question before something that cannot be undone (a delete): Escape or Cancel
 * closes it, the focus stays inside, and a refusal of the Hub is shown in it, not lost.
 */
export function ConfirmDialog(props: {
  testid: string;
  title: string;
  children: JSX.Element;
  confirmLabel: string;
  /** Does the thing; a throw is shown in the dialog (which stays open). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  let dialog: HTMLDialogElement | undefined;
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  onMount(() => dialog?.showModal());
  const confirm = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await props.onConfirm();
      dialog?.close();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={dialog}
      class="access-dialog"
      data-testid={props.testid}
      aria-labelledby={`${props.testid}-title`}
      onClose={() => props.onClose()}
    >
      <form onSubmit={confirm}>
        <h2 id={`${props.testid}-title`}>{props.title}</h2>
        <div class="access-dialog-body">{props.children}</div>
        <Show when={error()}>
          <p class="hub-page-error" role="alert" data-testid={`${props.testid}-error`}>
            {error()}
          </p>
        </Show>
        <div class="access-actions">
          <button type="button" data-testid={`${props.testid}-cancel`} onClick={() => dialog?.close()}>
            Cancel
          </button>
          <button
            type="submit"
            class="danger"
            data-testid={`${props.testid}-confirm`}
            disabled={busy()}
            aria-busy={busy()}
          >
            {busy() ? "Working…" : props.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
