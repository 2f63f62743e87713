import { refusalOf, type StoredToken, type TakeResult, type TokenStore } from "./store";

/**
 * The default token store: a Map in this process. It needs exactly one Hub replica
 * (hub.md, durability rule 5). `take` checks and marks a token without awaiting in
 * between, so JavaScript's single thread makes it atomic: no other take runs in the gap.
 */
export function createMemoryTokenStore(): TokenStore {
  const tokens = new Map<string, StoredToken>();
  return {
    backend: "memory",
    async save(token) {
      tokens.set(token.tokenSha256, { ...token, usedAt: null });
    },
    async take(tokenSha256, serverId, now): Promise<TakeResult> {
      const token = tokens.get(tokenSha256);
      if (!token || token.usedAt || token.expiresAt.getTime() <= now.getTime()) {
        return { ok: false, reason: refusalOf(token, now) };
      }
      token.usedAt = now;
      if (token.serverId !== serverId) return { ok: false, reason: "foreign_server" };
      return { ok: true, token: { ...token } };
    },
    async deleteExpired(now) {
      let dropped = 0;
      for (const [hash, token] of tokens) {
        if (token.expiresAt.getTime() <= now.getTime()) {
          tokens.delete(hash);
          dropped++;
        }
      }
      return dropped;
    },
  };
}
