import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { describeHub } from "../../../tests/helpers/hub-db";
import { insertSchedule, scheduledExecutions, seedWorkflow } from "../../../tests/helpers/hub-schedules";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { openDatabase } from "../../db/client";
import { type HubDatabase, hubDatabase } from "../../db/hub-db";
import { createLogger } from "../../shared/logger";
import { type DispatchDeps, dispatchDue } from "./dispatch";
import { claimDue } from "./dispatch-queries";

const logger = createLogger({ sink: () => {} });

const deps = (database: HubDatabase, clock: () => Date, extra: Partial<DispatchDeps> = {}): DispatchDeps => ({
  database,
  clock,
  logger,
  timeSource: "clock",
  onDispatched: () => {},
  ...extra,
});

/** A second handle on the same database: its own connection(s), as a second Hub process has. */
function secondHandle(url: string): HubDatabase {
  return hubDatabase(openDatabase(url, { pgPoolSize: 4 }));
}

/**
 * The racing partner: on PostgreSQL a second pool (real concurrency on the server). On SQLite
 * the same handle: two connections in one thread cannot interleave (the second's BEGIN
 * IMMEDIATE busy-waits the thread the first needs to commit), so there the dispatchers
 * contend through the process's writer queue, as two passes of one Hub do; across processes
 * BEGIN IMMEDIATE is the claim.
 */
function racingHandle(
  dialect: string,
  url: string,
  own: HubDatabase,
): { database: HubDatabase; close(): Promise<void> } {
  if (dialect !== "pg") return { database: own, close: async () => {} };
  const database = secondHandle(url);
  return { database, close: () => database.handle.close() };
}

describeHub("schedule dispatch with two dispatchers", (suite) => {
  test("two dispatchers racing on one database make exactly one execution per occurrence", async () => {
    const ctx = await suite.freshDatabase();
    const other = racingHandle(suite.dialect, ctx.url, ctx.database);
    try {
      const clock = manualClock("2026-01-01T00:00:00Z");
      const { userId, workflowId } = await seedWorkflow(ctx.database);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        ids.push(
          await insertSchedule(ctx.database, {
            userId,
            workflowId,
            cron: "* * * * * *",
            nextRunAt: new Date("2026-01-01T00:00:01Z"),
          }),
        );
      }
      const a = deps(ctx.database, clock.clock, { batchSize: 3 });
      const b = deps(other.database, clock.clock, { batchSize: 3 });
      const seconds = 15;
      for (let s = 0; s < seconds; s++) {
        clock.advance(1000);
        // Both claim at once, several times a second: they contend for the same rows.
        await Promise.all([dispatchDue(a), dispatchDue(b), dispatchDue(a), dispatchDue(b)]);
      }
      const runs = await scheduledExecutions(ctx.database);
      for (const id of ids) {
        const mine = runs.filter((r) => r.scheduleId === id);
        const at = mine.map((r) => r.scheduledFor?.toISOString());
        expect(new Set(at).size).toBe(at.length);
        // Every occurrence from 00:00:01 to 00:00:15 covered exactly once.
        expect(mine.reduce((n, r) => n + r.occurrencesCovered, 0)).toBe(seconds);
      }
      expect(runs).toHaveLength(ids.length * seconds);
    } finally {
      await other.close();
    }
  });

  test("an occurrence claimed by a transaction that never commits is dispatched by the other", async () => {
    const ctx = await suite.freshDatabase();
    const other = secondHandle(ctx.url);
    try {
      const clock = manualClock("2026-01-01T00:00:00.500Z");
      const { userId, workflowId } = await seedWorkflow(ctx.database);
      const id = await insertSchedule(ctx.database, {
        userId,
        workflowId,
        cron: "* * * * * *",
        nextRunAt: new Date("2026-01-01T00:00:00Z"),
      });
      // The first process claims the row, then dies before COMMIT (the transaction rolls back).
      const died = new Error("process died mid-claim");
      const claim = ctx.database.transaction(async (tx) => {
        expect((await claimDue(tx, clock.now(), 10)).map((r) => r.id)).toEqual([id]);
        throw died;
      });
      await expect(claim).rejects.toBe(died);
      const outcome = await dispatchDue(deps(other, clock.clock));
      expect(outcome.dispatched.map((d) => d.scheduleId)).toEqual([id]);
      expect(await scheduledExecutions(ctx.database, id)).toHaveLength(1);
    } finally {
      await other.handle.close();
    }
  });

  // PostgreSQL only: on SQLite the claim is the whole database's write lock, held by one
  // transaction at a time (a second handle in this thread would wait for it forever).
  test.skipIf(suite.dialect !== "pg")(
    "a schedule locked by another dispatcher's open claim is skipped, not waited for; its rollback hands it on",
    async () => {
      const ctx = await suite.freshDatabase();
      const other = secondHandle(ctx.url);
      try {
        const clock = manualClock("2026-01-01T00:00:00.500Z");
        const { userId, workflowId } = await seedWorkflow(ctx.database);
        const held = await insertSchedule(ctx.database, {
          userId,
          workflowId,
          cron: "* * * * * *",
          nextRunAt: new Date("2026-01-01T00:00:00Z"),
        });
        const free = await insertSchedule(ctx.database, {
          userId,
          workflowId,
          cron: "* * * * * *",
          nextRunAt: new Date("2026-01-01T00:00:00Z"),
        });
        let claimed: () => void = () => {};
        const isClaimed = new Promise<void>((resolve) => {
          claimed = resolve;
        });
        let die: (err: Error) => void = () => {};
        const dies = new Promise<never>((_resolve, reject) => {
          die = reject;
        });
        // The first process claims one schedule and hangs before COMMIT.
        const hanging = ctx.database.transaction(async (tx) => {
          const rows = await claimDue(tx, clock.now(), 1);
          expect(rows.map((r) => r.id)).toEqual([held]);
          claimed();
          await dies;
        });
        await isClaimed;
        // The other does not wait on the locked row: it dispatches the free one and returns.
        const meanwhile = await dispatchDue(deps(other, clock.clock));
        expect(meanwhile.dispatched.map((d) => d.scheduleId)).toEqual([free]);
        // The first process dies: its claim rolls back, and the next pass dispatches the occurrence.
        const death = new Error("SIGKILL");
        die(death);
        await expect(hanging).rejects.toBe(death);
        const after = await dispatchDue(deps(other, clock.clock));
        expect(after.dispatched.map((d) => [d.scheduleId, d.scheduledFor.toISOString()])).toEqual([
          [held, "2026-01-01T00:00:00.000Z"],
        ]);
      } finally {
        await other.handle.close();
      }
    },
  );

  test("the unique (schedule, occurrence) key turns a second insert of one occurrence into a skip, not an error", async () => {
    const { database } = await suite.freshDatabase();
    const clock = manualClock("2026-01-01T00:00:00.500Z");
    const { userId, workflowId } = await seedWorkflow(database);
    const id = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "* * * * * *",
      nextRunAt: new Date("2026-01-01T00:00:00Z"),
    });
    await dispatchDue(deps(database, clock.clock));
    // As if another dispatcher had read next_run_at before this one advanced it.
    const { schedules } = database.t;
    await database.transaction((tx) =>
      tx.db
        .update(schedules)
        .set({ nextRunAt: new Date("2026-01-01T00:00:00Z") })
        .where(eq(schedules.id, id)),
    );
    const again = await dispatchDue(deps(database, clock.clock));
    expect(again.dispatched).toHaveLength(0);
    expect(await scheduledExecutions(database, id)).toHaveLength(1);
    const [row] = await database.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row?.nextRunAt?.toISOString()).toBe("2026-01-01T00:00:01.000Z");
  });
});

describeHub("schedule dispatch: whose clock", (suite) => {
  test("on PostgreSQL the database clock decides what is due (the Hub's own clock is ignored); on SQLite the injected clock", async () => {
    const { database } = await suite.freshDatabase();
    const { userId, workflowId } = await seedWorkflow(database);
    const real = Date.now();
    const dueByReal = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "0 0 1 1 *",
      nextRunAt: new Date(real - 60_000),
    });
    const dueByFake = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "0 0 1 1 *",
      nextRunAt: new Date(real + 3_600_000),
    });
    // The Hub's clock is two hours ahead of the database's.
    const ahead = () => new Date(real + 7_200_000);
    const outcome = await dispatchDue(deps(database, ahead, { timeSource: undefined }));
    const fired = outcome.dispatched.map((d) => d.scheduleId);
    expect(fired).toEqual(suite.dialect === "pg" ? [dueByReal] : [dueByReal, dueByFake]);
  });
});
