import { ConflictError, NotFoundError } from "../../shared/errors";
import { conflictOnDuplicate } from "../db-errors";
import type { SessionUser } from "../guards";
import type { ListQuery } from "../lists";
import { grantGroupRecords, groupRecords } from "../named-queries";
import { namedBody } from "../named-schemas";
import { type NamedServiceDeps, namedService } from "../named-service";
import * as users from "../users/queries";
import { userBody } from "../users/schemas";
import * as q from "./queries";

export type GroupsServiceDeps = NamedServiceDeps;

/**
 * User groups: their members, and the grant groups assigned to them. Assignment is made
 * from this side only (hub.md rule 2). Names are unique ignoring case (409).
 */
export function groupsService(deps: GroupsServiceDeps) {
  const { database, audit, clock } = deps;
  const named = namedService(deps, { queries: groupRecords, targetType: "group", label: "user group" });
  const { mustFind, event } = named;

  return {
    async list(query: ListQuery) {
      const { rows, total } = await named.list(query);
      return { groups: rows, total };
    },

    async get(id: string) {
      return namedBody(await mustFind(database, id));
    },

    create: named.create,
    update: named.update,
    delete: named.delete,

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
            await record(event(actor, "member_add", id, { user_id: userId, username: user.username }));
            return userBody(user);
          }),
        already,
      );
    },

    async removeMember(actor: SessionUser, id: string, userId: string) {
      await audit.write(async (tx, record) => {
        await mustFind(tx, id);
        if (!(await q.removeMember(tx, id, userId))) throw new NotFoundError("The user is not a member of this group");
        await record(event(actor, "member_remove", id, { user_id: userId }));
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
            const grantGroup = await grantGroupRecords.find(tx, grantGroupId);
            if (!grantGroup) throw new NotFoundError(`No grant group with id "${grantGroupId}"`);
            if (await q.hasGrantGroup(tx, id, grantGroupId)) throw already();
            await q.assignGrantGroup(tx, id, grantGroupId, clock());
            await record(event(actor, "grant_add", id, { grant_group_id: grantGroupId, grant_group: grantGroup.name }));
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
        await record(event(actor, "grant_remove", id, { grant_group_id: grantGroupId }));
      });
    },
  };
}
