import type { HubDatabase, HubQueryable } from "../../db/hub-db";
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

type Asked = { connection_ids: string[]; paths: string[]; write_paths: string[] };

/** What the decision was, and what its audit event says (never a token, a URI or a credential). */
type Decision =
  | { granted: AuthorizeResponse; userId: string; details: object }
  | { refused: ForbiddenError; userId: string | null; details: object };

/** What was asked, for the audit event: ids and paths. */
function asked(body: AuthorizeRequest): Asked {
  return { connection_ids: body.connection_ids ?? [], paths: body.paths ?? [], write_paths: body.write_paths ?? [] };
}

const PATH_REFUSALS = {
  read_only: "lies only in read-only folders granted to you: it cannot be written",
  not_absolute: "is not an absolute path",
  outside_grants: "is outside every folder granted to you",
} as const;

/**
 * The decision for one request, read and taken in `tx`: the token is consumed first,
 * whatever follows (single use: a refused request spends it too); then every connection and
 * path asked for must be granted to the token's user through the grant chain, for every
 * role: the admin area lets owners, admins and auditors SEE every connection, but using one
 * on a Server needs a grant like anyone's (an admin grants themselves through a user group,
 * which the audit chain records). One ungranted item refuses the whole request.
 */
async function decide(
  tx: HubQueryable,
  deps: AuthorizeDeps,
  server: AuthenticatedServer,
  body: AuthorizeRequest,
  vault: ConnectionVault | undefined,
): Promise<Decision> {
  const what = asked(body);
  let userId: string;
  try {
    userId = (await deps.tokens.redeem(body.token, server.id, tx)).userId;
  } catch (err) {
    if (!(err instanceof CapabilityTokenRefusedError)) throw err;
    return { refused: err, userId: null, details: { reason: `token_${err.reason}`, ...what } };
  }
  const user = await tokenUser(tx, userId);
  if (!user) {
    const refused = new ForbiddenError("The account this token was issued to is gone");
    return { refused, userId, details: { reason: "user_gone", ...what } };
  }
  if (user.disabledAt) {
    const refused = new ForbiddenError("The account this token was issued to is disabled");
    return { refused, userId, details: { reason: "user_disabled", ...what } };
  }
  const rows = await grantedConnections(tx, userId);
  const byId = new Map(rows.map((r) => [r.connection.id, r]));
  const missing = what.connection_ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const refused = new ForbiddenError(
      `Connection ${missing.join(", ")} is not granted to you (or does not exist): ask an administrator for a grant`,
    );
    return { refused, userId, details: { reason: "connection_not_granted", ...what, refused: missing } };
  }
  const roots: GrantedRoot[] = rows.flatMap((r) =>
    r.filesystem ? [{ path: r.filesystem.path, read_only: r.filesystem.readOnly }] : [],
  );
  const checked = checkPaths(roots, what.paths, what.write_paths);
  if (!checked.ok) {
    const { path, reason } = checked.refusal;
    const refused = new ForbiddenError(`"${path}" ${PATH_REFUSALS[reason]}`);
    return { refused, userId, details: { reason: `path_${reason}`, ...what, refused: [path] } };
  }
  const connections = [...new Set(what.connection_ids)].map((id) =>
    serverConnection(byId.get(id) as (typeof rows)[number], vault as ConnectionVault),
  );
  return {
    granted: { user_id: userId, role: user.role, connections, paths: checked.paths, roots },
    userId,
    details: { ...what, role: user.role },
  };
}

/**
 * `POST /internal/authorize` (hub.md "Authentication" 4c-d): the Server authenticated by its
 * auth_token redeems a user's capability token and learns what that one request may use.
 * The consumption of the token, the checks and the audit event (`capability.redeem`, or
 * `capability.refused` with its reason and what was asked) are one transaction with the
 * database token store: the decision and its record commit together, and a granted answer
 * is only sent once they have. (The memory store's take cannot join a transaction; if the
 * event's commit failed, the token stays spent and nothing is granted.)
 */
export function createAuthorizeService(deps: AuthorizeDeps) {
  return {
    async authorize(server: AuthenticatedServer, body: AuthorizeRequest): Promise<AuthorizeResponse> {
      // Opened (once per Hub) before the transaction: only a request naming connections needs it.
      const vault = body.connection_ids?.length ? await deps.vault() : undefined;
      const decision = await deps.audit.write(async (tx, record) => {
        const made = await decide(tx, deps, server, body, vault);
        await record({
          actorType: "server",
          actorId: server.id,
          action: "granted" in made ? "capability.redeem" : "capability.refused",
          targetType: made.userId ? "user" : null,
          targetId: made.userId,
          details: { server_name: server.name, ...made.details },
        });
        return made;
      });
      if ("refused" in decision) throw decision.refused;
      return decision.granted;
    },
  };
}
