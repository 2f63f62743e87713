import type { Editor } from "../state/editor";

const PASTE_STEP = 32;

/**
 * Copy, cut and paste of tools. The system clipboard is used through the clipboard events
 * (`copy`/`cut`/`paste`, which need no permission), so tools travel between tabs as JSON;
 * when the browser fires no such event (or the page has no focus), an in-memory clipboard
 * stands in. Pasting the same tools again steps each copy further down and right.
 */
export function createToolClipboard(editor: Editor, isActive: (target: EventTarget | null) => boolean) {
  let memory = "";
  let copiedByEvent = false;
  let pastedByEvent = false;
  let lastPasted = "";
  let repeats = 0;

  const selectionText = () => (editor.state.selection.length > 0 ? editor.copy(editor.state.selection) : "");

  const paste = (text: string) => {
    repeats = text === lastPasted ? repeats + 1 : 1;
    lastPasted = text;
    const step = PASTE_STEP * repeats;
    return editor.paste(text, { x: step, y: step });
  };

  const onCopy = (event: ClipboardEvent, cut: boolean) => {
    if (!isActive(event.target) || hasTextSelection()) return;
    const text = selectionText();
    if (!text || !event.clipboardData) return;
    event.clipboardData.setData("text/plain", text);
    event.preventDefault();
    memory = text;
    lastPasted = "";
    copiedByEvent = true;
    if (cut) editor.deleteSelection();
  };
  const onPaste = (event: ClipboardEvent) => {
    if (!isActive(event.target)) return;
    pastedByEvent = true;
    const text = event.clipboardData?.getData("text/plain") ?? "";
    if (isToolsClip(text)) {
      event.preventDefault();
      paste(text);
    }
  };
  // Chrome fires copy/paste on a non-editable focus only when these are cancelled.
  const enable = (event: Event) => {
    if (isActive(event.target)) event.preventDefault();
  };

  const listeners: [string, (event: Event) => void][] = [
    ["copy", (e) => onCopy(e as ClipboardEvent, false)],
    ["cut", (e) => onCopy(e as ClipboardEvent, true)],
    ["paste", (e) => onPaste(e as ClipboardEvent)],
    ["beforecopy", enable],
    ["beforecut", enable],
    ["beforepaste", enable],
  ];

  return {
    attach() {
      for (const [name, fn] of listeners) document.addEventListener(name, fn);
      return () => {
        for (const [name, fn] of listeners) document.removeEventListener(name, fn);
      };
    },
    /** Ctrl+C / Ctrl+X pressed: if no clipboard event follows, keep the tools in memory. */
    copyKey(cut: boolean) {
      copiedByEvent = false;
      const text = selectionText();
      if (!text) return;
      setTimeout(() => {
        if (copiedByEvent) return;
        memory = text;
        lastPasted = "";
        navigator.clipboard?.writeText(text).catch(() => undefined);
        if (cut) editor.deleteSelection();
      });
    },
    /** Ctrl+V pressed: if no paste event follows, paste what memory holds. */
    pasteKey() {
      pastedByEvent = false;
      setTimeout(() => {
        if (!pastedByEvent && memory) paste(memory);
      });
    },
    /** Duplicates the selection (Ctrl+D) without touching the clipboard. */
    duplicate() {
      const text = selectionText();
      if (text) paste(text);
    },
  };
}

function isToolsClip(text: string): boolean {
  return /^\s*\{\s*"weft"\s*:\s*"tools"/.test(text);
}

function hasTextSelection(): boolean {
  const selection = document.getSelection();
  return !!selection && !selection.isCollapsed && selection.toString().trim() !== "";
}
