import type { MiddlewareHandler } from "hono";
import { UnauthorizedError } from "../../shared/errors";
import { isPublicServerPath, requestToken } from "../middleware/auth";
import { whatRequestAsks } from "./asked";
import { type GrantContext, grantOf } from "./grant-context";
import type { HubLink } from "./hub-link";

export interface HubAuthorizationDeps {
  link: HubLink;
  grants: GrantContext;
  /** The Server's data directory: out of reach whatever the Hub grants, save its files/. */
  dataDir: string;
}

/**
 * `AUTH_MODE=hub` (docs/server-api.md rule 12; docs/hub.md "Operating Servers in hub mode"): every request but health carries
 * a capability token the Hub issued for this user, this Server and this moment (one token,
 * one request). Before anything runs, the Server reads what the request names (asked.ts),
 * redeems the token at the Hub's `/internal/authorize` asking for exactly that, and serves
 * the request inside the Hub's answer: its connections are the only credentials the run
 * sees, its roots the only files. Refusals are the Hub's (403 with its reason); a Hub that
 * cannot be asked is a 503, and nothing runs.
 */
export function hubAuthorization({ link, grants, dataDir }: HubAuthorizationDeps): MiddlewareHandler {
  return async function hubAuthorize(c, next) {
    if (isPublicServerPath(c.req.path)) return next();
    const token = requestToken(c);
    if (!token) throw new UnauthorizedError("Missing capability token: ask the Hub for one (POST /capabilities/token)");
    const json = c.req.header("content-type")?.includes("application/json") && c.req.method !== "GET";
    const body = json ? await c.req.json().catch(() => undefined) : undefined;
    const asked = whatRequestAsks(c.req.method, c.req.path, c.req.query(), body);
    const answer = await link.authorize({ token, ...asked });
    await grants.run(grantOf(answer, dataDir), () => next());
  };
}
