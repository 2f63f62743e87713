import { createSignal, For, onCleanup, Show } from "solid-js";
import { useApi } from "../lib/api-context";
import { toolsWithInlineSecrets } from "../model/inline-secrets";
import { openPage, type PageName, page } from "../pages/route";
import { toolName } from "../results/tool-link";
import { forgetAutosave, type Restored, restoreAutosave, startAutosave } from "../state/autosave";
import { useEditor } from "../state/editor";
import { workflowFileName, workflowFiles } from "../state/files";
import { useLive } from "../state/live";
import { runFailureLine } from "../state/tool-error";
import { createFileActions } from "./file-actions";
import { FileControls, FileLabel } from "./file-controls";
import { useToolbarShortcuts } from "./shortcuts";
import { setTheme, THEME_CHOICES, type ThemeChoice, theme } from "./theme";
import "./toolbar.css";
import { HubWorkflowLabel, useHubDesigner } from "../hub/hub-designer";

interface Message {
  text: string;
  kind: "info" | "error";
}

const PAGE_BUTTONS: { page: PageName; label: string; title: string }[] = [
  { page: "code", label: "Code", title: "The workflow as a standalone Python script" },
  { page: "history", label: "History", title: "Runs the Server archived; open one again" },
  { page: "connections", label: "Connections", title: "Database connections the Server keeps" },
];

/**
 * The designer's toolbar: the workflow's name and file, New / Open / Save, Undo / Redo, Run,
 * the side pages and the theme. It also restores the autosaved workflow when the page opens.
 */
export function Toolbar() {
  const editor = useEditor();
  const live = useLive();
  const files = workflowFiles(editor, useApi());
  const [message, setMessage] = createSignal<Message>();
  const [restored, setRestored] = createSignal<Restored | undefined>(restoreAutosave(files));
  let messageTimer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(messageTimer));

  const say = (text: string, kind: Message["kind"] = "info") => {
    clearTimeout(messageTimer);
    setMessage({ text, kind });
    if (kind === "info") messageTimer = setTimeout(() => setMessage(undefined), 5000);
  };
  /** New; from the restore notice it also drops the restored copy. Asks first either way. */
  const newWorkflow = (forgetRestored = false) => {
    if (!files.mayDiscard()) return;
    if (forgetRestored) forgetAutosave();
    files.reset();
    leaveHubWorkflow();
    setRestored(undefined);
    openPage(undefined);
    say("New workflow");
  };
  const afterOpen = () => {
    setRestored(undefined);
    openPage(undefined);
    live.refresh();
  };
  const hub = useHubDesigner({
    files,
    say,
    afterOpen,
    docName: () => editor.state.doc.meta.name,
    kept: restored()?.kept,
  });
  // Hub mode: the Hub workflow is kept with the document, so a reload still saves revisions of it.
  startAutosave(files, () => editor.state.doc.meta.workflow_id, hub?.kept);
  // A workflow from elsewhere (a file, New) is no longer the Hub workflow: Save makes a new one.
  const leaveHubWorkflow = () => hub?.leave();
  // In hub mode the Hub's connections are the ones to use: the Server keeps none there (its page would 404).
  const pageButtons = hub ? PAGE_BUTTONS.filter((item) => item.page !== "connections") : PAGE_BUTTONS;
  const fileActions = createFileActions({
    files,
    say,
    afterOpen: () => {
      leaveHubWorkflow();
      afterOpen();
    },
    defaultName: () => workflowFileName(editor.state.doc.meta.name),
    inlineSecrets: () => toolsWithInlineSecrets(editor.state.doc),
  });
  const run = async () => {
    if (live.running()) return;
    if (editor.state.doc.tools.length === 0) {
      say("Nothing to run: drag tools from the palette first", "error");
      return;
    }
    try {
      const result = await live.run();
      const failure = live.runFailure();
      if (!result && failure)
        say(
          runFailureLine(failure, (id) => toolName(editor, id)),
          "error",
        );
      if (result) {
        const written = result.written.length;
        say(`Run finished${written ? `: ${written} file${written > 1 ? "s" : ""} written` : ""}`);
      }
    } catch (err) {
      say(`Run failed: ${(err as Error).message}`, "error");
    }
  };
  useToolbarShortcuts({
    save: () => (hub ? hub.save.save() : void fileActions.save()),
    saveAs: () => (hub ? hub.save.saveAsNew() : fileActions.saveAs()),
    open: fileActions.chooseServerFile,
    run: () => void run(),
  });

  return (
    <header class="area toolbar" data-testid="toolbar">
      <div class="toolbar-row">
        <span class="toolbar-brand" aria-hidden="true">
          Weft
        </span>
        <div class="toolbar-title">
          <label class="toolbar-name">
            <span class="visually-hidden">Workflow name</span>
            <input
              data-testid="toolbar-name"
              value={editor.state.doc.meta.name}
              spellcheck={false}
              onInput={(e) => editor.setName(e.currentTarget.value)}
              onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
            />
          </label>
          <Show when={hub?.current()} fallback={<FileLabel files={files} />}>
            <HubWorkflowLabel hub={hub as NonNullable<typeof hub>} />
          </Show>
        </div>
        <Show when={files.dirty()}>
          <span class="toolbar-dirty" data-testid="toolbar-dirty" title="Changes not saved in a file">
            <span aria-hidden="true">●</span>
            <span class="visually-hidden">Unsaved changes</span>
          </span>
        </Show>
        <span class="toolbar-sep" aria-hidden="true" />
        <button
          type="button"
          data-testid="toolbar-new"
          onClick={() => newWorkflow()}
          title="Start a new, empty workflow"
        >
          New
        </button>
        <FileControls actions={fileActions} files={files} hub={hub} />
        <span class="toolbar-sep" aria-hidden="true" />
        <button
          type="button"
          data-testid="toolbar-undo"
          onClick={() => editor.undo()}
          disabled={editor.historySize().undo === 0}
          title="Undo (Ctrl+Z)"
        >
          Undo
        </button>
        <button
          type="button"
          data-testid="toolbar-redo"
          onClick={() => editor.redo()}
          disabled={editor.historySize().redo === 0}
          title="Redo (Ctrl+Y)"
        >
          Redo
        </button>
        <span class="toolbar-sep" aria-hidden="true" />
        <button
          type="button"
          class="toolbar-run"
          data-testid="toolbar-run"
          onClick={() => void run()}
          disabled={live.running()}
          aria-busy={live.running()}
          title="Run the whole workflow and write its outputs (Ctrl+Enter)"
        >
          <span aria-hidden="true">▶</span> {live.running() ? "Running…" : "Run"}
        </button>
        <output class="toolbar-message" data-testid="toolbar-message" aria-live="polite">
          <Show when={message()}>
            {(m) => (
              <span classList={{ bad: m().kind === "error" }} title={m().text}>
                {m().text}
              </span>
            )}
          </Show>
        </output>
        <nav class="toolbar-pages" aria-label="Pages">
          <For each={pageButtons}>
            {(item) => (
              <button
                type="button"
                data-testid={`toolbar-${item.page}`}
                aria-pressed={page() === item.page}
                title={item.title}
                onClick={() => openPage(page() === item.page ? undefined : item.page)}
              >
                {item.label}
              </button>
            )}
          </For>
        </nav>
        <label class="toolbar-theme">
          <span class="visually-hidden">Theme</span>
          <select
            data-testid="toolbar-theme"
            value={theme()}
            onChange={(e) => setTheme(e.currentTarget.value as ThemeChoice)}
            title="Colour theme"
          >
            <For each={THEME_CHOICES}>
              {(choice) => (
                <option value={choice}>
                  {choice === "system" ? "System theme" : choice === "light" ? "Light theme" : "Dark theme"}
                </option>
              )}
            </For>
          </select>
        </label>
      </div>
      <Show when={restored()}>
        {(r) => (
          <div class="toolbar-restored" role="status" data-testid="autosave-notice">
            <span>
              Restored “{r().name}” as you left it ({r().savedAt.toLocaleString()}).
            </span>
            <button type="button" data-testid="autosave-dismiss" onClick={() => setRestored(undefined)}>
              OK
            </button>
            <button type="button" data-testid="autosave-discard" onClick={() => newWorkflow(true)}>
              Start a new workflow instead
            </button>
          </div>
        )}
      </Show>
    </header>
  );
}
