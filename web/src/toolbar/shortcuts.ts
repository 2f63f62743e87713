import { onCleanup, onMount } from "solid-js";

export interface ToolbarShortcuts {
  save(): void;
  saveAs(): void;
  open(): void;
  run(): void;
}

/**
 * Ctrl+S saves, Ctrl+Shift+S saves as, Ctrl+O opens from the Server, Ctrl+Enter runs (⌘ on
 * a Mac), also while typing in a field:
 * the browser's own Save and Open are never what is meant here. A key a field already
 * handled (defaultPrevented) is left alone.
 */
export function useToolbarShortcuts(actions: ToolbarShortcuts): void {
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "s") (event.shiftKey ? actions.saveAs : actions.save)();
    else if (key === "o" && !event.shiftKey) actions.open();
    else if (key === "enter") actions.run();
    else return;
    event.preventDefault();
  };
  onMount(() => window.addEventListener("keydown", onKey));
  onCleanup(() => window.removeEventListener("keydown", onKey));
}
