import { ConflictError, NotFoundError } from "../../shared/errors";
import { conflictOnDuplicate } from "../db-errors";
import type { SessionUser } from "../guards";
import type { ListQuery } from "../lists";
import { grantGroupRecords } from "../named-queries";
import { namedBody } from "../named-schemas";
import { type NamedServiceDeps, namedService } from "../named-service";
import * as q from "./queries";

export type GrantsServiceDeps = NamedServiceDeps;

/** All user groups of a grant group in one detail answer: enough for any real Hub's admin page. */
const DETAIL_GROUPS = { limit: 500, offset: 0 };

/**
 * Grant groups: reusable bundles of connections (never users or other grant groups, so no
 * cycles). Which user groups hold one is read-only here: assignment is made from the
 * user-group side (groups/service.ts). Names are unique ignoring case (409).
 */
export function grantsService(deps: GrantsServiceDeps) {
  const { database, audit, clock } = deps;
  const named = namedService(deps, { queries: grantGroupRecords, targetType: "grant_group", label: "grant group" });
  const { mustFind, event } = named;

  return {
    async list(query: ListQuery) {
      const { rows, total } = await named.list(query);
      return { grant_groups: rows, total };
    },

    async get(id: string) {
      const row = await mustFind(database, id);
      const [connections, groups] = await Promise.all([
        q.connectionsOf(database, id),
        q.userGroupsOf(database, id, DETAIL_GROUPS),
      ]);
      return { ...namedBody(row), connections, user_groups: groups.rows };
    },

    create: named.create,
    update: named.update,
    delete: named.delete,

    async addConnection(actor: SessionUser, id: string, connectionId: string) {
      const already = () => new ConflictError("The connection is already in this grant group");
      return conflictOnDuplicate(
        () =>
          audit.write(async (tx, record) => {
            await mustFind(tx, id);
            const connection = await q.findConnection(tx, connectionId);
            if (!connection) throw new NotFoundError(`No connection with id "${connectionId}"`);
            if (await q.holdsConnection(tx, id, connectionId)) throw already();
            await q.addConnection(tx, id, connectionId, clock());
            await record(
              event(actor, "connection_add", id, {
                connection_id: connectionId,
                connection: connection.name,
              }),
            );
            return connection;
          }),
        already,
      );
    },

    async removeConnection(actor: SessionUser, id: string, connectionId: string) {
      await audit.write(async (tx, record) => {
        await mustFind(tx, id);
        if (!(await q.removeConnection(tx, id, connectionId))) {
          throw new NotFoundError("The connection is not in this grant group");
        }
        await record(event(actor, "connection_remove", id, { connection_id: connectionId }));
      });
    },

    async userGroups(id: string, query: ListQuery) {
      await mustFind(database, id);
      const { rows, total } = await q.userGroupsOf(database, id, query);
      return { groups: rows, total };
    },
  };
}
