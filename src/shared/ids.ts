import { randomBytes } from "node:crypto";

/** A random token of `bytes` bytes, base64url (32 bytes for sessions and capabilities). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A short id for an unexpected error: returned to the client and written to the log. */
export function newErrorId(): string {
  return randomBytes(6).toString("hex");
}

/**
 * A new record id: a UUIDv7 (time-ordered, so new rows land at the end of an index and ids
 * sort roughly by creation), as text in both database dialects.
 */
export function newId(): string {
  return Bun.randomUUIDv7();
}
