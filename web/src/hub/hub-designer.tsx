import { createEffect, Show, untrack } from "solid-js";
import type { WorkflowFiles } from "../state/files";
import type { HubSaving } from "../toolbar/file-controls";
import { type KeptHubWorkflow, keptHubWorkflow, recallHubWorkflow } from "./designer/kept-workflow";
import { useHubAccount } from "./hub-account";
import { createHubSave } from "./hub-save";
import { useHubWorkspace } from "./hub-workspace";
import { RevisionsLink } from "./workflows/revisions-link";

export interface HubDesignerDeps {
  files: WorkflowFiles;
  docName: () => string;
  say: (text: string, kind?: "info" | "error") => void;
  /** After a Hub workflow was opened: the page and the results follow. */
  afterOpen: () => void;
  /** What this tab's autosave kept with the document it restored (state/autosave.ts), if any. */
  kept?: unknown;
}

/** The toolbar's Hub saving, and what its autosave keeps with the document (the Hub workflow). */
export type HubDesigner = HubSaving & { kept: () => KeptHubWorkflow | null };

/**
 * The designer's side of the Hub (hub mode only; undefined otherwise): it takes the
 * workflows the Workflows page asks it to open (after asking about unsaved changes) and
 * gives the toolbar its Hub saving.
 */
export function useHubDesigner(deps: HubDesignerDeps): HubDesigner | undefined {
  const workspace = useHubWorkspace();
  if (!workspace) return undefined;
  const { files, say } = deps;
  const account = useHubAccount();
  // A reload: the restored document is still a revision of the Hub workflow it was.
  const recalled = recallHubWorkflow(deps.kept, account?.user()?.id);
  if (recalled && !workspace.current()) workspace.setCurrent(recalled);
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
    kept: () => keptHubWorkflow(workspace.current(), account?.user()?.id),
  };
}

/** Which Hub workflow and revision the designer holds, where the file's name shows otherwise (a link to its revisions). */
export function HubWorkflowLabel(props: { hub: HubSaving }) {
  return <Show when={props.hub.current()}>{(current) => <RevisionsLink current={current()} />}</Show>;
}
