import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { HubDatabase, HubQueryable } from "../../db/hub-db";
import { refusalOf, type TakeResult, type TokenStore } from "./store";

/**
 * The token store in `server_tokens` (TOKEN_STORE_BACKEND=database), which several Hub
 * replicas can share. `take` is one conditional UPDATE (`used_at IS NULL AND expires_at >
 * now`): PostgreSQL locks the row and re-checks the condition after a concurrent update
 * commits, SQLite runs writers one at a time, so only one take of a token ever sees it unused.
 */
export function createDatabaseTokenStore(database: HubDatabase): TokenStore {
  const { serverTokens } = database.t;
  return {
    backend: "database",
    async save(token) {
      await database.transaction((tx) => tx.db.insert(tx.t.serverTokens).values({ ...token, usedAt: null }));
    },
    async take(tokenSha256, serverId, now, within): Promise<TakeResult> {
      const takeIn = (q: HubQueryable) =>
        q.db
          .update(q.t.serverTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(q.t.serverTokens.tokenSha256, tokenSha256),
              isNull(q.t.serverTokens.usedAt),
              gt(q.t.serverTokens.expiresAt, now),
            ),
          )
          .returning();
      const taken = within ? await takeIn(within) : await database.transaction((tx) => takeIn(tx));
      const token = taken[0];
      if (token) {
        if (token.serverId !== serverId) return { ok: false, reason: "foreign_server" };
        return { ok: true, token };
      }
      const q = within ?? database;
      const [found] = await q.db
        .select({ usedAt: serverTokens.usedAt, expiresAt: serverTokens.expiresAt })
        .from(serverTokens)
        .where(eq(serverTokens.tokenSha256, tokenSha256));
      return { ok: false, reason: refusalOf(found, now) };
    },
    async deleteExpired(now) {
      const gone = await database.transaction((tx) =>
        tx.db
          .delete(tx.t.serverTokens)
          .where(lte(tx.t.serverTokens.expiresAt, now))
          .returning({ tokenSha256: tx.t.serverTokens.tokenSha256 }),
      );
      return gone.length;
    },
  };
}
