import { beforeAll, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { createAccount, type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { waitUntil } from "../../../tests/helpers/wait";
import { newId } from "../../shared/ids";
import { newSessionToken, sessionTokenHash } from "../auth/session-token";
import { startSessionCleanup, sweepExpiredSessions } from "./session-cleanup";

const HOUR = 3_600_000;

describeHub("session cleanup", (suite) => {
  const time = manualClock("2026-06-01T00:00:00.000Z");
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock, withAccounts: false });
  });

  /** `n` sessions of one user, expiring `hours` from now. */
  const addSessions = async (n: number, hours: number) => {
    const { user } = await createAccount(hub.deps, "user");
    const { sessions } = hub.deps.database.t;
    await hub.deps.database.transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        await tx.db.insert(sessions).values({
          id: newId(),
          tokenSha256: sessionTokenHash(newSessionToken()),
          userId: user.id,
          createdAt: time.now(),
          expiresAt: new Date(time.now().getTime() + hours * HOUR),
        });
      }
    });
  };
  const sessionCount = async () => {
    const { sessions } = hub.deps.database.t;
    const [row] = await hub.deps.database.db.select({ n: count() }).from(sessions);
    return Number(row?.n);
  };

  test("only sessions expired by the injected clock go, in batches, until none is left", async () => {
    await addSessions(7, 1);
    await addSessions(3, 5);
    // createAccount's own session of each of those two users expires in 1 hour.
    expect(await sessionCount()).toBe(12);
    expect(await sweepExpiredSessions(hub.deps, 3)).toBe(0);
    time.advance(2 * HOUR);
    expect(await sweepExpiredSessions(hub.deps, 3)).toBe(9);
    expect(await sessionCount()).toBe(3);
    time.advance(3 * HOUR);
    expect(await sweepExpiredSessions(hub.deps, 3)).toBe(3);
    expect(await sessionCount()).toBe(0);
  });

  test("the task sweeps after its first delay, and does nothing after stop", async () => {
    await addSessions(4, 1);
    time.advance(2 * HOUR);
    const stop = startSessionCleanup(hub.deps, { firstMs: 0, everyMs: HOUR });
    try {
      await waitUntil(async () => (await sessionCount()) === 0, "the first sweep");
    } finally {
      stop();
    }
    await addSessions(2, 1);
    time.advance(2 * HOUR);
    const stopped = startSessionCleanup(hub.deps, { firstMs: 0, everyMs: HOUR });
    stopped();
    // A stopped task never sweeps: the sweep itself, run now, still finds all 3 expired rows.
    expect(await sweepExpiredSessions(hub.deps)).toBe(3);
  });
});
