import { createMemo, createRoot, createSignal } from "solid-js";
import { unwrap } from "solid-js/store";
import { baseName } from "../config/paths";
import type { ApiClient, WorkflowWritten } from "../lib/api";
import { emptyWorkflow, isUntitled, namedAfterFile, parseWorkflow, type WorkflowDoc } from "../model/workflow";
import type { Editor } from "./editor";

/** A `.weft.json` file on the Server the workflow was opened from or last saved to. */
export interface ServerLocation {
  /** The file's real path on the Server. */
  path: string;
  /** Its modification time when this page last read or wrote it (the conflict check). */
  modified: string;
}

/**
 * Opening and saving workflows as `.weft.json` files: on the Server (GET and PUT
 * /api/files/workflow, remembered as `location` so Save writes back where the workflow came
 * from), or on this computer (Download, and Open of a chosen file). A workflow the Server
 * ran can also be opened again from the run history (the archive).
 */
export interface WorkflowFiles {
  /** The file name the workflow was last opened from or saved to (undefined: never saved). */
  fileName(): string | undefined;
  /** Where on the Server the workflow lives (undefined: not saved there). */
  location(): ServerLocation | undefined;
  /** The document differs from what was last opened, saved or started. */
  dirty(): boolean;
  /**
   * Asks before unsaved changes are dropped (New, the restore notice's "Start a new workflow
   * instead", Open, History's Open): true when there are none or the person agrees.
   */
  mayDiscard(): boolean;
  /** The document as the JSON a file holds (reactive: moves with every change). */
  json(): string;
  /**
   * Downloads the workflow as a `.weft.json` file; answers the file name. A workflow that
   * lives on the Server stays unsaved there: the download is a copy.
   */
  download(): string;
  /** Reads a `.weft.json` file chosen on this computer (throws a readable Error if it is not one). */
  open(file: File): Promise<void>;
  /** Reads a `.weft.json` file on the Server into the editor (throws ApiError or a readable Error). */
  openFromServer(path: string): Promise<void>;
  /**
   * Writes the document to `path` on the Server; it becomes the workflow's location. Throws
   * ApiError (409: the file exists without `overwrite`, or changed since `expectedModified`).
   */
  saveToServer(path: string, options?: { overwrite?: boolean; expectedModified?: string }): Promise<WorkflowWritten>;
  /** Loads a document from elsewhere (the run history): the baseline for `dirty` moves to it. */
  load(doc: WorkflowDoc, fileName?: string, location?: ServerLocation): void;
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

/** The file state of `editor` (one per editor, shared by the toolbar and the pages); `api` reads and writes the files. */
export function workflowFiles(editor: Editor, api: ApiClient): WorkflowFiles {
  let files = byEditor.get(editor);
  if (!files) {
    files = createRoot(() => createWorkflowFiles(editor, api));
    byEditor.set(editor, files);
  }
  return files;
}

function createWorkflowFiles(editor: Editor, api: ApiClient): WorkflowFiles {
  // Tracks one signal, not every field of the store: reading the document through the store
  // on each drag frame cost ~10 ms a frame with 200 tools (scripts/bench/ui-frames.ts).
  const json = createMemo(() => {
    editor.historySize();
    return workflowJson(unwrap(editor.state.doc));
  });
  const [fileName, setFileName] = createSignal<string | undefined>();
  const [location, setLocation] = createSignal<ServerLocation | undefined>();
  const [baseline, setBaseline] = createSignal(json());
  const markSaved = () => setBaseline(json());

  const load = (doc: WorkflowDoc, name?: string, at?: ServerLocation) => {
    editor.load(doc);
    setFileName(name);
    setLocation(at);
    markSaved();
  };

  return {
    fileName,
    location,
    dirty: () => json() !== baseline(),
    mayDiscard: () =>
      json() === baseline() ||
      editor.state.doc.tools.length === 0 ||
      window.confirm(`Discard the unsaved changes to “${editor.state.doc.meta.name}”?`),
    json,
    download() {
      const name = fileName() ?? workflowFileName(editor.state.doc.meta.name);
      downloadText(json(), name);
      if (!location()) {
        setFileName(name);
        markSaved();
      }
      return name;
    },
    async open(file: File) {
      const doc = parseWorkflow(await file.text());
      load(namedAfterFile(doc, file.name), file.name);
    },
    async openFromServer(path: string) {
      const answer = await api.readWorkflowFile(path);
      const doc = parseWorkflow(JSON.stringify(answer.workflow));
      const name = baseName(answer.path);
      load(namedAfterFile(doc, name), name, { path: answer.path, modified: answer.modified });
    },
    async saveToServer(path, { overwrite, expectedModified } = {}) {
      // What is sent becomes the baseline: edits made while the request runs stay unsaved.
      // An untitled workflow is saved under its file's name, and takes it once saved.
      const doc = unwrap(editor.state.doc);
      const named = namedAfterFile(doc, baseName(path));
      const text = named === doc ? json() : workflowJson(named);
      const written = await api.writeWorkflowFile({
        path,
        workflow: JSON.parse(text),
        overwrite,
        expected_modified: expectedModified,
      });
      setLocation({ path: written.path, modified: written.modified });
      setFileName(baseName(written.path));
      if (named !== doc && isUntitled(editor.state.doc.meta.name)) editor.setName(named.meta.name);
      setBaseline(text);
      return written;
    },
    load,
    reset: () => load(emptyWorkflow()),
    setFileName,
    markSaved,
    markUnsaved: () => setBaseline(""),
  };
}
