import type { HubDatabase, HubQueryable } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ConflictError, NotFoundError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { AuditEventInput } from "../audit/chain";
import type { AuditWriter } from "../audit/writer";
import { conflictOnDuplicate } from "../db-errors";
import type { SessionUser } from "../guards";
import type { ListQuery } from "../lists";
import { type NamedCreate, type NamedUpdate, namedBody } from "../named-schemas";
import * as q from "./queries";

export interface GrantsServiceDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
}

/** All user groups of a grant group in one detail answer: enough for any real Hub's admin page. */
const DETAIL_GROUPS = { limit: 500, offset: 0 };

/**
 * Grant groups: reusable bundles of connections (never users or other grant groups, so no
 * cycles). Which user groups hold one is read-only here: assignment is made from the
 * user-group side (groups/service.ts). Names are unique ignoring case (409).
 */
export function grantsService({ database, audit, clock }: GrantsServiceDeps) {
  const mustFind = async (tx: HubQueryable, id: string) => {
    const row = await q.findGrantGroup(tx, id);
    if (!row) throw new NotFoundError(`No grant group with id "${id}"`);
    return row;
  };
  const nameTaken = (name: string) => new ConflictError(`A grant group named "${name}" exists`);
  const event = (
    actor: SessionUser,
    action: string,
    id: string,
    details?: Record<string, unknown>,
  ): AuditEventInput => ({
    actorType: "user",
    actorId: actor.id,
    action,
    targetType: "grant_group",
    targetId: id,
    details,
  });

  return {
    async list(query: ListQuery) {
      const { rows, total } = await q.listGrantGroups(database, query);
      return { grant_groups: rows.map(namedBody), total };
    },

    async get(id: string) {
      const row = await mustFind(database, id);
      const [connections, groups] = await Promise.all([
        q.connectionsOf(database, id),
        q.userGroupsOf(database, id, DETAIL_GROUPS),
      ]);
      return { ...namedBody(row), connections, user_groups: groups.rows };
    },

    async create(actor: SessionUser, body: NamedCreate) {
      const id = newId();
      return conflictOnDuplicate(
        () =>
          audit.write(async (tx, record) => {
            if (await q.grantGroupNameTaken(tx, body.name)) throw nameTaken(body.name);
            const at = clock();
            await q.insertGrantGroup(tx, {
              id,
              name: body.name,
              description: body.description ?? null,
              createdAt: at,
              updatedAt: at,
            });
            await record(event(actor, "grant_group.create", id, { name: body.name }));
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
            if (body.name !== undefined && (await q.grantGroupNameTaken(tx, body.name, id))) throw nameTaken(body.name);
            await q.updateGrantGroup(tx, id, { name: body.name, description: body.description, updatedAt: clock() });
            await record(
              event(actor, "grant_group.update", id, {
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
        await q.deleteGrantGroup(tx, id);
        await record(event(actor, "grant_group.delete", id, { name: current.name }));
      });
    },

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
              event(actor, "grant_group.connection_add", id, {
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
        await record(event(actor, "grant_group.connection_remove", id, { connection_id: connectionId }));
      });
    },

    async userGroups(id: string, query: ListQuery) {
      await mustFind(database, id);
      const { rows, total } = await q.userGroupsOf(database, id, query);
      return { groups: rows, total };
    },
  };
}
