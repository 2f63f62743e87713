import type { MiddlewareHandler } from "hono";
import { ForbiddenError } from "../../shared/errors";
import type { AuthorizeResponse } from "../../shared/hub-contract";
import type { GrantContext } from "./grant-context";

type HubRole = AuthorizeResponse["role"];

const RANK: Record<HubRole, number> = { user: 0, auditor: 1, admin: 2, owner: 3 };

/**
 * In hub mode, a route that serves the Server as a whole rather than one person's request
 * (the run archive holds every user's runs; the cache is shared by all) answers only a role
 * of at least `min`, as the Hub's answer for this request names it. Without a grant (not hub
 * mode) it lets the request through: the Server's own authentication already decided.
 */
export function requireHubRole(grants: GrantContext, min: HubRole, what: string): MiddlewareHandler {
  return async function hubRoleGuard(_c, next) {
    const grant = grants.current();
    if (!grant) throw new ForbiddenError(`${what} needs a request authorized by the Hub`);
    if (RANK[grant.answer.role] < RANK[min]) {
      throw new ForbiddenError(
        `In hub mode ${what} is for the Hub's ${min}s and above (the Hub's executions are each user's run history)`,
      );
    }
    return next();
  };
}
