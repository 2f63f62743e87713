import { NotFoundError } from "../../shared/errors";
import { roleAtLeast } from "../../shared/roles";
import type { SessionUser } from "../guards";
import type { WorkflowRow } from "../workflows/queries";
import type { ScheduleRow } from "./queries";

/**
 * Who may do what with a schedule (hub.md: "User owns"):
 * - see it: its owner, and auditors and above (everyone else: 404, as for a missing id);
 * - change, switch, trigger or delete it: its owner, or an admin (and above);
 * - make one for a workflow: whoever may run that workflow — its owner, or an admin (and
 *   above). A workflow they cannot see is a 404; one they see but may not run (an auditor's
 *   view of another's) is a 403. The schedule's runs are made on its owner's behalf.
 * A refused write is audited as `authz.denied`.
 */
export function canSeeSchedule(user: SessionUser, row: ScheduleRow): boolean {
  return row.userId === user.id || roleAtLeast(user.role, "auditor");
}

export function mayChangeSchedule(user: SessionUser, row: ScheduleRow): boolean {
  return row.userId === user.id || roleAtLeast(user.role, "admin");
}

export function mayRunWorkflow(user: SessionUser, workflow: WorkflowRow): boolean {
  return workflow.ownerId === user.id || roleAtLeast(user.role, "admin");
}

export const CHANGE_REQUIRES = "the schedule's owner or the admin role";
export const RUN_REQUIRES = "the workflow's owner or the admin role";

/** The schedule if `user` may see it; 404 when it is missing or hidden from them. */
export function visibleSchedule(user: SessionUser, id: string, row: ScheduleRow | undefined): ScheduleRow {
  if (!row || !canSeeSchedule(user, row)) throw new NotFoundError(`No schedule ${id}`);
  return row;
}
