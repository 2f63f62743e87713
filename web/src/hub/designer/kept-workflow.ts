/**
 * The Hub workflow the designer holds, kept across a reload (issue 19 item 3): it is written
 * in the tab's autosaved copy of the document (state/autosave.ts `kept`), in the same record
 * as that document, so it can only come back with the document it was the Hub workflow of:
 * a copy another tab wrote over it, a file opened since, or New all leave it behind. It also
 * names the account: a reload after someone else signed in to this tab attaches nothing.
 */
import type { HubWorkflowRef } from "../hub-workspace";

/** What the autosave keeps: the workflow and whose session held it. */
export interface KeptHubWorkflow {
  user_id: string;
  workflow: HubWorkflowRef;
}

/** The record to keep now, or null when the designer holds no Hub workflow. */
export function keptHubWorkflow(
  current: HubWorkflowRef | undefined,
  userId: string | undefined,
): KeptHubWorkflow | null {
  return current && userId ? { user_id: userId, workflow: { ...current } } : null;
}

/**
 * The Hub workflow to hold again after a reload: the kept one, when it has the right shape
 * (storage is anyone's to edit) and the same person is signed in; otherwise none.
 */
export function recallHubWorkflow(kept: unknown, userId: string | undefined): HubWorkflowRef | undefined {
  if (!userId || typeof kept !== "object" || kept === null) return undefined;
  const { user_id, workflow } = kept as Partial<KeptHubWorkflow>;
  if (user_id !== userId || typeof workflow !== "object" || workflow === null) return undefined;
  const { id, name, revision } = workflow;
  if (typeof id !== "string" || id === "" || typeof name !== "string") return undefined;
  if (typeof revision !== "number" || !Number.isInteger(revision) || revision < 1) return undefined;
  return { id, name, revision };
}
