import { timingSafeEqual } from "node:crypto";
import { sha256Hex } from "../../shared/hash";
import { randomToken } from "../../shared/ids";

/** A Server's new auth_token: 32 random bytes, base64url. Shown once; only its SHA-256 is kept. */
export function newServerAuthToken(): string {
  return randomToken(32);
}

/** What `servers.auth_token_sha256` keeps of an auth_token. */
export function serverAuthTokenHash(token: string): string {
  return sha256Hex(token);
}

/**
 * Whether `given` is the shared registration secret HUB_SERVER_TOKEN, in constant time:
 * both sides are hashed first, so the comparison is of equal lengths and its time says
 * nothing about the secret, not even its length. False when the Hub has no secret set.
 */
export function isRegistrationSecret(given: string | undefined, configured: string | undefined): boolean {
  if (!configured || given === undefined) return false;
  const a = Buffer.from(sha256Hex(given), "hex");
  const b = Buffer.from(sha256Hex(configured), "hex");
  return timingSafeEqual(a, b);
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization?.match(BEARER)?.[1];
}
