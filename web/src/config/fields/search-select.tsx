import { createMemo, createSignal, For, Show } from "solid-js";
import "./search-select.css";

export interface SearchOption {
  value: string;
  label: string;
  group?: string;
  /** A second line (a signature, a description). */
  detail?: string;
}

/**
 * A select with a search box, for long lists (the Formula catalogue): a button shows the
 * choice; opening it gives a filter field and the matching options, grouped. Arrows move,
 * Enter picks, Escape closes and gives focus back to the button.
 */
export function SearchSelect(props: {
  id: string;
  value: string | undefined;
  options: readonly SearchOption[];
  onChange: (value: string) => void;
  ariaLabel: string;
  testid?: string;
  placeholder?: string;
  invalid?: boolean;
}) {
  let button: HTMLButtonElement | undefined;
  let search: HTMLInputElement | undefined;
  const [open, setOpen] = createSignal(false);
  const [query, setQuery] = createSignal("");
  const [active, setActive] = createSignal(0);
  const listId = `${props.id}-options`;

  const matches = createMemo(() => {
    const q = query().trim().toLowerCase();
    if (!q) return props.options;
    return props.options.filter((o) =>
      [o.label, o.value, o.group ?? "", o.detail ?? ""].some((t) => t.toLowerCase().includes(q)),
    );
  });
  const current = () => props.options.find((o) => o.value === props.value);

  function show() {
    setQuery("");
    setOpen(true);
    const at = props.options.findIndex((o) => o.value === props.value);
    setActive(Math.max(0, at));
    queueMicrotask(() => {
      search?.focus();
      document.getElementById(`${listId}-${active()}`)?.scrollIntoView({ block: "nearest" });
    });
  }

  function hide(refocus = true) {
    setOpen(false);
    if (refocus) button?.focus();
  }

  function pick(option: SearchOption | undefined) {
    if (option) props.onChange(option.value);
    hide();
  }

  function onKeyDown(event: KeyboardEvent) {
    const count = matches().length;
    if (event.key === "ArrowDown") setActive((i) => Math.min(count - 1, i + 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(0, i - 1));
    else if (event.key === "Enter") pick(matches()[active()]);
    else if (event.key === "Escape") hide();
    else return;
    event.preventDefault();
    event.stopPropagation();
    document.getElementById(`${listId}-${active()}`)?.scrollIntoView({ block: "nearest" });
  }

  return (
    <div
      class="ss"
      onFocusOut={(e) => {
        const next = e.relatedTarget as Node | null;
        if (open() && !(next && e.currentTarget.contains(next))) hide(false);
      }}
    >
      <button
        ref={button}
        type="button"
        id={props.id}
        class="cfg-input ss-button"
        classList={{ invalid: !!props.invalid }}
        aria-haspopup="listbox"
        aria-expanded={open()}
        aria-label={`${props.ariaLabel}: ${current()?.label ?? "none"}`}
        data-testid={props.testid}
        onClick={() => (open() ? hide() : show())}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open()) {
            e.preventDefault();
            show();
          }
        }}
      >
        <span>{current()?.label ?? props.value ?? props.placeholder ?? "Choose…"}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <Show when={open()}>
        <div class="ss-pop">
          <input
            ref={search}
            type="search"
            class="cfg-input"
            placeholder="Search…"
            aria-label={`Search ${props.ariaLabel}`}
            aria-controls={listId}
            aria-activedescendant={matches().length > 0 ? `${listId}-${active()}` : undefined}
            data-testid={props.testid ? `${props.testid}-search` : undefined}
            value={query()}
            onInput={(e) => {
              setQuery(e.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div class="ss-list" id={listId} role="listbox" aria-label={props.ariaLabel}>
            <For each={matches()} fallback={<div class="ss-none muted">Nothing matches.</div>}>
              {(option, i) => (
                <>
                  <Show when={option.group && option.group !== matches()[i() - 1]?.group}>
                    <div class="ss-group" role="presentation">
                      {option.group}
                    </div>
                  </Show>
                  <div
                    id={`${listId}-${i()}`}
                    role="option"
                    tabIndex={-1}
                    aria-selected={option.value === props.value}
                    classList={{ active: i() === active(), chosen: option.value === props.value }}
                    data-testid={`option-${option.value}`}
                    onMouseDown={(e) => {
                      e.preventDefault();
                      pick(option);
                    }}
                    onMouseEnter={() => setActive(i())}
                  >
                    <span class="ss-label">{option.label}</span>
                    <Show when={option.detail}>
                      <span class="ss-detail">{option.detail}</span>
                    </Show>
                  </div>
                </>
              )}
            </For>
          </div>
        </div>
      </Show>
    </div>
  );
}
