import { mayManage, ROLES, type Role, roleAtLeast } from "../../../../../src/shared/roles";

/** Words for each role, as the Users page offers them. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  auditor: "Auditor",
  user: "User",
};

/**
 * The roles `actor` may give an account (create it with, or move it to): the Hub's role rules
 * (src/hub/users/role-rules.ts), so the page never offers what the Hub would refuse. Highest
 * first. None for auditors and users, who only read.
 */
export function grantableRoles(actor: Role | undefined): Role[] {
  if (!actor || !roleAtLeast(actor, "admin")) return [];
  return ROLES.filter((role) => mayManage(actor, role));
}

/**
 * Whether `actor` may change the account of `target` (its role, its password): the same rules,
 * and nobody changes their own role from this page (they would lock themselves out).
 */
export function mayChangeAccount(actor: Role | undefined, target: Role, self: boolean): boolean {
  if (!actor || self || !roleAtLeast(actor, "admin")) return false;
  return mayManage(actor, target);
}
