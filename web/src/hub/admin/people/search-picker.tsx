import { createResource, createSignal, For, Show } from "solid-js";

/** One thing the picker offers: what to add, as a person reads it. */
export interface PickerOption {
  id: string;
  label: string;
  detail?: string;
}

/**
 * "Add a member" / "Assign a grant group": a search box over a Hub list (its `name` filter,
 * a few answers at a time, so 10,000 accounts stay a short list), the matches as buttons.
 * What is already there (`taken`) is left out. Choosing one calls `onPick`; the box empties.
 */
export function SearchPicker(props: {
  testid: string;
  label: string;
  placeholder: string;
  search: (text: string) => Promise<PickerOption[]>;
  taken: Set<string>;
  onPick: (option: PickerOption) => Promise<void>;
}) {
  const [text, setText] = createSignal("");
  const [open, setOpen] = createSignal(false);
  const [busy, setBusy] = createSignal(false);
  const [options] = createResource(
    () => (open() ? text().trim() : undefined),
    (query) => props.search(query),
  );
  const shown = () => (options.latest ?? []).filter((o) => !props.taken.has(o.id));
  let box: HTMLElement | undefined;
  let input: HTMLInputElement | undefined;
  const pick = async (option: PickerOption) => {
    setBusy(true);
    try {
      await props.onPick(option);
      setText("");
    } finally {
      setBusy(false);
      // The chosen button is gone: the search box takes the focus, to add another.
      setOpen(true);
      input?.focus();
    }
  };
  /** ArrowDown / ArrowUp move through the search box and the options. */
  const move = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    setOpen(true);
    const stops = [input, ...(box?.querySelectorAll<HTMLButtonElement>(".people-picker-options button") ?? [])];
    const at = stops.indexOf(document.activeElement as HTMLInputElement);
    const next = stops[Math.min(stops.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))];
    event.preventDefault();
    next?.focus();
  };
  return (
    <search
      class="people-picker"
      data-testid={props.testid}
      ref={box}
      onKeyDown={(e) => {
        if (e.key === "Enter" && e.target === input) {
          // In a form (a dialog), Enter in the search picks the first match instead of submitting.
          e.preventDefault();
          const first = shown()[0];
          if (first && !busy()) void pick(first);
        } else if (e.key === "Escape") {
          // Not the search box's own Escape, which would empty it (and open the list again).
          e.preventDefault();
          setOpen(false);
          input?.focus();
        } else move(e);
      }}
      onFocusOut={(e) => {
        if (!box?.contains(e.relatedTarget as Node | null) && !busy()) setOpen(false);
      }}
    >
      <label for={`${props.testid}-search`}>{props.label}</label>
      <input
        id={`${props.testid}-search`}
        type="search"
        data-testid={`${props.testid}-search`}
        placeholder={props.placeholder}
        autocomplete="off"
        ref={input}
        value={text()}
        onClick={() => setOpen(true)}
        onInput={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
        }}
      />
      <Show when={open()}>
        <ul class="people-picker-options" aria-label={props.label} aria-busy={options.loading || busy()}>
          <Show when={options.error}>
            <li class="people-muted" role="alert">
              The Hub did not answer: {(options.error as Error).message}
            </li>
          </Show>
          <Show when={!options.loading && !options.error && shown().length === 0}>
            <li class="people-muted" data-testid={`${props.testid}-none`}>
              {text().trim() ? `Nothing to add matches “${text().trim()}”.` : "Nothing left to add."}
            </li>
          </Show>
          <For each={shown()}>
            {(option) => (
              <li>
                <button
                  type="button"
                  data-testid={`${props.testid}-option`}
                  data-id={option.id}
                  disabled={busy()}
                  onClick={() => void pick(option)}
                >
                  <span>{option.label}</span>
                  <Show when={option.detail}>
                    <span class="people-muted">{option.detail}</span>
                  </Show>
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </search>
  );
}
