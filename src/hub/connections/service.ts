import type { z } from "@hono/zod-openapi";
import type { HubDatabase, HubQueryable } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ConflictError, NotFoundError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { AuditWriter } from "../audit/writer";
import type { SessionUser } from "../guards";
import { buildAccess } from "./access";
import { checkAndRecord } from "./health";
import { settingsFromInput } from "./normalize";
import { patchedSettings } from "./patch";
import type { ConnectionChecker } from "./probe";
import * as queries from "./queries";
import type {
  ConnectionCreateRequest,
  ConnectionListQuery,
  ConnectionTestRequest,
  ConnectionUpdateRequest,
} from "./schemas";
import type { CheckResult, ConnectionSettings } from "./settings";
import { optionsAad, passwordAad, storedOptions } from "./stored-settings";
import type { ConnectionVault } from "./vault";
import { connectionView } from "./view";

export interface ConnectionServiceDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
  vault: () => Promise<ConnectionVault>;
  check: ConnectionChecker;
}

/** What an audit event may say about settings: where, never a credential. */
function describeSettings(s: ConnectionSettings) {
  if (s.kind === "filesystem") return { path: s.path, read_only: s.readOnly };
  return { db_type: s.dbType, host: s.host, port: s.port, database: s.database };
}

/** The settings rows of `s` for connection `id`, its secrets sealed. */
export function settingsRows(id: string, s: ConnectionSettings, vault: ConnectionVault) {
  if (s.kind === "filesystem") return { filesystem: { connectionId: id, path: s.path, readOnly: s.readOnly } };
  const options = Object.keys(s.options).length > 0 ? vault.seal(JSON.stringify(s.options), optionsAad(id)) : null;
  return {
    database: {
      connectionId: id,
      dbType: s.dbType,
      host: s.host,
      port: s.port,
      database: s.database,
      username: s.username,
      passwordSealed: s.password === null ? null : vault.seal(s.password, passwordAad(id)),
      optionsSealed: options,
    },
  };
}

/** A unique constraint refused the write (PostgreSQL 23505; SQLite's serialized writers never get here). */
function uniqueViolation(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const { errno, code } = e as { errno?: unknown; code?: unknown };
    if (errno === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") return true;
  }
  return false;
}

/**
 * Runs a write that may take a name: two writers that both found the name free (READ
 * COMMITTED lets them) meet at the unique constraint, and the loser is told 409 like the
 * writer that found it taken.
 */
async function naming<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (name !== undefined && uniqueViolation(err)) throw new ConflictError(`A connection named "${name}" exists`);
    throw err;
  }
}

const visibleTo = (actor: SessionUser) => (actor.role === "user" ? actor.id : undefined);

/**
 * The rules of shared connections. Role `user` reads only what its grant chain reaches and
 * gets a 404 for anything else (as for an id that does not exist, so ids do not leak); the
 * other roles read all. Writes, tests and checks are the admin's (the routes guard them);
 * each is audited in the transaction of its write, and no event carries a credential.
 */
export function createConnectionService(deps: ConnectionServiceDeps) {
  const { database, audit, clock } = deps;

  async function view(row: queries.ConnectionRow, actor: SessionUser) {
    if (actor.role === "user" || !row.database?.optionsSealed) return connectionView(row, actor.role);
    return connectionView(row, actor.role, storedOptions(row, await deps.vault()));
  }

  async function get(actor: SessionUser, id: string) {
    const row = await queries.findConnection(database, id, visibleTo(actor));
    if (!row) throw new NotFoundError(`No connection ${id}`);
    return await view(row, actor);
  }

  async function nameFree(tx: HubQueryable, name: string, except?: string) {
    const taken = await queries.connectionNamed(tx, name);
    if (taken !== undefined && taken !== except) throw new ConflictError(`A connection named "${name}" exists`);
  }

  return {
    get,

    async list(actor: SessionUser, query: z.infer<typeof ConnectionListQuery>) {
      const filter = { visibleTo: visibleTo(actor), name: query.name, type: query.type };
      const { rows, total } = await queries.listConnections(database, filter, query);
      return { connections: await Promise.all(rows.map((row) => view(row, actor))), total };
    },

    async create(actor: SessionUser, input: z.infer<typeof ConnectionCreateRequest>) {
      const settings = settingsFromInput(input);
      const vault = await deps.vault();
      const id = newId();
      const now = clock();
      await naming(input.name, () =>
        audit.write(async (tx, record) => {
          await nameFree(tx, input.name);
          const connection = {
            id,
            name: input.name,
            type: input.type,
            description: input.description ?? null,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          };
          await queries.insertConnection(tx, connection, settingsRows(id, settings, vault));
          await record({
            actorType: "user",
            actorId: actor.id,
            action: "connection.create",
            targetType: "connection",
            targetId: id,
            details: { name: input.name, type: input.type, ...describeSettings(settings) },
          });
        }),
      );
      return await get(actor, id);
    },

    async update(actor: SessionUser, id: string, patch: z.infer<typeof ConnectionUpdateRequest>) {
      const vault = await deps.vault();
      await naming(patch.name, () =>
        audit.write(async (tx, record) => {
          const row = await queries.findConnection(tx, id);
          if (!row) throw new NotFoundError(`No connection ${id}`);
          if (patch.name !== undefined) await nameFree(tx, patch.name, id);
          const { rows, changed } = patchedSettings(row, patch, vault);
          const connection = {
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...(patch.description === undefined ? {} : { description: patch.description }),
            updatedAt: clock(),
          };
          await queries.updateConnection(tx, id, connection, rows);
          const fields = [...Object.keys(connection).filter((k) => k !== "updatedAt"), ...changed];
          await record({
            actorType: "user",
            actorId: actor.id,
            action: "connection.update",
            targetType: "connection",
            targetId: id,
            // Names of the changed fields only: a password's new value is no one's business.
            details: { name: patch.name ?? row.connection.name, changed: fields },
          });
        }),
      );
      return await get(actor, id);
    },

    async remove(actor: SessionUser, id: string) {
      await audit.write(async (tx, record) => {
        const row = await queries.findConnection(tx, id);
        if (!row) throw new NotFoundError(`No connection ${id}`);
        const grantGroups = await queries.grantGroupCount(tx, id);
        await queries.deleteConnection(tx, id);
        await record({
          actorType: "user",
          actorId: actor.id,
          action: "connection.delete",
          targetType: "connection",
          targetId: id,
          details: { name: row.connection.name, type: row.connection.type, removed_from_grant_groups: grantGroups },
        });
      });
    },

    async access(id: string) {
      if (!(await queries.findConnection(database, id))) throw new NotFoundError(`No connection ${id}`);
      return buildAccess(id, await queries.accessPaths(database, id));
    },

    /** Unsaved settings: checked, audited (an admin probing an address is worth a line), nothing stored. */
    async test(actor: SessionUser, input: z.infer<typeof ConnectionTestRequest>): Promise<CheckResult> {
      const settings = settingsFromInput(input);
      const result = await deps.check(settings);
      await audit.write((_tx, record) =>
        record({
          actorType: "user",
          actorId: actor.id,
          action: "connection.test",
          targetType: "connection",
          targetId: null,
          details: { type: input.type, ...describeSettings(settings), ok: result.ok },
        }),
      );
      return result;
    },

    async check(actor: SessionUser, id: string): Promise<CheckResult> {
      const result = await checkAndRecord(deps, id, { type: "user", id: actor.id });
      if (!result) throw new NotFoundError(`No connection ${id}`);
      return result;
    },
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
