import { createEffect, Show, untrack } from "solid-js";
import type { WorkflowFiles } from "../state/files";
import type { HubSaving } from "../toolbar/file-controls";
import { createHubSave } from "./hub-save";
import { useHubWorkspace } from "./hub-workspace";
import { RevisionsLink } from "./workflows/revisions-link";

export interface HubDesignerDeps {
  files: WorkflowFiles;
  docName: () => string;
  say: (text: string, kind?: "info" | "error") => void;
  /** After a Hub workflow was opened: the page and the results follow. */
  afterOpen: () => void;
}

/**
 * The designer's side of the Hub (hub mode only; undefined otherwise): it takes the
 * workflows the Workflows page asks it to open (after asking about unsaved changes) and
 * gives the toolbar its Hub saving.
 */
export function useHubDesigner(deps: HubDesignerDeps): HubSaving | undefined {
  const workspace = useHubWorkspace();
  if (!workspace) return undefined;
  const { files, say } = deps;
  createEffect(() => {
    const request = workspace.pendingOpen();
    if (!request) return;
    untrack(() => {
      workspace.requestOpen(undefined);
      if (!files.mayDiscard()) return;
      files.load(request.doc);
      workspace.setCurrent(request.ref);
      deps.afterOpen();
      say(`Opened “${request.ref.name}” (revision ${request.ref.revision}) from the Hub`);
    });
  });
  return {
    save: createHubSave({ workspace, files, docName: deps.docName, say }),
    current: workspace.current,
    docName: deps.docName,
    leave: () => workspace.setCurrent(undefined),
  };
}

/** Which Hub workflow and revision the designer holds, where the file's name shows otherwise (a link to its revisions). */
export function HubWorkflowLabel(props: { hub: HubSaving }) {
  return <Show when={props.hub.current()}>{(current) => <RevisionsLink current={current()} />}</Show>;
}
