import { Match, Show, Switch } from "solid-js";
import { Portal } from "solid-js/web";
import { FilePicker } from "../config/fields/file-picker";
import { baseName, dirName } from "../config/paths";
import type { HubSave } from "../hub/hub-save";
import { HubSaveDialog } from "../hub/hub-save-dialog";
import type { HubWorkflowRef } from "../hub/hub-workspace";
import type { WorkflowFiles } from "../state/files";
import { type FileActions, recentWorkflowsShown, WORKFLOW_SUFFIX } from "./file-actions";
import { MenuButton } from "./menu-button";

/** In hub mode, Save and its menu store the workflow on the Hub instead of in a file. */
export interface HubSaving {
  save: HubSave;
  current: () => HubWorkflowRef | undefined;
  docName: () => string;
  /** The designer no longer holds the Hub workflow (New, a file opened). */
  leave(): void;
}

/**
 * Open (from the Server or this computer), Save with its menu (Save as…, Download), and the
 * Server file dialogs they open. With `hub` (hub mode) Save stores a revision on the Hub and
 * the menu offers "Save as new workflow…" in place of Save as….
 */
export function FileControls(props: { actions: FileActions; files: WorkflowFiles; hub?: HubSaving }) {
  const actions = props.actions;
  let fileInput: HTMLInputElement | undefined;
  const saveTitle = () => {
    const current = props.hub?.current();
    if (props.hub)
      return current
        ? `Save a new revision of “${current.name}” on the Hub (Ctrl+S)`
        : "Save on the Hub as a new workflow (Ctrl+S)";
    const at = props.files.location();
    return at ? `Save to ${at.path} on the Server (Ctrl+S)` : "Save on the Server: choose a folder and a name (Ctrl+S)";
  };
  const download = {
    label: "Download",
    testid: "toolbar-download",
    title: "Download a .weft.json file to this computer",
    onSelect: actions.download,
  };
  const saveItems = () =>
    props.hub
      ? [
          {
            label: "Save as new workflow…",
            testid: "toolbar-save-new",
            shortcut: "Ctrl+Shift+S",
            title: "Store a copy on the Hub as a new workflow, under a name",
            onSelect: props.hub.save.saveAsNew,
          },
          download,
        ]
      : [
          {
            label: "Save as…",
            testid: "toolbar-save-as",
            shortcut: "Ctrl+Shift+S",
            title: "Save on the Server under another folder or name",
            onSelect: actions.saveAs,
          },
          download,
        ];
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
          onClick={() => (props.hub ? props.hub.save.save() : void actions.save())}
          aria-busy={props.hub ? props.hub.save.saving() : actions.saving()}
          title={saveTitle()}
        >
          Save
        </button>
        <MenuButton
          testid="toolbar-save-menu"
          label={<span aria-hidden="true">▾</span>}
          ariaLabel="More ways to save"
          title={props.hub ? "Save as new workflow…, Download" : "Save as…, Download"}
          items={saveItems()}
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
          <Match when={props.hub?.save.dialog()}>
            {(kind) => (
              <HubSaveDialog
                save={(props.hub as HubSaving).save}
                kind={kind()}
                name={kind() === "revision" ? (props.hub?.current()?.name ?? "") : (props.hub?.docName() ?? "")}
                revision={props.hub?.current()?.revision}
              />
            )}
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
