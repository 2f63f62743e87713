import type { Editor } from "../state/editor";

/** What the canvas's keys act on besides the editor. */
export interface ShortcutTarget {
  editor: Editor;
  fit(): void;
  zoomBy(factor: number): void;
  zoomReset(): void;
  panBy(dx: number, dy: number): void;
  /** Escape: abandons a wire or a drag in progress; answers whether there was one. */
  abandon(): boolean;
  copyKey(cut: boolean): void;
  pasteKey(): void;
  duplicate(): void;
  afterDelete(): void;
}

/** The keys of the canvas, for the help list (shown by the canvas's "Keys" button). */
export const SHORTCUTS: readonly [string, string][] = [
  ["Drag empty space / Space+drag / middle button", "Pan"],
  ["Wheel, + / −, 1", "Zoom, zoom to 100 %"],
  ["F or 0", "Fit to view"],
  ["Click, Shift/Ctrl+click", "Select, add to selection"],
  ["Shift+drag empty space", "Add the tools in a box to the selection"],
  ["Tab, Enter", "Reach a tool, select it (then Tab to its sockets)"],
  ["Ctrl+A, Escape", "Select all, clear"],
  ["Arrows (Shift: 1 px)", "Nudge the selection (with none: pan)"],
  ["Delete / Backspace", "Delete the selection or wire"],
  ["Ctrl+C / X / V, Ctrl+D", "Copy, cut, paste, duplicate"],
  ["Ctrl+Z, Ctrl+Y", "Undo, redo"],
  ["Drag from a socket, or Enter on two sockets", "Wire"],
  ["Click a wire, or Tab to it and Enter", "Select a wire (Delete removes it)"],
];

/** Handles one key on the canvas; answers whether it was used (then the default is prevented). */
export function handleCanvasKey(event: KeyboardEvent, t: ShortcutTarget): boolean {
  const { editor } = t;
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key;
  const lower = key.toLowerCase();
  if (mod && !event.altKey) {
    if (lower === "a") {
      editor.select(editor.state.doc.tools.map((tool) => tool.id));
      return true;
    }
    // Copy, cut and paste keep their default so the browser fires its clipboard events.
    if (lower === "c" || lower === "x") t.copyKey(lower === "x");
    if (lower === "v") t.pasteKey();
    if (lower === "d") {
      t.duplicate();
      return true;
    }
    return false;
  }
  if (event.altKey) return false;
  switch (key) {
    case "Delete":
    case "Backspace":
      // The selection, always (the focus follows it: canvas.tsx), never a tool only focused.
      editor.deleteSelection();
      t.afterDelete();
      return true;
    case "Escape":
      if (!t.abandon()) editor.select([]);
      return true;
    case "f":
    case "F":
    case "0":
      t.fit();
      return true;
    case "+":
    case "=":
      t.zoomBy(1.2);
      return true;
    case "-":
    case "_":
      t.zoomBy(1 / 1.2);
      return true;
    case "1":
      t.zoomReset();
      return true;
    case "ArrowLeft":
    case "ArrowRight":
    case "ArrowUp":
    case "ArrowDown":
      nudge(event, t);
      return true;
  }
  return false;
}

function nudge(event: KeyboardEvent, t: ShortcutTarget) {
  const step = event.shiftKey ? 1 : 10;
  const dx = event.key === "ArrowLeft" ? -step : event.key === "ArrowRight" ? step : 0;
  const dy = event.key === "ArrowUp" ? -step : event.key === "ArrowDown" ? step : 0;
  const selection = t.editor.state.selection;
  // Repeated nudges are one undo step, until something else changes.
  if (selection.length > 0) t.editor.moveTools([...selection], dx, dy, "nudge");
  else t.panBy(-dx * 4, -dy * 4);
}
