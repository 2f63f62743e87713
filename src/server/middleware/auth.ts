import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { UnauthorizedError } from "../../shared/errors";
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

function bearerOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * The Server's authentication, innermost of its middleware. `ephemeral` and `static` need
 * `Authorization: Bearer <token>` or `X-Weft-Token: <token>` (which wins when both are
 * sent); `disabled` lets everything through; `hub` mode fails closed until the Hub's
 * per-request authorization is wired in.
 */
export function serverAuth({ mode, token }: ServerAuthOptions): MiddlewareHandler {
  if ((mode === "ephemeral" || mode === "static") && !token) {
    throw new Error(`AUTH_MODE=${mode} needs a token`);
  }
  return async function serverAuthMiddleware(c, next) {
    // Hub routes share the /api prefix in `all` mode and authenticate with their own sessions.
    if (c.req.path.startsWith("/api/v1/") || PUBLIC_PATHS.has(c.req.path) || mode === "disabled") return next();
    if (mode === "hub") {
      throw new UnauthorizedError("This Server answers to a Hub: Hub authorization is not available in this version");
    }
    // X-Weft-Token wins, so that Authorization can carry someone else's key (the AI proxy's).
    const given = c.req.header("x-weft-token")?.trim() || bearerOf(c.req.header("authorization"));
    if (!given) throw new UnauthorizedError("Missing bearer token: send Authorization: Bearer <token>");
    if (!sameSecret(given, token as string)) throw new UnauthorizedError("Invalid token");
    return next();
  };
}
