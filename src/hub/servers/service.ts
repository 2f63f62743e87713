import type { HubDatabase } from "../../db/hub-db";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../shared/errors";
import { newId } from "../../shared/ids";
import type { AuditWriter } from "../audit/writer";
import type { SessionUser } from "../guards";
import { newServerAuthToken, serverAuthTokenHash } from "./auth-token";
import { checkServerHealth } from "./health-check";
import { type PollDeps, recordPoll } from "./poll";
import * as q from "./queries";
import type { ServerBody } from "./schemas";

export interface ServersServiceDeps extends PollDeps {
  database: HubDatabase;
  audit: AuditWriter;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API's view of a Server: never its auth_token, nor the token's hash. */
export function serverBody(row: q.ServerRow, groups: q.GroupRef[]): ServerBody {
  return {
    id: row.id,
    name: row.name,
    endpoint: row.endpoint,
    version: row.version,
    status: row.status,
    last_seen_at: iso(row.lastSeenAt),
    running: row.running,
    capacity: row.capacity,
    latency_ms: row.latencyMs,
    failed_polls: row.failedPolls,
    next_poll_at: iso(row.nextPollAt),
    last_error: row.lastError,
    revoked_at: iso(row.revokedAt),
    groups,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const byUser = (user: SessionUser) => ({ actorType: "user" as const, actorId: user.id });

/**
 * The rules of registered Servers. A Server self-registers with the shared secret (the
 * route checks it) or an administrator adds it; either way its auth_token is shown once and
 * only its SHA-256 is stored. Every write appends its audit event in the same transaction.
 */
export function createServersService(deps: ServersServiceDeps) {
  const { database, audit, clock } = deps;

  async function mustFind(id: string): Promise<q.ServerRow> {
    const row = await q.findServer(database, id);
    if (!row) throw new NotFoundError(`No Server with id ${id}`);
    return row;
  }

  function registerOnce(input: { name: string; endpoint: string; version: string; rotate: boolean }) {
    return audit.write(async (tx, record) => {
      const now = clock();
      const existing = await q.findServerByName(tx, input.name);
      if (!existing) {
        const token = newServerAuthToken();
        const row = await q.insertServer(tx, {
          id: newId(),
          name: input.name,
          endpoint: input.endpoint,
          version: input.version,
          authTokenSha256: serverAuthTokenHash(token),
          nextPollAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await record({
          actorType: "server",
          actorId: row.id,
          action: "server.register",
          targetType: "server",
          targetId: row.id,
          details: { name: row.name, endpoint: row.endpoint, version: row.version },
        });
        return { id: row.id, auth_token: token as string | null, created: true };
      }
      if (existing.revokedAt) {
        throw new ForbiddenError(
          `Server "${existing.name}" was revoked by an administrator; it may register again once an administrator deletes it`,
        );
      }
      const changed: Record<string, { from: string | null; to: string }> = {};
      if (existing.endpoint !== input.endpoint) changed.endpoint = { from: existing.endpoint, to: input.endpoint };
      if (existing.version !== input.version) changed.version = { from: existing.version, to: input.version };
      const token = input.rotate ? newServerAuthToken() : null;
      await q.updateServer(tx, existing.id, {
        endpoint: input.endpoint,
        version: input.version,
        nextPollAt: now,
        ...(token ? { authTokenSha256: serverAuthTokenHash(token) } : {}),
        ...(token || Object.keys(changed).length > 0 ? { updatedAt: now } : {}),
      });
      // An unchanged heartbeat is not a write worth a chain entry; a change or a rotation is.
      if (token || Object.keys(changed).length > 0) {
        await record({
          actorType: "server",
          actorId: existing.id,
          action: token ? "server.token_rotate" : "server.update",
          targetType: "server",
          targetId: existing.id,
          details: { name: existing.name, changed },
        });
      }
      return { id: existing.id, auth_token: token, created: false };
    });
  }

  async function groupsOf(id: string) {
    await mustFind(id);
    const groups = (await q.groupsOfServers(database, [id])).get(id) ?? [];
    return { groups, total: groups.length };
  }

  async function withGroups(row: q.ServerRow): Promise<ServerBody> {
    const groups = await q.groupsOfServers(database, [row.id]);
    return serverBody(row, groups.get(row.id) ?? []);
  }

  return {
    async list(opts: { limit: number; offset: number; name?: string }) {
      const { rows, total } = await q.listServers(database, opts);
      const groups = await q.groupsOfServers(
        database,
        rows.map((r) => r.id),
      );
      return { servers: rows.map((r) => serverBody(r, groups.get(r.id) ?? [])), total };
    },

    get: async (id: string) => withGroups(await mustFind(id)),

    /**
     * Self-registration (the caller proved the shared secret). A new name is a new Server
     * with a new auth_token. The same name again updates its endpoint and version and keeps
     * its token (answered as null) unless `rotate` asks for a new one, which ends the old:
     * that is how a Server that lost its token gets one. A revoked Server stays revoked
     * (403) until an administrator deletes it, or the shared secret would undo every revoke.
     * Either way the Server is polled at the poller's next tick, so a restarted Server is
     * back online in seconds instead of after its backoff.
     */
    async register(input: { name: string; endpoint: string; version: string; rotate: boolean }) {
      try {
        return await registerOnce(input);
      } catch (err) {
        // A concurrent registration inserted the name first: it is now a known Server.
        if (!q.isUniqueViolation(err)) throw err;
        return registerOnce(input);
      }
    },

    /** An administrator adds a Server; the answer carries its auth_token, this once. */
    async create(user: SessionUser, input: { name: string; endpoint: string }) {
      const token = newServerAuthToken();
      const row = await audit
        .write(async (tx, record) => {
          if (await q.findServerByName(tx, input.name)) {
            throw new ConflictError(`A Server named "${input.name}" exists`);
          }
          const now = clock();
          const row = await q.insertServer(tx, {
            id: newId(),
            name: input.name,
            endpoint: input.endpoint,
            authTokenSha256: serverAuthTokenHash(token),
            nextPollAt: now,
            createdAt: now,
            updatedAt: now,
          });
          await record({
            ...byUser(user),
            action: "server.create",
            targetType: "server",
            targetId: row.id,
            details: { name: row.name, endpoint: row.endpoint },
          });
          return row;
        })
        .catch((err: unknown) => {
          if (q.isUniqueViolation(err)) throw new ConflictError(`A Server named "${input.name}" exists`);
          throw err;
        });
      return { ...serverBody(row, []), auth_token: token };
    },

    groups: groupsOf,

    /** Replaces which user groups may use the Server (none: everyone). */
    async setGroups(user: SessionUser, id: string, groupIds: string[]) {
      const wanted = [...new Set(groupIds)];
      await audit.write(async (tx, record) => {
        if (!(await q.findServer(tx, id))) throw new NotFoundError(`No Server with id ${id}`);
        const found = new Set((await q.existingGroups(tx, wanted)).map((g) => g.id));
        const missing = wanted.filter((g) => !found.has(g));
        if (missing.length > 0) throw new ValidationError(`No user group with id ${missing.join(", ")}`);
        await q.setServerGroups(tx, id, wanted, clock());
        await record({
          ...byUser(user),
          action: "server.groups_set",
          targetType: "server",
          targetId: id,
          details: { group_ids: wanted },
        });
      });
      return groupsOf(id);
    },

    /** The Server's auth_token stops working at once (401); it is offline and no longer polled. */
    async revoke(user: SessionUser, id: string) {
      const row = await audit.write(async (tx, record) => {
        const current = await q.findServer(tx, id);
        if (!current) throw new NotFoundError(`No Server with id ${id}`);
        if (current.revokedAt) throw new ConflictError(`Server "${current.name}" is already revoked`);
        const now = clock();
        const row = await q.updateServer(tx, id, {
          revokedAt: now,
          status: "offline",
          nextPollAt: null,
          updatedAt: now,
        });
        await record({
          ...byUser(user),
          action: "server.revoke",
          targetType: "server",
          targetId: id,
          details: { name: row.name },
        });
        return row;
      });
      return withGroups(row);
    },

    async remove(user: SessionUser, id: string) {
      await audit.write(async (tx, record) => {
        const current = await q.findServer(tx, id);
        if (!current) throw new NotFoundError(`No Server with id ${id}`);
        await q.deleteServer(tx, id);
        await record({
          ...byUser(user),
          action: "server.delete",
          targetType: "server",
          targetId: id,
          details: { name: current.name, endpoint: current.endpoint },
        });
      });
    },

    /** Polls the Server now (an administrator's "check it"), audited with what it found. */
    async refresh(user: SessionUser, id: string) {
      const current = await mustFind(id);
      if (current.revokedAt) throw new ConflictError(`Server "${current.name}" is revoked: it is not polled`);
      const outcome = await checkServerHealth(current.endpoint, deps.timeoutMs);
      const row = await audit.write(async (tx, record) => {
        await record({
          ...byUser(user),
          action: "server.refresh",
          targetType: "server",
          targetId: id,
          details: outcome.ok ? { ok: true, version: outcome.version } : { ok: false, error: outcome.error },
        });
        const row = await recordPoll(tx, record, id, outcome, deps);
        if (!row) throw new NotFoundError(`No Server with id ${id}`);
        return row;
      });
      return withGroups(row);
    },
  };
}

export type ServersService = ReturnType<typeof createServersService>;
