import type { HubDatabase, HubQueryable } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ForbiddenError } from "../../shared/errors";
import { sha256Hex } from "../../shared/hash";
import { randomToken } from "../../shared/ids";
import { createDatabaseTokenStore } from "./database-store";
import { createMemoryTokenStore } from "./memory-store";
import type { TokenRefusal, TokenStore } from "./store";

const REFUSALS: Record<TokenRefusal, string> = {
  unknown: "Unknown capability token",
  used: "This capability token was already used: each is good for one request",
  expired: "This capability token has expired: ask the Hub for a new one",
  foreign_server: "This capability token was issued for another Server",
};

/** A capability token the Hub will not honour (403); `reason` tells which rule refused it. */
export class CapabilityTokenRefusedError extends ForbiddenError {
  constructor(readonly reason: TokenRefusal) {
    super(REFUSALS[reason]);
  }
}

/** What a redeemed token vouches for: this user, on this Server. */
export interface RedeemedToken {
  userId: string;
  serverId: string;
  expiresAt: Date;
}

export interface CapabilityTokens {
  readonly store: TokenStore;
  /** A new single-use token for `userId` on `serverId`, valid CAPABILITY_TOKEN_TTL_SECONDS. */
  issue(userId: string, serverId: string): Promise<{ token: string; expiresAt: Date }>;
  /**
   * Uses the token up for the Server `serverId` (what `/internal/authorize` calls once it
   * has authenticated that Server). Throws CapabilityTokenRefusedError for an unknown, used,
   * expired or foreign token. `within`: an open transaction to take it in (the store's note).
   */
  redeem(token: string, serverId: string, within?: HubQueryable): Promise<RedeemedToken>;
  /** Drops expired tokens (the token cleanup task). */
  dropExpired(): Promise<number>;
}

export interface CapabilityTokensDeps {
  store: TokenStore;
  clock: Clock;
  ttlSeconds: number;
}

/** Only a token's SHA-256 is stored or looked up. */
export function capabilityTokenHash(token: string): string {
  return sha256Hex(token);
}

export function createCapabilityTokens({ store, clock, ttlSeconds }: CapabilityTokensDeps): CapabilityTokens {
  return {
    store,
    async issue(userId, serverId) {
      const token = randomToken(32);
      const createdAt = clock();
      const expiresAt = new Date(createdAt.getTime() + ttlSeconds * 1000);
      await store.save({ tokenSha256: capabilityTokenHash(token), userId, serverId, createdAt, expiresAt });
      return { token, expiresAt };
    },
    async redeem(token, serverId, within) {
      const taken = await store.take(capabilityTokenHash(token), serverId, clock(), within);
      if (!taken.ok) throw new CapabilityTokenRefusedError(taken.reason);
      return { userId: taken.token.userId, serverId: taken.token.serverId, expiresAt: taken.token.expiresAt };
    },
    dropExpired: () => store.deleteExpired(clock()),
  };
}

/** The store TOKEN_STORE_BACKEND names. */
export function createTokenStore(backend: "memory" | "database", database: HubDatabase): TokenStore {
  return backend === "database" ? createDatabaseTokenStore(database) : createMemoryTokenStore();
}
