import { createMemo, createRoot, createSignal } from "solid-js";
import { unwrap } from "solid-js/store";
import { emptyWorkflow, parseWorkflow, type WorkflowDoc } from "../model/workflow";
import type { Editor } from "./editor";

/**
 * Opening and saving workflows as `.weft.json` files.
 *
 * The Server's file routes only browse (roots, list, search, stat): none reads or writes a
 * file's content, so a workflow cannot be opened from, nor saved to, a path on the Server.
 * What the browser can do, it does: Save downloads `<name>.weft.json` (the same name each
 * time, remembered as `fileName`), Open reads a file chosen on this computer, and a
 * workflow the Server ran can be opened again from the run history (the archive).
 */
export interface WorkflowFiles {
  /** The file name the workflow was last opened from or saved to (undefined: never saved). */
  fileName(): string | undefined;
  /** The document differs from what was last opened, saved or started. */
  dirty(): boolean;
  /** The document as the JSON a file holds (reactive: moves with every change). */
  json(): string;
  /** Downloads the workflow as a `.weft.json` file; answers the file name. */
  save(): string;
  /** Reads a `.weft.json` file into the editor (throws a readable Error if it is not one). */
  open(file: File): Promise<void>;
  /** Loads a document from elsewhere (the run history): the baseline for `dirty` moves to it. */
  load(doc: WorkflowDoc, fileName?: string): void;
  /** Starts a new, empty workflow. */
  reset(): void;
  /** Sets the remembered file name (autosave restores it). */
  setFileName(name: string | undefined): void;
  /** Marks the current document as the saved baseline. */
  markSaved(): void;
  /** Marks the document as having changes no file holds (a restored autosave). */
  markUnsaved(): void;
}

/** A workflow as a file holds it: indented JSON, ending with a newline (stable, diff-friendly). */
export function workflowJson(doc: WorkflowDoc): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** `Sales by region` → `sales-by-region.weft.json`. */
export function workflowFileName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${slug || "workflow"}.weft.json`;
}

/** Offers `text` to the browser as a download named `fileName`. */
export function downloadText(text: string, fileName: string, type = "application/json"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: Chromium reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const byEditor = new WeakMap<Editor, WorkflowFiles>();

/** The file state of `editor` (one per editor, shared by the toolbar and the pages). */
export function workflowFiles(editor: Editor): WorkflowFiles {
  let files = byEditor.get(editor);
  if (!files) {
    files = createRoot(() => createWorkflowFiles(editor));
    byEditor.set(editor, files);
  }
  return files;
}

function createWorkflowFiles(editor: Editor): WorkflowFiles {
  // Tracks one signal, not every field of the store: reading the document through the store
  // on each drag frame cost ~10 ms a frame with 200 tools (scripts/bench/ui-frames.ts).
  const json = createMemo(() => {
    editor.historySize();
    return workflowJson(unwrap(editor.state.doc));
  });
  const [fileName, setFileName] = createSignal<string | undefined>();
  const [baseline, setBaseline] = createSignal(json());
  const markSaved = () => setBaseline(json());

  const load = (doc: WorkflowDoc, name?: string) => {
    editor.load(doc);
    setFileName(name);
    markSaved();
  };

  return {
    fileName,
    dirty: () => json() !== baseline(),
    json,
    save() {
      const name = fileName() ?? workflowFileName(editor.state.doc.meta.name);
      downloadText(json(), name);
      setFileName(name);
      markSaved();
      return name;
    },
    async open(file: File) {
      const doc = parseWorkflow(await file.text());
      load(doc, file.name);
    },
    load,
    reset: () => load(emptyWorkflow()),
    setFileName,
    markSaved,
    markUnsaved: () => setBaseline(""),
  };
}
