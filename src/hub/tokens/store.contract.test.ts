import { beforeAll, expect, test } from "bun:test";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import type { HubDatabase } from "../../db/hub-db";
import { newId } from "../../shared/ids";
import {
  CapabilityTokenRefusedError,
  type CapabilityTokens,
  capabilityTokenHash,
  createCapabilityTokens,
} from "./capability-tokens";
import { createDatabaseTokenStore } from "./database-store";
import { createMemoryTokenStore } from "./memory-store";
import type { TokenRefusal, TokenStore } from "./store";

/** A user and two Servers to bind tokens to (the database store's rows reference them). */
async function seed(database: HubDatabase, at: Date) {
  const userId = newId();
  const serverIds = [newId(), newId()] as const;
  await database.transaction(async (tx) => {
    await tx.db.insert(tx.t.users).values({
      id: userId,
      username: `tok-${userId.slice(-8)}`,
      passwordHash: "x",
      role: "user",
      createdAt: at,
      updatedAt: at,
    });
    for (const id of serverIds) {
      await tx.db.insert(tx.t.servers).values({
        id,
        name: `srv-${id.slice(-8)}`,
        endpoint: "http://127.0.0.1:1",
        authTokenSha256: capabilityTokenHash(id),
        createdAt: at,
        updatedAt: at,
      });
    }
  });
  return { userId, serverIds };
}

async function refusal(promise: Promise<unknown>): Promise<TokenRefusal | "redeemed"> {
  try {
    await promise;
    return "redeemed";
  } catch (err) {
    if (err instanceof CapabilityTokenRefusedError) {
      expect(err.status).toBe(403);
      return err.reason;
    }
    throw err;
  }
}

const STORES: Record<TokenStore["backend"], (database: HubDatabase) => TokenStore> = {
  memory: () => createMemoryTokenStore(),
  database: (database) => createDatabaseTokenStore(database),
};

describeHub("capability token stores (one contract, both stores)", (suite) => {
  for (const [backend, makeStore] of Object.entries(STORES)) {
    const time = manualClock("2026-06-01T12:00:00.000Z");
    let tokens: CapabilityTokens;
    let userId: string;
    let serverA: string;
    let serverB: string;
    beforeAll(async () => {
      const database = suite.ctx().database;
      tokens = createCapabilityTokens({ store: makeStore(database), clock: time.clock, ttlSeconds: 60 });
      const seeded = await seed(database, time.now());
      userId = seeded.userId;
      [serverA, serverB] = seeded.serverIds;
    });

    test(`${backend}: a token is 32 random bytes, redeemed once for its user and Server`, async () => {
      const { token, expiresAt } = await tokens.issue(userId, serverA);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(expiresAt.toISOString()).toBe("2026-06-01T12:01:00.000Z");
      expect(await tokens.redeem(token, serverA)).toEqual({ userId, serverId: serverA, expiresAt });
      expect(await refusal(tokens.redeem(token, serverA))).toBe("used");
    });

    test(`${backend}: 100 concurrent redeems of one token, exactly one succeeds`, async () => {
      const { token } = await tokens.issue(userId, serverA);
      const outcomes = await Promise.all(Array.from({ length: 100 }, () => refusal(tokens.redeem(token, serverA))));
      expect(outcomes.filter((o) => o === "redeemed")).toHaveLength(1);
      expect(outcomes.filter((o) => o === "used")).toHaveLength(99);
    });

    test(`${backend}: a token expires at its TTL by the injected clock`, async () => {
      const early = await tokens.issue(userId, serverA);
      const late = await tokens.issue(userId, serverA);
      time.advance(59_999);
      expect(await refusal(tokens.redeem(early.token, serverA))).toBe("redeemed");
      time.advance(1);
      expect(await refusal(tokens.redeem(late.token, serverA))).toBe("expired");
      time.set("2026-06-01T12:00:00.000Z");
    });

    test(`${backend}: a token bound to another Server is refused, and is spent by the attempt`, async () => {
      const { token } = await tokens.issue(userId, serverA);
      expect(await refusal(tokens.redeem(token, serverB))).toBe("foreign_server");
      expect(await refusal(tokens.redeem(token, serverA))).toBe("used");
    });

    test(`${backend}: an unknown token, or a stored token's hash sent as the token, is refused`, async () => {
      const { token } = await tokens.issue(userId, serverA);
      expect(await refusal(tokens.redeem("not-a-token", serverA))).toBe("unknown");
      expect(await refusal(tokens.redeem(capabilityTokenHash(token), serverA))).toBe("unknown");
    });

    test(`${backend}: cleanup drops the expired tokens and keeps the live ones`, async () => {
      time.advance(3_600_000);
      await tokens.dropExpired(); // the earlier tests' tokens
      const old = await tokens.issue(userId, serverA);
      time.advance(30_000);
      const fresh = await tokens.issue(userId, serverA);
      time.advance(30_000);
      expect(await tokens.dropExpired()).toBe(1);
      expect(await refusal(tokens.redeem(old.token, serverA))).toBe("unknown");
      expect(await refusal(tokens.redeem(fresh.token, serverA))).toBe("redeemed");
      time.set("2026-06-01T12:00:00.000Z");
    });
  }

  test("the database store keeps only each token's SHA-256", async () => {
    const { database } = suite.ctx();
    const time = manualClock("2026-06-01T12:00:00.000Z");
    const tokens = createCapabilityTokens({
      store: createDatabaseTokenStore(database),
      clock: time.clock,
      ttlSeconds: 60,
    });
    const { userId, serverIds } = await seed(database, time.now());
    const { token } = await tokens.issue(userId, serverIds[0]);
    const rows = await database.db.select().from(database.t.serverTokens);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
    expect(text).toContain(capabilityTokenHash(token));
  });
});
