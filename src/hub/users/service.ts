import type { HubDatabase, HubQueryable } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { Role } from "../../shared/roles";
import type { AuditWriter } from "../audit/writer";
import { type PasswordHasher, passwordProblem } from "../auth/passwords";
import { isUniqueViolation } from "../db-errors";
import type { SessionUser } from "../guards";
import type { ListQuery } from "../lists";
import * as q from "./queries";
import { checkCreate, checkDelete, checkEdit, checkRoleChange } from "./role-rules";
import { type UserCreate, type UserRow, type UserUpdate, userBody } from "./schemas";

export interface UsersServiceDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
  passwords: PasswordHasher;
}

const LAST_OWNER = "The last owner cannot be removed, demoted or disabled: make another account owner first";

/** Refuses a new password that is too short (400), without ever echoing it. */
export function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ValidationError(problem);
}

/**
 * Accounts as administrators manage them, under the role rules (role-rules.ts). Each write
 * re-reads the actor's role inside its transaction (a role changed since the session was
 * read counts), and the last-owner rule counts owners under the accounts lock, so two
 * owners demoting each other at once leave one owner, never none.
 */
export function usersService({ database, audit, clock, passwords }: UsersServiceDeps) {
  /** The actor's role now, inside the transaction; an account deleted or disabled meanwhile is refused. */
  const actorRole = async (tx: HubQueryable, actor: SessionUser): Promise<Role> => {
    const row = await q.findUser(tx, actor.id);
    if (!row) throw new ForbiddenError("Your account no longer exists");
    // Disabled since its session was read (two owners disabling each other at once).
    if (row.disabledAt) throw new ForbiddenError("Your account is disabled");
    return row.role;
  };
  const mustFind = async (tx: HubQueryable, id: string): Promise<UserRow> => {
    const row = await q.findUser(tx, id);
    if (!row) throw new NotFoundError(`No user with id "${id}"`);
    return row;
  };
  /**
   * Runs an audited write; a refusal by the role rules (403) is an authorization decision,
   * so it is appended as `authz.denied` in its own transaction (the write's rolled back).
   */
  const guarded = async <T>(actor: SessionUser, action: string, targetId: string | null, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ForbiddenError) {
        await audit.write((_tx, record) =>
          record({
            actorType: "user",
            actorId: actor.id,
            action: "authz.denied",
            targetType: "user",
            targetId,
            details: { action, role: actor.role, reason: err.message },
          }),
        );
      }
      throw err;
    }
  };
  // A disabled owner cannot sign in: only owners who can count as "another owner remains".
  const leavesNoOwner = async (tx: HubQueryable, target: UserRow) =>
    target.role === "owner" && target.disabledAt === null && (await q.countActiveOwners(tx)) <= 1;

  return {
    async list(query: ListQuery) {
      const { rows, total } = await q.listUsers(database, query);
      return { users: rows.map(userBody), total };
    },

    async get(id: string) {
      return userBody(await mustFind(database, id));
    },

    async groups(id: string, query: ListQuery) {
      await mustFind(database, id);
      const { rows, total } = await q.groupsOfUser(database, id, query);
      return { groups: rows, total };
    },

    async create(actor: SessionUser, body: UserCreate) {
      checkNewPassword(body.password);
      const passwordHash = await passwords.hash(body.password);
      const id = newId();
      try {
        return await guarded(actor, "user.create", null, () =>
          audit.write(async (tx, record) => {
            checkCreate(await actorRole(tx, actor), body.role);
            if (await q.usernameTaken(tx, body.username)) {
              throw new ConflictError(`The username "${body.username}" is taken`);
            }
            await q.insertUser(tx, {
              id,
              username: body.username,
              email: body.email ?? null,
              passwordHash,
              role: body.role,
              at: clock(),
            });
            await record({
              actorType: "user",
              actorId: actor.id,
              action: "user.create",
              targetType: "user",
              targetId: id,
              details: { username: body.username, role: body.role },
            });
            return userBody(await mustFind(tx, id));
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(`The username "${body.username}" is taken`);
        throw err;
      }
    },

    async update(actor: SessionUser, id: string, body: UserUpdate) {
      const self = actor.id === id;
      if (body.password !== undefined) {
        if (self)
          throw new ValidationError("Change your own password with PUT /auth/password (it asks for the current one)");
        checkNewPassword(body.password);
      }
      const passwordHash = body.password === undefined ? undefined : await passwords.hash(body.password);
      return guarded(actor, "user.update", id, () =>
        audit.write(async (tx, record) => {
          await q.lockAccounts(tx);
          const role = await actorRole(tx, actor);
          const target = await mustFind(tx, id);
          const changes: string[] = [];
          // Naming the role one already has is no change (a client may send the whole form);
          // on anyone else's account, naming a role at all needs the rank to grant it.
          const roleChanges = body.role !== undefined && body.role !== target.role;
          if (body.role !== undefined && (roleChanges || !self)) {
            checkRoleChange(role, target.role, body.role, self);
          }
          if (roleChanges) {
            if (await leavesNoOwner(tx, target)) throw new ConflictError(LAST_OWNER);
            changes.push("role");
          }
          // Nobody disables their own account (they would be locked out with nobody told).
          const disabling = body.disabled === true && target.disabledAt === null;
          const enabling = body.disabled === false && target.disabledAt !== null;
          if (body.disabled === true && self) throw new ForbiddenError("You cannot disable your own account");
          // Editing oneself (email) needs no rank; anyone else's account needs the rank to manage it.
          if (!self && (body.email !== undefined || passwordHash !== undefined || body.disabled !== undefined)) {
            checkEdit(role, target.role);
          }
          if (disabling && (await leavesNoOwner(tx, target))) throw new ConflictError(LAST_OWNER);
          if (body.email !== undefined && body.email !== target.email) changes.push("email");
          if (passwordHash !== undefined) changes.push("password");
          if (disabling || enabling) changes.push("disabled");
          if (changes.length === 0) return userBody(target);
          const now = clock();
          await q.updateUser(tx, id, {
            email: body.email === undefined ? undefined : body.email,
            role: changes.includes("role") ? body.role : undefined,
            passwordHash,
            disabledAt: disabling ? now : enabling ? null : undefined,
            updatedAt: now,
          });
          // A reset password or a disable ends every session: whoever held one is signed out.
          const endsSessions = passwordHash !== undefined || disabling;
          const sessionsEnded = endsSessions ? await q.deleteSessionsOf(tx, id) : 0;
          await record({
            actorType: "user",
            actorId: actor.id,
            action: "user.update",
            targetType: "user",
            targetId: id,
            details: {
              changed: changes,
              ...(changes.includes("role") ? { from_role: target.role, to_role: body.role } : {}),
              ...(disabling || enabling ? { disabled: disabling } : {}),
              ...(endsSessions ? { sessions_ended: sessionsEnded } : {}),
            },
          });
          return userBody(await mustFind(tx, id));
        }),
      );
    },

    async delete(actor: SessionUser, id: string) {
      await guarded(actor, "user.delete", id, () =>
        audit.write(async (tx, record) => {
          await q.lockAccounts(tx);
          const role = await actorRole(tx, actor);
          const target = await mustFind(tx, id);
          checkDelete(role, target.role, actor.id === id);
          if (await leavesNoOwner(tx, target)) throw new ConflictError(LAST_OWNER);
          const sessionsEnded = await q.deleteSessionsOf(tx, id);
          await q.deleteUser(tx, id);
          await record({
            actorType: "user",
            actorId: actor.id,
            action: "user.delete",
            targetType: "user",
            targetId: id,
            details: { username: target.username, role: target.role, sessions_ended: sessionsEnded },
          });
        }),
      );
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
