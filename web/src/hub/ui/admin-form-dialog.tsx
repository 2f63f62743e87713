import { type JSX, onMount, Show } from "solid-js";
import "./admin-form-dialog.css";

/**
 * A modal form of the admin pages (create an account, reset a password, revoke a Server…):
 * a <dialog> shown on mount, so the focus stays inside and Escape closes it. The caller
 * holds whether it is open (mount it when it is) and what the submit does; an error the Hub
 * answered is shown above the buttons, the dialog staying open with what was typed.
 */
export function AdminFormDialog(props: {
  testid: string;
  title: string;
  children: JSX.Element;
  /** The submit button's words ("Create", "Revoke"); absent: the dialog only informs (one "Close"). */
  submitLabel?: string;
  /** A destructive action: the submit button is drawn in the "bad" colour. */
  danger?: boolean;
  busy?: boolean;
  error?: string;
  /** Disables the submit button (a required field is empty). */
  incomplete?: boolean;
  onSubmit?: () => void;
  onClose: () => void;
}) {
  let dialog: HTMLDialogElement | undefined;
  onMount(() => dialog?.showModal());
  const titleId = `${props.testid}-title`;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!props.busy && !props.incomplete) props.onSubmit?.();
  };
  return (
    <dialog
      ref={dialog}
      class="admin-dialog"
      data-testid={props.testid}
      aria-labelledby={titleId}
      onClose={() => props.onClose()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <form onSubmit={submit}>
        <h2 id={titleId}>{props.title}</h2>
        {props.children}
        <Show when={props.error}>
          <p class="admin-dialog-error" role="alert" data-testid={`${props.testid}-error`}>
            {props.error}
          </p>
        </Show>
        <div class="admin-dialog-actions">
          <button type="button" data-testid={`${props.testid}-cancel`} onClick={() => dialog?.close()}>
            {props.submitLabel ? "Cancel" : "Close"}
          </button>
          <Show when={props.submitLabel}>
            <button
              type="submit"
              class={props.danger ? "danger" : "primary"}
              data-testid={`${props.testid}-submit`}
              disabled={props.busy || props.incomplete}
              aria-busy={props.busy}
            >
              {props.submitLabel}
            </button>
          </Show>
        </div>
      </form>
    </dialog>
  );
}
