import type { HubDatabase, HubQueryable } from "../db/hub-db";
import type { Clock } from "../shared/clock";
import { ConflictError, NotFoundError } from "../shared/errors";
import { newId } from "../shared/ids";
import type { AuditEventInput } from "./audit/chain";
import type { AuditWriter } from "./audit/writer";
import { conflictOnDuplicate } from "./db-errors";
import type { SessionUser } from "./guards";
import type { ListQuery } from "./lists";
import type { namedQueries } from "./named-queries";
import { type NamedCreate, type NamedUpdate, namedBody } from "./named-schemas";

export interface NamedServiceDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
}

export interface NamedKind {
  queries: ReturnType<typeof namedQueries>;
  /** The audit target type, also the prefix of its actions (`group` → `group.create`). */
  targetType: string;
  /** How errors name it ("user group"). */
  label: string;
}

/**
 * The rules every named record shares (user groups, grant groups): names unique ignoring
 * case (409, checked in the transaction; a lost race meets the unique index and is a 409 too),
 * each write audited as `<target>.create|update|delete` with the name, an update's event
 * naming the changed fields and a rename's old name. The resource's service adds its links.
 */
export function namedService(
  { database, audit, clock }: NamedServiceDeps,
  { queries: q, targetType, label }: NamedKind,
) {
  const mustFind = async (tx: HubQueryable, id: string) => {
    const row = await q.find(tx, id);
    if (!row) throw new NotFoundError(`No ${label} with id "${id}"`);
    return row;
  };
  const nameTaken = (name: string) => new ConflictError(`A ${label} named "${name}" exists`);
  const event = (
    actor: SessionUser,
    action: string,
    id: string,
    details?: Record<string, unknown>,
  ): AuditEventInput => ({
    actorType: "user",
    actorId: actor.id,
    action: `${targetType}.${action}`,
    targetType,
    targetId: id,
    details,
  });

  return {
    mustFind,
    /** An audit event of this kind; `action` is the verb (`member_add`). */
    event,

    async list(query: ListQuery) {
      const { rows, total } = await q.list(database, query);
      return { rows: rows.map(namedBody), total };
    },

    async create(actor: SessionUser, body: NamedCreate) {
      const id = newId();
      return conflictOnDuplicate(
        () =>
          audit.write(async (tx, record) => {
            if (await q.nameTaken(tx, body.name)) throw nameTaken(body.name);
            const at = clock();
            await q.insert(tx, {
              id,
              name: body.name,
              description: body.description ?? null,
              createdAt: at,
              updatedAt: at,
            });
            await record(event(actor, "create", id, { name: body.name }));
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
            if (body.name !== undefined && (await q.nameTaken(tx, body.name, id))) throw nameTaken(body.name);
            await q.update(tx, id, { name: body.name, description: body.description, updatedAt: clock() });
            await record(
              event(actor, "update", id, {
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
        await q.remove(tx, id);
        await record(event(actor, "delete", id, { name: current.name }));
      });
    },
  };
}
