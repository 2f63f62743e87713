import { expect, test } from "bun:test";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { newId } from "../../shared/ids";
import { newSessionToken, sessionTokenHash } from "../auth/session-token";
import { deleteExpiredSessions } from "./session-cleanup";

describeHub("session cleanup", (suite) => {
  test("deletes exactly the sessions expired by the clock, in batches, and keeps the rest", async () => {
    const { database } = suite.ctx();
    const time = manualClock("2026-07-01T00:00:00.000Z");
    const now = time.now();
    const userId = newId();
    await database.transaction(async (tx) => {
      await tx.db.insert(tx.t.users).values({
        id: userId,
        username: "cleanup-user",
        passwordHash: "x",
        role: "user",
        createdAt: now,
        updatedAt: now,
      });
      // 25 expired (1..25 minutes ago), one expiring exactly now, 4 still valid.
      const rows = [...Array.from({ length: 25 }, (_, i) => -(i + 1)), 0, 1, 2, 3, 60].map((minutes) => ({
        id: newId(),
        tokenSha256: sessionTokenHash(newSessionToken()),
        userId,
        createdAt: new Date(now.getTime() - 3_600_000),
        expiresAt: new Date(now.getTime() + minutes * 60_000),
      }));
      await tx.db.insert(tx.t.sessions).values(rows);
    });
    expect(await deleteExpiredSessions(database, time.clock, 10)).toBe(26);
    const left = await database.db.select({ expiresAt: database.t.sessions.expiresAt }).from(database.t.sessions);
    expect(left.map((s) => (s.expiresAt.getTime() - now.getTime()) / 60_000).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 60,
    ]);
    expect(await deleteExpiredSessions(database, time.clock, 10)).toBe(0);
    time.advance(2 * 60_000);
    expect(await deleteExpiredSessions(database, time.clock, 10)).toBe(2);
  });
});
