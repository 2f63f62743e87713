import { NotFoundError } from "../../shared/errors";
import { roleAtLeast } from "../../shared/roles";
import type { SessionUser } from "../guards";
import type { WorkflowRow } from "./queries";

/**
 * Who may do what with a workflow (hub.md: "User owns; Admin deletes; Auditor reads"):
 * - see it (read, revisions, diff, download): its owner, and auditors and above;
 * - change its content (save, restore): its owner only, whatever their role: what a
 *   workflow does is its author's, and no one else's edit runs under their name;
 * - rename, describe or delete it: its owner or an admin (and above);
 * - hand it to another user (`owner_id`): an admin (and above).
 * A workflow the caller may not see is a 404, the same answer as a missing id, so ids do not
 * leak; one they see but may not change is a 403 (audited as `authz.denied`).
 */
export type WorkflowAction = "content" | "metadata" | "delete" | "reassign";

export function canSee(user: SessionUser, row: WorkflowRow): boolean {
  return row.ownerId === user.id || roleAtLeast(user.role, "auditor");
}

const isOwner = (user: SessionUser, row: WorkflowRow) => row.ownerId === user.id;

/** The role or relation `action` needs, in words (the 403's detail and the audit event's `required`). */
export const REQUIRED: Record<WorkflowAction, string> = {
  content: "the workflow's owner",
  metadata: "the workflow's owner or the admin role",
  delete: "the workflow's owner or the admin role",
  reassign: "the admin role",
};

export function mayDo(user: SessionUser, row: WorkflowRow, action: WorkflowAction): boolean {
  switch (action) {
    case "content":
      return isOwner(user, row);
    case "metadata":
    case "delete":
      return isOwner(user, row) || roleAtLeast(user.role, "admin");
    case "reassign":
      return roleAtLeast(user.role, "admin");
  }
}

export const workflowNotFound = (id: string) => new NotFoundError(`No workflow ${id}`);

/** The workflow if `user` may see it; 404 when it is missing or hidden from them. */
export function visible(user: SessionUser, id: string, row: WorkflowRow | undefined): WorkflowRow {
  if (!row || !canSee(user, row)) throw workflowNotFound(id);
  return row;
}
