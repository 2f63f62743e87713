import { createSignal, createUniqueId, For, type JSX, onCleanup, onMount, Show } from "solid-js";
import "./menu-button.css";

/** One choice of a MenuButton. */
export interface MenuItem {
  label: string;
  testid: string;
  /** Shown at the right and announced as the item's shortcut (`Ctrl+Shift+S`). */
  shortcut?: string;
  title?: string;
  onSelect: () => void;
}

/**
 * A button that opens a short menu below it (the WAI-ARIA menu button pattern): Enter, Space
 * or ↓ open it on the first item, ↑ on the last; ↑ ↓ Home End move; Enter chooses; Escape
 * closes and gives the focus back to the button; a click elsewhere or Tab closes it.
 */
export function MenuButton(props: {
  /** The button's text (an icon needs `ariaLabel`). */
  label: JSX.Element;
  ariaLabel?: string;
  testid: string;
  title?: string;
  class?: string;
  disabled?: boolean;
  items: MenuItem[];
}) {
  const [open, setOpen] = createSignal(false);
  const id = createUniqueId();
  let root: HTMLDivElement | undefined;
  let button: HTMLButtonElement | undefined;
  let menu: HTMLDivElement | undefined;
  const entries = () => [...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  const show = (at: "first" | "last") => {
    setOpen(true);
    queueMicrotask(() => {
      const list = entries();
      (at === "first" ? list[0] : list[list.length - 1])?.focus();
    });
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button?.focus();
  };
  const choose = (item: MenuItem) => {
    // The focus goes back first, so a dialog the item opens returns it to the button.
    close(true);
    item.onSelect();
  };

  const onOutside = (event: PointerEvent) => {
    if (open() && !root?.contains(event.target as Node)) close(false);
  };
  onMount(() => document.addEventListener("pointerdown", onOutside));
  onCleanup(() => document.removeEventListener("pointerdown", onOutside));

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(event.key === "ArrowDown" ? "first" : "last");
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") {
      close(false);
      return; // the focus moves on as usual
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div class={`menu-button ${props.class ?? ""}`} ref={root}>
      <button
        type="button"
        ref={button}
        data-testid={props.testid}
        aria-label={props.ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open()}
        aria-controls={open() ? id : undefined}
        title={props.title}
        disabled={props.disabled}
        id={`${id}-button`}
        onClick={() => (open() ? close(false) : show("first"))}
        onKeyDown={onButtonKey}
      >
        {props.label}
      </button>
      <Show when={open()}>
        <div class="menu-list" role="menu" id={id} ref={menu} aria-labelledby={`${id}-button`} onKeyDown={onMenuKey}>
          <For each={props.items}>
            {(item) => (
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                data-testid={item.testid}
                title={item.title}
                aria-keyshortcuts={item.shortcut?.replaceAll("Ctrl", "Control")}
                onClick={() => choose(item)}
              >
                <span>{item.label}</span>
                <Show when={item.shortcut}>
                  <span class="menu-shortcut" aria-hidden="true">
                    {item.shortcut}
                  </span>
                </Show>
              </button>
            )}
          </For>
        </div>
      </Show>
    </div>
  );
}
