import type { HubDatabase } from "../../db/hub-db";
import { ForbiddenError } from "../../shared/errors";
import type { AuthorizeRequest, AuthorizeResponse, GrantedRoot } from "../../shared/hub-contract";
import type { AuditWriter } from "../audit/writer";
import { serverConnection } from "../connections/server-view";
import type { ConnectionVault } from "../connections/vault";
import type { AuthenticatedServer } from "../servers/server-auth";
import { CapabilityTokenRefusedError, type CapabilityTokens } from "../tokens/capability-tokens";
import { checkPaths } from "./paths";
import { grantedConnections, tokenUser } from "./queries";

export interface AuthorizeDeps {
  database: HubDatabase;
  audit: AuditWriter;
  tokens: CapabilityTokens;
  vault: () => Promise<ConnectionVault>;
}

/** What was asked, for the audit event: ids and paths, never a token or a credential. */
function asked(body: AuthorizeRequest) {
  return { connection_ids: body.connection_ids ?? [], paths: body.paths ?? [], write_paths: body.write_paths ?? [] };
}

/**
 * `POST /internal/authorize` (hub.md "Authentication" 4c-d): the Server authenticated by its
 * auth_token redeems a user's capability token and learns what that one request may use.
 * The token is consumed first, whatever follows (single use: a refused request spends it
 * too). Then every connection and path asked for must be granted to the token's user through
 * the grant chain, for every role: the admin area lets owners, admins and auditors SEE every
 * connection, but using one on a Server needs a grant like anyone's (an admin grants
 * themselves through a user group, which the audit chain records). A request naming anything
 * ungranted is refused whole (403). Every decision is audited, granted or refused, with what
 * was asked; a granted answer is only sent once its event is written.
 */
export function createAuthorizeService({ database, audit, tokens, vault }: AuthorizeDeps) {
  async function record(server: AuthenticatedServer, action: string, userId: string | null, details: object) {
    await audit.write((_tx, write) =>
      write({
        actorType: "server",
        actorId: server.id,
        action,
        targetType: userId ? "user" : null,
        targetId: userId,
        details: { server_name: server.name, ...details },
      }),
    );
  }

  async function refuse(
    server: AuthenticatedServer,
    userId: string | null,
    reason: string,
    details: object,
    message: string,
  ) {
    await record(server, "capability.refused", userId, { reason, ...details });
    return new ForbiddenError(message);
  }

  return {
    async authorize(server: AuthenticatedServer, body: AuthorizeRequest): Promise<AuthorizeResponse> {
      const what = asked(body);
      let userId: string;
      try {
        userId = (await tokens.redeem(body.token, server.id)).userId;
      } catch (err) {
        if (!(err instanceof CapabilityTokenRefusedError)) throw err;
        throw await refuse(server, null, `token_${err.reason}`, what, err.message);
      }
      const user = await tokenUser(database, userId);
      if (!user) throw await refuse(server, userId, "user_gone", what, "The account this token was issued to is gone");
      const rows = await grantedConnections(database, userId);
      const byId = new Map(rows.map((r) => [r.connection.id, r]));
      const missing = what.connection_ids.filter((id) => !byId.has(id));
      if (missing.length > 0) {
        throw await refuse(
          server,
          userId,
          "connection_not_granted",
          { ...what, refused: missing },
          `Connection ${missing.join(", ")} is not granted to you (or does not exist): ask an administrator for a grant`,
        );
      }
      const roots: GrantedRoot[] = rows
        .filter((r) => r.filesystem)
        .map((r) => ({ path: r.filesystem?.path as string, read_only: Boolean(r.filesystem?.readOnly) }));
      const checked = checkPaths(roots, what.paths, what.write_paths);
      if (!checked.ok) {
        const { path, reason } = checked.refusal;
        const why =
          reason === "read_only"
            ? "lies only in read-only folders granted to you: it cannot be written"
            : reason === "not_absolute"
              ? "is not an absolute path"
              : "is outside every folder granted to you";
        throw await refuse(server, userId, `path_${reason}`, { ...what, refused: [path] }, `"${path}" ${why}`);
      }
      const opened = what.connection_ids.length > 0 ? await vault() : undefined;
      const connections = [...new Set(what.connection_ids)].map((id) =>
        serverConnection(byId.get(id) as (typeof rows)[number], opened as ConnectionVault),
      );
      await record(server, "capability.redeem", userId, { ...what, role: user.role });
      return { user_id: userId, role: user.role, connections, paths: checked.paths, roots };
    },
  };
}
