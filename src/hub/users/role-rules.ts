import { ForbiddenError } from "../../shared/errors";
import { mayManage, type Role } from "../../shared/roles";

/**
 * The role rules of decisions.md, as pure functions of the roles involved (the service asks
 * them with the actor's role as read inside the write's transaction):
 * - only an owner grants or removes `owner` / `admin` (creates, promotes to, demotes from,
 *   deletes an account of those roles);
 * - an admin manages auditors and users;
 * - nobody changes their own role (the service checks identity; see checkRoleChange).
 * The last owner is the service's rule: it needs a count under the accounts lock.
 */

function refuse(actor: Role, role: Role, verb: string): never {
  throw new ForbiddenError(
    actor === "admin"
      ? `Only an owner can ${verb} an account with the ${role} role`
      : `The ${actor} role cannot ${verb} accounts`,
  );
}

/** 403 unless `actor` may create an account with `role`. */
export function checkCreate(actor: Role, role: Role): void {
  if (!mayManage(actor, role)) refuse(actor, role, "create");
}

/** 403 unless `actor` may delete an account whose role is `target`. */
export function checkDelete(actor: Role, target: Role, self: boolean): void {
  if (self) throw new ForbiddenError("You cannot delete your own account");
  if (!mayManage(actor, target)) refuse(actor, target, "delete");
}

/** 403 unless `actor` may change other fields (email, password) of an account with role `target`. */
export function checkEdit(actor: Role, target: Role): void {
  if (!mayManage(actor, target)) refuse(actor, target, "change");
}

/** 403 unless `actor` may move an account from role `from` to role `to` (never their own). */
export function checkRoleChange(actor: Role, from: Role, to: Role, self: boolean): void {
  if (self) throw new ForbiddenError("Nobody can change their own role");
  if (!mayManage(actor, from)) refuse(actor, from, "change");
  if (!mayManage(actor, to)) refuse(actor, to, "grant");
}
