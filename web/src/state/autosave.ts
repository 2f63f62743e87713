import { createEffect, onCleanup } from "solid-js";
import { parseWorkflow } from "../model/workflow";
import type { ServerLocation, WorkflowFiles } from "./files";

/** One stored copy per workflow (`<prefix><workflow_id>`), so two tabs do not overwrite each other. */
const SLOT_PREFIX = "weft.autosave.v2.";
/** Which workflow this tab shows: a reload restores that one, not another tab's. */
const TAB_KEY = "weft.autosave.tab";
/** The single copy of earlier versions, moved into a slot when found. */
const LEGACY_KEY = "weft.autosave.v1";
/** Copies kept at most; the least recently saved go first. */
const MAX_SLOTS = 12;
const DEBOUNCE_MS = 400;

interface Stored {
  saved_at: string;
  file_name?: string;
  /** Where on the Server the workflow lives, so Save still writes there after a reload. */
  server?: ServerLocation | null;
  dirty: boolean;
  /** What else the tab kept with the document (hub mode: the Hub workflow it is a revision of). */
  kept?: unknown;
  doc: unknown;
}

/** What `restoreAutosave` brought back, for the "restored" notice. */
export interface Restored {
  savedAt: Date;
  name: string;
  /**
   * What `startAutosave`'s `kept` gave with this very document, when the copy is this tab's
   * own (a reload): a new tab that restores another tab's copy takes the document only.
   */
  kept?: unknown;
}

/**
 * Restores the workflow this tab was editing before a reload, or in a new tab the one this
 * browser edited last (if it has any tools): answers what was restored, or undefined. A
 * stored copy that cannot be read is dropped. Call before `startAutosave`.
 */
export function restoreAutosave(files: WorkflowFiles): Restored | undefined {
  let key: string | undefined;
  try {
    migrateLegacy();
    const tab = sessionStorage.getItem(TAB_KEY);
    key = tab !== null ? SLOT_PREFIX + tab : newestSlot();
    const text = key && localStorage.getItem(key);
    if (!text) return undefined;
    const stored = JSON.parse(text) as Stored;
    const doc = parseWorkflow(JSON.stringify(stored.doc));
    if (doc.tools.length === 0) return undefined;
    files.load(doc, stored.file_name, validLocation(stored.server));
    // Unsaved changes stay unsaved after a reload.
    if (stored.dirty) files.markUnsaved();
    const restored: Restored = { savedAt: new Date(stored.saved_at), name: doc.meta.name };
    if (tab !== null && stored.kept !== undefined && stored.kept !== null) restored.kept = stored.kept;
    return restored;
  } catch {
    if (key) remove(key);
    return undefined;
  }
}

/**
 * Keeps a copy of the document in this browser's local storage, written a moment after each
 * change (call inside a component: stops with it). `kept` (JSON) is written in the same copy,
 * so what it says always goes with this document and no other.
 */
export function startAutosave(files: WorkflowFiles, workflowId: () => string, kept?: () => unknown): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = (json: string) => {
    timer = undefined;
    const id = workflowId();
    const stored = `{"saved_at":${JSON.stringify(new Date().toISOString())},"file_name":${JSON.stringify(files.fileName() ?? null)},"server":${JSON.stringify(files.location() ?? null)},"dirty":${files.dirty()},"kept":${JSON.stringify(kept?.() ?? null)},"doc":${json}}`;
    try {
      sessionStorage.setItem(TAB_KEY, id);
      localStorage.setItem(SLOT_PREFIX + id, stored);
      prune();
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
    kept?.();
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

/** Drops the stored copy of the workflow this tab shows. */
export function forgetAutosave(): void {
  try {
    const tab = sessionStorage.getItem(TAB_KEY);
    if (tab !== null) remove(SLOT_PREFIX + tab);
  } catch {
    // Storage refused: nothing was stored.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage refused.
  }
}

/** The stored copies' keys, most recently saved first (by the time each one holds). */
function slotsByAge(): string[] {
  const slots: { key: string; at: string }[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(SLOT_PREFIX)) continue;
    // The time is the copy's first field: read it without parsing the whole document.
    const at = /^\{"saved_at":"([^"]*)"/.exec(localStorage.getItem(key) ?? "")?.[1] ?? "";
    slots.push({ key, at });
  }
  return slots.sort((a, b) => b.at.localeCompare(a.at)).map((s) => s.key);
}

const newestSlot = (): string | undefined => slotsByAge()[0];

/** Keeps the MAX_SLOTS most recent copies. */
function prune(): void {
  for (const key of slotsByAge().slice(MAX_SLOTS)) remove(key);
}

/** An earlier version's single copy becomes its workflow's slot. */
function migrateLegacy(): void {
  const text = localStorage.getItem(LEGACY_KEY);
  if (text === null) return;
  localStorage.removeItem(LEGACY_KEY);
  const id = (JSON.parse(text) as { doc?: { meta?: { workflow_id?: unknown } } }).doc?.meta?.workflow_id;
  if (typeof id === "string" && !localStorage.getItem(SLOT_PREFIX + id)) localStorage.setItem(SLOT_PREFIX + id, text);
}
