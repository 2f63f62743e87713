import { createEffect, createSignal, Show } from "solid-js";
import { FilePicker, type PickerMode } from "./file-picker";
import { Field, TextInput } from "./inputs";

/**
 * A file path: typed directly, or chosen with the file dialog ("Browse…"). Typing is one
 * undo step per field (gesture); a choice from the dialog is its own step.
 */
export function PathField(props: {
  id: string;
  label: string;
  mode: PickerMode;
  value: string;
  onInput: (path: string) => void;
  onChoose: (path: string) => void;
  extensions?: readonly string[];
  testid?: string;
  error?: string;
  hint?: string;
}) {
  const [picking, setPicking] = createSignal(false);
  let input: HTMLDivElement | undefined;
  // A long path shows its end (the file's name) while the field is not being edited.
  createEffect(() => {
    props.value;
    const el = input?.querySelector("input");
    if (el && document.activeElement !== el) queueMicrotask(() => (el.scrollLeft = el.scrollWidth));
  });
  return (
    <Field label={props.label} for={props.id} error={props.error} hint={props.hint}>
      <div class="cfg-path" ref={input}>
        <TextInput
          id={props.id}
          testid={props.testid}
          mono
          placeholder={props.mode === "open" ? "/path/to/data.csv" : "/path/to/result.parquet"}
          value={props.value}
          error={props.error}
          onInput={props.onInput}
        />
        <button
          type="button"
          class="cfg-button"
          data-testid={props.testid ? `${props.testid}-browse` : undefined}
          aria-haspopup="dialog"
          onClick={() => setPicking(true)}
        >
          Browse…
        </button>
      </div>
      <Show when={picking()}>
        <FilePicker
          mode={props.mode}
          initial={props.value}
          extensions={props.extensions}
          onChoose={props.onChoose}
          onClose={() => setPicking(false)}
        />
      </Show>
    </Field>
  );
}
