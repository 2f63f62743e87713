import type { HubDatabase, HubQueryable } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ConflictError, NotFoundError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { AuditEventInput } from "../audit/chain";
import type { AuditWriter } from "../audit/writer";
import { conflictOnDuplicate } from "../db-errors";
import { findGrantGroup } from "../grants/queries";
import type { SessionUser } from "../guards";
import type { ListQuery } from "../lists";
import { type NamedCreate, type NamedUpdate, namedBody } from "../named-schemas";
import * as users from "../users/queries";
import { userBody } from "../users/schemas";
import * as q from "./queries";

export interface GroupsServiceDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
}

/**
 * User groups: their members, and the grant groups assigned to them. Assignment is made
 * from this side only (hub.md rule 2). Names are unique ignoring case (409).
 */
export function groupsService({ database, audit, clock }: GroupsServiceDeps) {
  const mustFind = async (tx: HubQueryable, id: string) => {
    const row = await q.findGroup(tx, id);
    if (!row) throw new NotFoundError(`No user group with id "${id}"`);
    return row;
  };
  const nameTaken = (name: string) => new ConflictError(`A user group named "${name}" exists`);
  const event = (
    actor: SessionUser,
    action: string,
    id: string,
    details?: Record<string, unknown>,
  ): AuditEventInput => ({
    actorType: "user",
    actorId: actor.id,
    action,
    targetType: "group",
    targetId: id,
    details,
  });

  return {
    async list(query: ListQuery) {
      const { rows, total } = await q.listGroups(database, query);
      return { groups: rows.map(namedBody), total };
    },

    async get(id: string) {
      return namedBody(await mustFind(database, id));
    },

    async create(actor: SessionUser, body: NamedCreate) {
      const id = newId();
      return conflictOnDuplicate(
        () =>
          audit.write(async (tx, record) => {
            if (await q.groupNameTaken(tx, body.name)) throw nameTaken(body.name);
            const at = clock();
            await q.insertGroup(tx, {
              id,
              name: body.name,
              description: body.description ?? null,
              createdAt: at,
              updatedAt: at,
            });
            await record(event(actor, "group.create", id, { name: body.name }));
            return namedBody(await mustFind(tx, id));
          }),
        () => nameTaken(body.name),
      );
    },

    async update(actor: SessionUser, id: string, body: NamedUpdate) {
      return conflictOnDuplicate(
        () =>
          audit.write(async (tx, record) => {
            const current = await mustFind(tx, id);
            if (body.name !== undefined && (await q.groupNameTaken(tx, body.name, id))) throw nameTaken(body.name);
            await q.updateGroup(tx, id, { name: body.name, description: body.description, updatedAt: clock() });
            await record(
              event(actor, "group.update", id, {
                ...(body.name !== undefined && body.name !== current.name
                  ? { from_name: current.name, name: body.name }
                  : {}),
                changed: Object.keys(body),
              }),
            );
            return namedBody(await mustFind(tx, id));
          }),
        () => nameTaken(body.name ?? ""),
      );
    },

    async delete(actor: SessionUser, id: string) {
      await audit.write(async (tx, record) => {
        const current = await mustFind(tx, id);
        await q.deleteGroup(tx, id);
        await record(event(actor, "group.delete", id, { name: current.name }));
      });
    },

    async members(id: string, query: ListQuery) {
      await mustFind(database, id);
      const { rows, total } = await q.listMembers(database, id, query);
      return { users: rows.map(userBody), total };
    },

    async addMember(actor: SessionUser, id: string, userId: string) {
      const already = () => new ConflictError("The user is already a member of this group");
      return conflictOnDuplicate(
        () =>
          audit.write(async (tx, record) => {
            await mustFind(tx, id);
            const user = await users.findUser(tx, userId);
            if (!user) throw new NotFoundError(`No user with id "${userId}"`);
            if (await q.isMember(tx, id, userId)) throw already();
            await q.addMember(tx, id, userId, clock());
            await record(event(actor, "group.member_add", id, { user_id: userId, username: user.username }));
            return userBody(user);
          }),
        already,
      );
    },

    async removeMember(actor: SessionUser, id: string, userId: string) {
      await audit.write(async (tx, record) => {
        await mustFind(tx, id);
        if (!(await q.removeMember(tx, id, userId))) throw new NotFoundError("The user is not a member of this group");
        await record(event(actor, "group.member_remove", id, { user_id: userId }));
      });
    },

    async grantGroups(id: string, query: ListQuery) {
      await mustFind(database, id);
      const { rows, total } = await q.listGrantGroupsOf(database, id, query);
      return { grant_groups: rows, total };
    },

    async assign(actor: SessionUser, id: string, grantGroupId: string) {
      const already = () => new ConflictError("The grant group is already assigned to this user group");
      return conflictOnDuplicate(
        () =>
          audit.write(async (tx, record) => {
            await mustFind(tx, id);
            const grantGroup = await findGrantGroup(tx, grantGroupId);
            if (!grantGroup) throw new NotFoundError(`No grant group with id "${grantGroupId}"`);
            if (await q.hasGrantGroup(tx, id, grantGroupId)) throw already();
            await q.assignGrantGroup(tx, id, grantGroupId, clock());
            await record(
              event(actor, "group.grant_add", id, { grant_group_id: grantGroupId, grant_group: grantGroup.name }),
            );
            return { id: grantGroup.id, name: grantGroup.name, description: grantGroup.description };
          }),
        already,
      );
    },

    async unassign(actor: SessionUser, id: string, grantGroupId: string) {
      await audit.write(async (tx, record) => {
        await mustFind(tx, id);
        if (!(await q.unassignGrantGroup(tx, id, grantGroupId))) {
          throw new NotFoundError("The grant group is not assigned to this user group");
        }
        await record(event(actor, "group.grant_remove", id, { grant_group_id: grantGroupId }));
      });
    },
  };
}
