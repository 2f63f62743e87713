import { createSignal } from "solid-js";
import { baseName, dirName, joinPath } from "../config/paths";
import { RECENT_WORKFLOWS, type RecentList, recentList } from "../config/recent-files";
import { ApiError } from "../lib/api";
import { inlineSecretsNote } from "../model/inline-secrets";
import type { WorkflowFiles } from "../state/files";

/** The ending of a workflow file's name (the Server reads and writes no other). */
export const WORKFLOW_SUFFIX = ".weft.json";

/** The workflows opened or saved on the Server lately (the dialogs' "Recent" list). */
export const recentWorkflows = recentList(RECENT_WORKFLOWS);

/**
 * The list as the dialogs see it: they show it but do not add to it, since a workflow is
 * remembered once it opened or saved (a file that failed to open is not "recent").
 */
export const recentWorkflowsShown: RecentList = { load: recentWorkflows.load, remember: recentWorkflows.load };

/** Which Server dialog is open: Open, or Save as. */
export type FileDialog = "open" | "save";

export interface FileActionDeps {
  files: WorkflowFiles;
  /** Shows a message in the toolbar. */
  say: (text: string, kind?: "info" | "error") => void;
  /** After a workflow was opened: the page and the results follow. */
  afterOpen: () => void;
  /** The file name Save as offers for a workflow never saved (from its name). */
  defaultName: () => string;
  /** The tools whose database password a saved file would keep as typed (model/inline-secrets.ts). */
  inlineSecrets: () => string[];
}

/** The toolbar's file commands (Open, Save, Save as, Download) and the state of their dialogs. */
export interface FileActions {
  dialog(): FileDialog | undefined;
  closeDialog(): void;
  /** A save is under way (Save waits for it rather than sending a second one). */
  saving(): boolean;
  /** Opens the "From the Server" dialog. */
  chooseServerFile(): void;
  /** Opens the chosen Server file (after asking about unsaved changes). */
  openServerFile(path: string): Promise<void>;
  /** Opens a file chosen on this computer. */
  openLocalFile(file: File): Promise<void>;
  /** Writes back to the Server file the workflow came from; Save as… when it has none. */
  save(): Promise<void>;
  /** Opens the Save as dialog. */
  saveAs(): void;
  /** Saves to the path chosen in Save as (asks before replacing a file). */
  saveAt(path: string): Promise<void>;
  download(): void;
  /** The file the Open dialog starts on: the current one, else the latest recent workflow. */
  openStart(): string;
  /** The path Save as starts with: the current file, else a name in the latest recent folder ("" if none). */
  saveStart(): string;
  /** The name Save as offers. */
  saveName(): string;
}

/**
 * The file commands over the Server's workflow routes. A 409 never loses anyone's work
 * silently: Save asks before replacing a file someone else changed, Save as before
 * replacing an existing one.
 */
export function createFileActions(deps: FileActionDeps): FileActions {
  const { files, say } = deps;
  // A native dialog: modal, keyboard-ready and read out, like New's question.
  const confirm = (question: string) => window.confirm(question);
  const [dialog, setDialog] = createSignal<FileDialog>();
  const [saving, setSaving] = createSignal(false);
  const failed = (what: string, err: unknown) => say(`${what}: ${(err as Error).message}`, "error");
  const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;
  const saveName = () => files.fileName() ?? deps.defaultName();

  /** One save at a time: a second Ctrl+S while the first is on its way does nothing. */
  async function oneAtATime(run: () => Promise<void>) {
    if (saving()) return;
    setSaving(true);
    try {
      await run();
    } finally {
      setSaving(false);
    }
  }

  async function write(path: string, options: { overwrite?: boolean; expectedModified?: string }) {
    const written = await files.saveToServer(path, options);
    recentWorkflows.remember(written.path);
    say(`Saved ${written.path}${inlineSecretsNote(deps.inlineSecrets())}`);
  }

  return {
    dialog,
    closeDialog: () => setDialog(undefined),
    saving,
    chooseServerFile: () => setDialog("open"),
    async openServerFile(path) {
      if (!files.mayDiscard()) return;
      try {
        await files.openFromServer(path);
        recentWorkflows.remember(files.location()?.path ?? path);
        deps.afterOpen();
        say(`Opened ${path}`);
      } catch (err) {
        failed(`Could not open ${baseName(path)}`, err);
      }
    },
    async openLocalFile(file) {
      if (!files.mayDiscard()) return;
      try {
        await files.open(file);
        deps.afterOpen();
        say(`Opened ${file.name}`);
      } catch (err) {
        failed(file.name, err);
      }
    },
    save: () =>
      oneAtATime(async () => {
        const at = files.location();
        if (!at) {
          setDialog("save");
          return;
        }
        try {
          await write(at.path, { overwrite: true, expectedModified: at.modified });
        } catch (err) {
          if (!isConflict(err)) return failed("Not saved", err);
          const question = `“${baseName(at.path)}” was changed or removed on the Server since you opened it (someone else may have saved it).\n\nReplace it with your version?`;
          if (!confirm(question)) {
            say("Not saved: the file on the Server was kept. Use Save as… to keep both.", "error");
            return;
          }
          try {
            await write(at.path, { overwrite: true });
          } catch (again) {
            failed("Not saved", again);
          }
        }
      }),
    saveAs: () => setDialog("save"),
    saveAt: (path) =>
      oneAtATime(async () => {
        try {
          await write(path, {});
        } catch (err) {
          if (!isConflict(err)) return failed("Not saved", err);
          if (!confirm(`“${baseName(path)}” exists already in ${dirName(path)}.\n\nReplace it?`)) {
            say("Not saved: the existing file was kept", "error");
            return;
          }
          try {
            await write(path, { overwrite: true });
          } catch (again) {
            failed("Not saved", again);
          }
        }
      }),
    download() {
      const name = files.download();
      const note = inlineSecretsNote(deps.inlineSecrets());
      say(files.location() ? `Downloaded a copy as ${name}${note}` : `Saved ${name} (downloaded)${note}`);
    },
    openStart: () => files.location()?.path ?? recentWorkflows.load()[0] ?? "",
    saveStart() {
      const at = files.location()?.path;
      if (at) return at;
      const recent = recentWorkflows.load()[0];
      return recent ? joinPath(dirName(recent), saveName()) : "";
    },
    saveName,
  };
}
