import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { UnauthorizedError } from "../../shared/errors";
import { requestTokenOf } from "../../shared/request-token";
import type { AuthMode } from "../config";

export interface ServerAuthOptions {
  mode: AuthMode;
  /** The bearer token of `ephemeral` (made at start) and `static` (API_KEY) modes. */
  token?: string;
}

/** Routes anyone may call: the health check. */
const PUBLIC_PATHS = new Set(["/api/health", "/api/health/"]);

/** Compares two secrets in time independent of where they differ (hashes equalize lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Hub routes (`all` mode shares the /api prefix; they authenticate with their own sessions) and health. */
export function isPublicServerPath(path: string): boolean {
  return path.startsWith("/api/v1/") || PUBLIC_PATHS.has(path);
}

/** The token a request carries: X-Weft-Token wins, so that Authorization can carry someone else's key (the AI proxy's). */
export function requestToken(c: Context): string | undefined {
  return requestTokenOf((name) => c.req.header(name));
}

/**
 * The Server's authentication, innermost of its middleware. `ephemeral` and `static` need
 * `Authorization: Bearer <token>` or `X-Weft-Token: <token>` (which wins when both are
 * sent); `disabled` lets everything through; `hub` mode only checks that a token is there
 * (a cheap 401 before any body is read): the token is a capability token that
 * hub/authorize-middleware.ts redeems at the Hub, after the JSON depth limit.
 */
export function serverAuth({ mode, token }: ServerAuthOptions): MiddlewareHandler {
  if ((mode === "ephemeral" || mode === "static") && !token) {
    throw new Error(`AUTH_MODE=${mode} needs a token`);
  }
  return async function serverAuthMiddleware(c, next) {
    if (isPublicServerPath(c.req.path) || mode === "disabled") return next();
    const given = requestToken(c);
    if (!given) throw new UnauthorizedError("Missing bearer token: send Authorization: Bearer <token>");
    if (mode === "hub") return next();
    if (!sameSecret(given, token as string)) throw new UnauthorizedError("Invalid token");
    return next();
  };
}
