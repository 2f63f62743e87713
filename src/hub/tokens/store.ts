import type { HubQueryable } from "../../db/hub-db";

/**
 * Where capability tokens live between `POST /capabilities/token` and their redemption by a
 * Server (`TOKEN_STORE_BACKEND`: memory-store.ts by default, database-store.ts in
 * `server_tokens`). A store only ever sees the token's SHA-256: the token itself is handed
 * to the user once and never kept, so neither a memory dump nor the database reveals one.
 */

/** A stored capability token: bound to one user, one Server and an expiry. */
export interface StoredToken {
  tokenSha256: string;
  userId: string;
  serverId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Why a token was not redeemed. */
export type TokenRefusal = "unknown" | "used" | "expired" | "foreign_server";

export type TakeResult = { ok: true; token: StoredToken } | { ok: false; reason: TokenRefusal };

export interface TokenStore {
  readonly backend: "memory" | "database";
  /** Keeps a new, unused token. */
  save(token: Omit<StoredToken, "usedAt">): Promise<void>;
  /**
   * Uses the token up, atomically: of any number of concurrent takes of one token exactly
   * one can succeed. A token that is unused and not expired at `now` is marked used whoever
   * presents it; when the presenter is not the Server it was issued for, the answer is
   * `foreign_server` and the token stays used: a token shown to the wrong Server counts as
   * disclosed, so it must not work afterwards for anyone. `within`: an open transaction
   * the database store takes the token in (so the caller's audit event commits with the
   * take, or neither does); the memory store has none and ignores it.
   */
  take(tokenSha256: string, serverId: string, now: Date, within?: HubQueryable): Promise<TakeResult>;
  /** Drops every token whose expiry is at or before `now`; answers how many went. */
  deleteExpired(now: Date): Promise<number>;
}

/** The refusal of a token that could not be marked used (shared by both stores). */
export function refusalOf(token: Pick<StoredToken, "usedAt" | "expiresAt"> | undefined, now: Date): TokenRefusal {
  if (!token) return "unknown";
  if (token.usedAt) return "used";
  return token.expiresAt.getTime() <= now.getTime() ? "expired" : "unknown";
}
