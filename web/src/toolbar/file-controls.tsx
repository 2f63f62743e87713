import { Match, Show, Switch } from "solid-js";
import { Portal } from "solid-js/web";
import { FilePicker } from "../config/fields/file-picker";
import { baseName, dirName } from "../config/paths";
import type { WorkflowFiles } from "../state/files";
import { type FileActions, recentWorkflowsShown, WORKFLOW_SUFFIX } from "./file-actions";
import { MenuButton } from "./menu-button";

/**
 * Open (from the Server or this computer), Save with its menu (Save as…, Download), and the
 * Server file dialogs they open.
 */
export function FileControls(props: { actions: FileActions; files: WorkflowFiles }) {
  const actions = props.actions;
  let fileInput: HTMLInputElement | undefined;
  const saveTitle = () => {
    const at = props.files.location();
    return at ? `Save to ${at.path} on the Server (Ctrl+S)` : "Save on the Server: choose a folder and a name (Ctrl+S)";
  };
  return (
    <>
      <MenuButton
        testid="toolbar-open"
        label="Open…"
        title="Open a .weft.json workflow from the Server or this computer (Ctrl+O)"
        items={[
          {
            label: "From the Server…",
            testid: "toolbar-open-server",
            shortcut: "Ctrl+O",
            onSelect: actions.chooseServerFile,
          },
          { label: "From this computer…", testid: "toolbar-open-computer", onSelect: () => fileInput?.click() },
        ]}
      />
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        class="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="toolbar-open-input"
        onChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          input.value = "";
          if (file) void actions.openLocalFile(file);
        }}
      />
      <span class="toolbar-split">
        <button
          type="button"
          data-testid="toolbar-save"
          onClick={() => void actions.save()}
          aria-busy={actions.saving()}
          title={saveTitle()}
        >
          Save
        </button>
        <MenuButton
          testid="toolbar-save-menu"
          label={<span aria-hidden="true">▾</span>}
          ariaLabel="More ways to save"
          title="Save as…, Download"
          items={[
            {
              label: "Save as…",
              testid: "toolbar-save-as",
              shortcut: "Ctrl+Shift+S",
              title: "Save on the Server under another folder or name",
              onSelect: actions.saveAs,
            },
            {
              label: "Download",
              testid: "toolbar-download",
              title: "Download a .weft.json file to this computer",
              onSelect: actions.download,
            },
          ]}
        />
      </span>
      {/* In the body, so the toolbar's button styles stay out of the dialog. */}
      <Portal>
        <Switch>
          <Match when={actions.dialog() === "open"}>
            <FilePicker
              mode="open"
              testid="workflow-picker"
              title="Open a workflow from the Server"
              chooseLabel="Open"
              suffix={WORKFLOW_SUFFIX}
              recent={recentWorkflowsShown}
              initial={actions.openStart()}
              onChoose={(path) => void actions.openServerFile(path)}
              onClose={actions.closeDialog}
            />
          </Match>
          <Match when={actions.dialog() === "save"}>
            <FilePicker
              mode="save"
              testid="workflow-picker"
              title="Save the workflow on the Server"
              chooseLabel="Save"
              suffix={WORKFLOW_SUFFIX}
              recent={recentWorkflowsShown}
              initial={actions.saveStart()}
              defaultName={actions.saveName()}
              onChoose={(path) => void actions.saveAt(path)}
              onClose={actions.closeDialog}
            />
          </Match>
        </Switch>
      </Portal>
    </>
  );
}

/** The current file's name; its path (or where it is) in the tooltip and for screen readers. */
export function FileLabel(props: { files: WorkflowFiles }) {
  const where = () => {
    const at = props.files.location();
    if (at) return { name: baseName(at.path), detail: `on the Server, in ${dirName(at.path)}`, server: true };
    const name = props.files.fileName();
    return name ? { name, detail: "on this computer (not on the Server)", server: false } : undefined;
  };
  return (
    <Show when={where()}>
      {(w) => (
        <span
          class="toolbar-file"
          classList={{ local: !w().server }}
          data-testid="toolbar-file"
          title={props.files.location()?.path ?? `${w().name}, ${w().detail}`}
        >
          <span class="visually-hidden">File: </span>
          {w().name}
          <span class="visually-hidden">, {w().detail}</span>
        </span>
      )}
    </Show>
  );
}
