import { timingSafeEqual } from "node:crypto";
import { sha256Hex } from "../../shared/hash";
import { randomToken } from "../../shared/ids";

/** A new session token: 32 random bytes, base64url (decisions.md). Given to the client once. */
export function newSessionToken(): string {
  return randomToken(32);
}

/** What the sessions table keeps of a token: its SHA-256, hex. */
export function sessionTokenHash(token: string): string {
  return sha256Hex(token);
}

/** Constant-time equality of two hex digests (false for different lengths). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
