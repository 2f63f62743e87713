import { and, eq, gt, isNull } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { HubDatabase } from "../db/hub-db";
import type { Clock } from "../shared/clock";
import { ForbiddenError, UnauthorizedError } from "../shared/errors";
import { type Role, roleAtLeast } from "../shared/roles";
import type { AuditWriter } from "./audit/writer";
import { sameDigest, sessionTokenHash } from "./auth/session-token";
import { serverAuth } from "./servers/server-auth";

/** The signed-in user, as the guards leave it on the request. */
export interface SessionUser {
  id: string;
  username: string;
  email: string | null;
  role: Role;
}

/** The Hub's Hono environment: what the session middleware sets for the handlers. */
export type HubEnv = { Variables: { user: SessionUser; sessionId: string } };

export interface GuardDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The user and session of `Authorization: Bearer <token>`, or null when the header is
 * missing, malformed, unknown or expired. Only the token's SHA-256 is looked up; the stored
 * digest is compared again in constant time so no comparison of ours leaks timing.
 */
export async function resolveSession(
  { database, clock }: Pick<GuardDeps, "database" | "clock">,
  authorization: string | undefined,
): Promise<{ user: SessionUser; sessionId: string } | null> {
  const token = authorization?.match(BEARER)?.[1];
  if (!token) return null;
  const digest = sessionTokenHash(token);
  const { sessions, users } = database.t;
  const rows = await database.db
    .select({
      sessionId: sessions.id,
      tokenSha256: sessions.tokenSha256,
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A disabled account's sessions were deleted when it was disabled; the join checks again.
    .where(and(eq(sessions.tokenSha256, digest), gt(sessions.expiresAt, clock()), isNull(users.disabledAt)))
    .limit(1);
  const row = rows[0];
  if (!row || !sameDigest(row.tokenSha256, digest)) return null;
  return { user: { id: row.id, username: row.username, email: row.email, role: row.role }, sessionId: row.sessionId };
}

/** True when a route handler (not only middleware, registered with `use`) follows the current one. */
function endpointMatched(c: Context): boolean {
  return matchedRoutes(c)
    .slice(c.req.routeIndex + 1)
    .some((route) => route.method !== "ALL");
}

/**
 * Every route registered after this middleware needs a valid session (401 otherwise): the
 * route index (app.ts) mounts the public routes before it, so a route is private unless it
 * is listed first, and a route that forgets its guard is still never anonymous. A path no
 * route answers stays a 404 (the route list is public in /docs anyway).
 */
export function sessionAuth(deps: Pick<GuardDeps, "database" | "clock">): MiddlewareHandler<HubEnv> {
  return async function hubSession(c, next) {
    const found = await resolveSession(deps, c.req.header("Authorization"));
    if (!found) {
      if (!endpointMatched(c)) return next();
      throw new UnauthorizedError("Sign in first: missing, unknown or expired session");
    }
    c.set("user", found.user);
    c.set("sessionId", found.sessionId);
    await next();
  };
}

/**
 * A refused authorization decision is audited (`authz.denied`, the route and the role that
 * was needed), so an auditor sees who probed what. Granted decisions are not logged one by
 * one: the write they allow appends its own event, and reads would flood the chain.
 */
async function denied(deps: GuardDeps, user: SessionUser, method: string, path: string, required: string) {
  await deps.audit.write((_tx, record) =>
    record({
      actorType: "user",
      actorId: user.id,
      action: "authz.denied",
      targetType: "route",
      targetId: `${method} ${path}`,
      details: { required, role: user.role },
    }),
  );
  return new ForbiddenError(`This needs the ${required} role`);
}

/** 403 unless the signed-in user's role is `min` or above (RequireAuditor = requireRole("auditor")). */
export function requireRole(min: Role, deps: GuardDeps): MiddlewareHandler<HubEnv> {
  return async function roleGuard(c, next) {
    const user = c.get("user");
    if (!user) throw new UnauthorizedError("Sign in first: missing, unknown or expired session");
    if (!roleAtLeast(user.role, min)) throw await denied(deps, user, c.req.method, c.req.path, min);
    await next();
  };
}

/** 403 unless the role is exactly `user` (hub.md RequireUser: not admin, not owner). */
export function requireUserRole(deps: GuardDeps): MiddlewareHandler<HubEnv> {
  return async function userRoleGuard(c, next) {
    const user = c.get("user");
    if (!user) throw new UnauthorizedError("Sign in first: missing, unknown or expired session");
    if (user.role !== "user") throw await denied(deps, user, c.req.method, c.req.path, "user (only)");
    await next();
  };
}

/** The guards bound to one Hub's deps: `guards.requireRole("auditor")` in route modules. */
export function createGuards(deps: GuardDeps) {
  return {
    session: sessionAuth(deps),
    requireRole: (min: Role) => requireRole(min, deps),
    requireUserRole: () => requireUserRole(deps),
    /** Routes a Server calls by its auth_token (`/internal/authorize`), mounted before `session`. */
    server: serverAuth(deps),
  };
}

export type Guards = ReturnType<typeof createGuards>;
