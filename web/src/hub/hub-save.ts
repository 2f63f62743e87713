import { createSignal } from "solid-js";
import type { WorkflowFiles } from "../state/files";
import type { HubWorkspace } from "./hub-workspace";

/** Which Hub save dialog is open: a new revision of the current workflow, or a new workflow. */
export type HubSaveDialog = "revision" | "new";

export interface HubSaveDeps {
  workspace: HubWorkspace;
  files: WorkflowFiles;
  /** The workflow's name in the designer (a new Hub workflow's name starts as it). */
  docName: () => string;
  say: (text: string, kind?: "info" | "error") => void;
}

/** The toolbar's Save and "Save as new" in hub mode, and the state of their dialog. */
export interface HubSave {
  dialog(): HubSaveDialog | undefined;
  closeDialog(): void;
  saving(): boolean;
  /** Save: a new revision of the Hub workflow the designer holds; a new one if it holds none. */
  save(): void;
  saveAsNew(): void;
  /** Stores the document as a new revision, with the person's message. */
  saveRevision(message: string): Promise<void>;
  /** Stores the document as a new Hub workflow named `name`. */
  createWorkflow(name: string): Promise<void>;
}

/**
 * Saving to the Hub instead of to files: the designer's document becomes a revision of the
 * Hub workflow it was opened from (PUT …/content), or a new workflow (POST /workflows). The
 * Hub says when the content equals its newest revision, and the person is told "no change"
 * rather than shown a revision number that did not move.
 */
export function createHubSave(deps: HubSaveDeps): HubSave {
  const { workspace, files, say } = deps;
  const [dialog, setDialog] = createSignal<HubSaveDialog>();
  const [saving, setSaving] = createSignal(false);

  /** What is sent becomes the baseline: edits made while the request runs stay unsaved. */
  async function send(store: (content: unknown) => Promise<void>) {
    if (saving()) return;
    setSaving(true);
    const text = files.json();
    try {
      await store(JSON.parse(text));
      setDialog(undefined);
      if (files.json() === text) files.markSaved();
    } catch (err) {
      say(`Not saved on the Hub: ${(err as Error).message}`, "error");
    } finally {
      setSaving(false);
    }
  }

  return {
    dialog,
    closeDialog: () => setDialog(undefined),
    saving,
    save: () => setDialog(workspace.current() ? "revision" : "new"),
    saveAsNew: () => setDialog("new"),
    saveRevision: (message) =>
      send(async (content) => {
        const current = workspace.current();
        if (!current) throw new Error("the designer holds no Hub workflow");
        const text = message.trim();
        const saved = await workspace.hub.saveWorkflowContent(current.id, {
          content,
          ...(text ? { message: text } : {}),
        });
        workspace.setCurrent({ id: saved.id, name: saved.name, revision: saved.revision });
        say(
          saved.revision_created
            ? `Saved “${saved.name}” on the Hub as revision ${saved.revision}`
            : `No change: revision ${saved.revision} of “${saved.name}” holds this workflow already`,
        );
      }),
    createWorkflow: (name) =>
      send(async (content) => {
        const created = await workspace.hub.createWorkflow({ name: name.trim(), content });
        workspace.setCurrent({ id: created.id, name: created.name, revision: created.revision });
        say(`Saved “${created.name}” on the Hub as a new workflow (revision ${created.revision})`);
      }),
  };
}
