import { createEffect, onCleanup } from "solid-js";
import { parseWorkflow } from "../model/workflow";
import type { ServerLocation, WorkflowFiles } from "./files";

const AUTOSAVE_KEY = "weft.autosave.v1";
const DEBOUNCE_MS = 400;

interface Stored {
  saved_at: string;
  file_name?: string;
  /** Where on the Server the workflow lives, so Save still writes there after a reload. */
  server?: ServerLocation | null;
  dirty: boolean;
  doc: unknown;
}

/** What `restoreAutosave` brought back, for the "restored" notice. */
export interface Restored {
  savedAt: Date;
  name: string;
}

/**
 * Restores the workflow this browser was editing when the page was last closed (if it had
 * any tools): answers what was restored, or undefined. A stored copy that cannot be read is
 * dropped. Call before `startAutosave`.
 */
export function restoreAutosave(files: WorkflowFiles): Restored | undefined {
  let stored: Stored;
  try {
    const text = localStorage.getItem(AUTOSAVE_KEY);
    if (!text) return undefined;
    stored = JSON.parse(text) as Stored;
    const doc = parseWorkflow(JSON.stringify(stored.doc));
    if (doc.tools.length === 0) return undefined;
    files.load(doc, stored.file_name, validLocation(stored.server));
    // Unsaved changes stay unsaved after a reload.
    if (stored.dirty) files.markUnsaved();
    return { savedAt: new Date(stored.saved_at), name: doc.meta.name };
  } catch {
    forgetAutosave();
    return undefined;
  }
}

/**
 * Keeps a copy of the document in this browser's local storage, written a moment after each
 * change (call inside a component: stops with it).
 */
export function startAutosave(files: WorkflowFiles): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = (json: string) => {
    timer = undefined;
    const stored = `{"saved_at":${JSON.stringify(new Date().toISOString())},"file_name":${JSON.stringify(files.fileName() ?? null)},"server":${JSON.stringify(files.location() ?? null)},"dirty":${files.dirty()},"doc":${json}}`;
    try {
      localStorage.setItem(AUTOSAVE_KEY, stored);
    } catch {
      // Storage full or refused: autosave is a convenience, the workflow stays in the page.
    }
  };
  let pending = "";
  createEffect(() => {
    pending = files.json();
    files.dirty();
    files.fileName();
    files.location();
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => write(pending), DEBOUNCE_MS);
  });
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      write(pending);
    }
  };
  window.addEventListener("pagehide", flush);
  onCleanup(() => {
    flush();
    window.removeEventListener("pagehide", flush);
  });
}

/** A stored location, if it has the right shape (storage is anyone's to edit). */
function validLocation(value: unknown): ServerLocation | undefined {
  const at = value as Partial<ServerLocation> | null | undefined;
  return at && typeof at.path === "string" && typeof at.modified === "string"
    ? { path: at.path, modified: at.modified }
    : undefined;
}

/** Drops the stored copy. */
export function forgetAutosave(): void {
  try {
    localStorage.removeItem(AUTOSAVE_KEY);
  } catch {
    // Nothing stored, or storage refused.
  }
}
