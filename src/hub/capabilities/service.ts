import type { HubDatabase } from "../../db/hub-db";
import { ConflictError, ForbiddenError, NotFoundError } from "../../shared/errors";
import type { AuditWriter } from "../audit/writer";
import type { SessionUser } from "../guards";
import type { CapabilityTokens } from "../tokens/capability-tokens";
import { type CandidateServer, serverForUser, usableOnlineServers } from "./queries";

export interface CapabilitiesDeps {
  database: HubDatabase;
  audit: AuditWriter;
  tokens: CapabilityTokens;
}

/**
 * Issuing capability tokens (hub.md "Authentication" 4a-b): pick an online Server the user
 * may use (its user groups: none = everyone, else the user must be in one), least busy
 * first, and store a single-use token bound to the user, that Server and the TTL.
 */
export function createCapabilitiesService({ database, audit, tokens }: CapabilitiesDeps) {
  async function chosen(user: SessionUser, serverId: string): Promise<CandidateServer> {
    const server = await serverForUser(database, user.id, serverId);
    if (!server) throw new NotFoundError(`No Server with id ${serverId}`);
    if (!server.usable)
      throw new ForbiddenError(`You may not use Server "${server.name}": it serves other user groups`);
    if (server.revokedAt) throw new ConflictError(`Server "${server.name}" is revoked`);
    if (server.status !== "online")
      throw new ConflictError(`Server "${server.name}" is offline; try again later or pick another`);
    return server;
  }

  async function leastBusy(user: SessionUser): Promise<CandidateServer> {
    const [server] = await usableOnlineServers(database, user.id);
    if (!server) {
      throw new ConflictError(
        "No online Server may serve you now: every Server you may use is offline, or none is registered for your groups",
      );
    }
    return server;
  }

  return {
    async issue(user: SessionUser, serverId?: string) {
      const server = serverId ? await chosen(user, serverId) : await leastBusy(user);
      const { token, expiresAt } = await tokens.issue(user.id, server.id);
      // Never the token (nor its hash) in the chain: who got one, for which Server, until when.
      await audit.write((_tx, record) =>
        record({
          actorType: "user",
          actorId: user.id,
          action: "capability.issue",
          targetType: "server",
          targetId: server.id,
          details: { server_name: server.name, expires_at: expiresAt.toISOString(), requested: serverId ?? null },
        }),
      );
      return { token, server_id: server.id, endpoint: server.endpoint, expires_at: expiresAt.toISOString() };
    },
  };
}
