import type { MiddlewareHandler } from "hono";
import type { HubDatabase } from "../../db/hub-db";
import { UnauthorizedError } from "../../shared/errors";
import { sameDigest } from "../auth/session-token";
import { bearerToken, serverAuthTokenHash } from "./auth-token";
import { findServerByTokenHash, type ServerRow } from "./queries";

/** The Server a request authenticated as (`c.get("server")` behind serverAuth). */
export type AuthenticatedServer = Pick<ServerRow, "id" | "name" | "endpoint">;

export type ServerAuthEnv = { Variables: { server: AuthenticatedServer } };

/**
 * The Server whose auth_token is `Authorization: Bearer <token>`, or null when the header is
 * missing or the token unknown or revoked. Only the SHA-256 is looked up, and the stored
 * digest compared again in constant time.
 */
export async function authenticateServer(
  database: HubDatabase,
  authorization: string | undefined,
): Promise<AuthenticatedServer | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const digest = serverAuthTokenHash(token);
  const row = await findServerByTokenHash(database, digest);
  if (!row || !sameDigest(row.authTokenSha256, digest) || row.revokedAt) return null;
  return { id: row.id, name: row.name, endpoint: row.endpoint };
}

/**
 * Routes a Server calls (`POST /internal/authorize`): 401 unless the bearer is the
 * auth_token of a registered, unrevoked Server. Mounted before the session guard in app.ts,
 * since a Server has no session.
 */
export function serverAuth({ database }: { database: HubDatabase }): MiddlewareHandler<ServerAuthEnv> {
  return async function hubServerAuth(c, next) {
    const server = await authenticateServer(database, c.req.header("Authorization"));
    if (!server) throw new UnauthorizedError("Unknown or revoked Server auth_token");
    c.set("server", server);
    await next();
  };
}
