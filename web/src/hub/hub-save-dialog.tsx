import { createSignal, onMount, Show } from "solid-js";
import type { HubSave } from "./hub-save";
import "./hub-save-dialog.css";

/**
 * The dialog of a save to the Hub: a message for a new revision ("what changed", optional),
 * or a name for a new workflow. A modal <dialog>: the focus is kept inside, Escape closes.
 */
export function HubSaveDialog(props: {
  save: HubSave;
  kind: "revision" | "new";
  /** The Hub workflow's name (revision), or the name a new one starts with. */
  name: string;
  revision?: number;
}) {
  let dialog: HTMLDialogElement | undefined;
  const [text, setText] = createSignal(props.kind === "new" ? props.name : "");
  onMount(() => dialog?.showModal());
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (props.kind === "new") void props.save.createWorkflow(text());
    else void props.save.saveRevision(text());
  };
  return (
    <dialog
      ref={dialog}
      class="hub-save"
      data-testid="hub-save-dialog"
      aria-labelledby="hub-save-title"
      onClose={() => props.save.closeDialog()}
      // The designer's shortcuts stay out of the dialog.
      onKeyDown={(e) => e.stopPropagation()}
    >
      <form onSubmit={submit}>
        <h2 id="hub-save-title">
          {props.kind === "new" ? "Save as a new workflow on the Hub" : `Save “${props.name}” on the Hub`}
        </h2>
        <Show
          when={props.kind === "new"}
          fallback={
            <>
              <p class="hub-save-note">
                A new revision follows revision {props.revision}. Nothing is stored when nothing changed.
              </p>
              <label for="hub-save-message">What changed (optional)</label>
              <textarea
                id="hub-save-message"
                data-testid="hub-save-message"
                rows={3}
                maxLength={1000}
                value={text()}
                onInput={(e) => setText(e.currentTarget.value)}
              />
            </>
          }
        >
          <label for="hub-save-name">Name</label>
          <input
            id="hub-save-name"
            data-testid="hub-save-name"
            required
            maxLength={200}
            value={text()}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </Show>
        <div class="hub-save-actions">
          <button type="button" data-testid="hub-save-cancel" onClick={() => dialog?.close()}>
            Cancel
          </button>
          <button
            type="submit"
            class="primary"
            data-testid="hub-save-submit"
            disabled={props.save.saving() || (props.kind === "new" && !text().trim())}
            aria-busy={props.save.saving()}
          >
            {props.save.saving() ? "Saving…" : "Save"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
