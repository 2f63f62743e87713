import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { describeHub } from "../../../tests/helpers/hub-db";
import { insertSchedule, scheduledExecutions, seedWorkflow } from "../../../tests/helpers/hub-schedules";
import { manualClock } from "../../../tests/helpers/manual-clock";
import type { HubDatabase } from "../../db/hub-db";
import { createLogger } from "../../shared/logger";
import { type DispatchDeps, dispatchDue } from "./dispatch";

const logger = createLogger({ sink: () => {} });

/** A dispatcher over `database` on the injected clock, recording what it handed on. */
function dispatcher(database: HubDatabase, clock: () => Date, extra: Partial<DispatchDeps> = {}) {
  const started: string[] = [];
  const deps: DispatchDeps = {
    database,
    clock,
    logger,
    timeSource: "clock",
    onDispatched: (id) => started.push(id),
    ...extra,
  };
  return { started, pass: () => dispatchDue(deps) };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

describeHub("schedule dispatch", (suite) => {
  test("a due occurrence makes one queued execution, advances next_run_at, and is handed on after commit", async () => {
    const { database } = await suite.freshDatabase();
    const clock = manualClock("2026-01-01T00:00:00.500Z");
    const { userId, workflowId } = await seedWorkflow(database);
    const id = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "* * * * * *",
      nextRunAt: new Date("2026-01-01T00:00:00Z"),
    });
    const d = dispatcher(database, clock.clock);
    const outcome = await d.pass();
    const runs = await scheduledExecutions(database, id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: "queued",
      userId,
      workflowId,
      revision: 1,
      occurrencesCovered: 1,
      scheduleId: id,
    });
    expect(iso(runs[0]?.scheduledFor ?? null)).toBe("2026-01-01T00:00:00.000Z");
    expect(d.started).toEqual([runs[0]?.id as string]);
    expect(outcome.dispatched).toHaveLength(1);
    const [row] = await database.db.select().from(database.t.schedules).where(eq(database.t.schedules.id, id));
    expect(iso(row?.nextRunAt ?? null)).toBe("2026-01-01T00:00:01.000Z");
    // Nothing due again until the clock reaches it.
    expect((await d.pass()).dispatched).toHaveLength(0);
    clock.advance(500);
    expect((await d.pass()).dispatched).toHaveLength(1);
  });

  test("overdue occurrences coalesce into one run that records how many it covered", async () => {
    const { database } = await suite.freshDatabase();
    const clock = manualClock("2026-01-01T00:00:05.500Z");
    const { userId, workflowId } = await seedWorkflow(database);
    const id = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "* * * * * *",
      nextRunAt: new Date("2026-01-01T00:00:00Z"),
    });
    await dispatcher(database, clock.clock).pass();
    const runs = await scheduledExecutions(database, id);
    expect(runs.map((r) => [iso(r.scheduledFor), r.occurrencesCovered])).toEqual([["2026-01-01T00:00:00.000Z", 6]]);
    const [row] = await database.db.select().from(database.t.schedules).where(eq(database.t.schedules.id, id));
    expect(iso(row?.nextRunAt ?? null)).toBe("2026-01-01T00:00:06.000Z");
  });

  test('overlap "skip" skips (and counts) occurrences while the previous run is queued or running; "allow" does not', async () => {
    const { database } = await suite.freshDatabase();
    const clock = manualClock("2026-01-01T00:00:00Z");
    const { userId, workflowId } = await seedWorkflow(database);
    const start = new Date("2026-01-01T00:00:00Z");
    const skip = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "* * * * * *",
      nextRunAt: start,
      overlap: "skip",
    });
    const allow = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "* * * * * *",
      nextRunAt: start,
      overlap: "allow",
    });
    const d = dispatcher(database, clock.clock);
    await d.pass();
    clock.advance(1000);
    const second = await d.pass();
    expect(second.skipped.map((s) => s.scheduleId)).toEqual([skip]);
    expect(second.dispatched.map((s) => s.scheduleId)).toEqual([allow]);
    clock.advance(1000);
    await d.pass();
    const { schedules, executions } = database.t;
    const [row] = await database.db.select().from(schedules).where(eq(schedules.id, skip));
    expect(row).toMatchObject({ skippedCount: 2 });
    expect(iso(row?.lastSkippedAt ?? null)).toBe("2026-01-01T00:00:02.000Z");
    expect(await scheduledExecutions(database, skip)).toHaveLength(1);
    expect(await scheduledExecutions(database, allow)).toHaveLength(3);
    // Once the run ended, the next occurrence fires again.
    await database.transaction((tx) =>
      tx.db.update(tx.t.executions).set({ status: "succeeded" }).where(eq(executions.scheduleId, skip)),
    );
    clock.advance(1000);
    await d.pass();
    expect((await scheduledExecutions(database, skip)).map((r) => iso(r.scheduledFor))).toEqual([
      "2026-01-01T00:00:00.000Z",
      "2026-01-01T00:00:03.000Z",
    ]);
  });

  test("daylight saving in Europe/Berlin: the missing 02:30 fires at 03:00, the repeated 02:30 once", async () => {
    const { database } = await suite.freshDatabase();
    const { userId, workflowId } = await seedWorkflow(database);
    const clock = manualClock("2026-03-28T12:00:00Z");
    const daily = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "30 2 * * *",
      timezone: "Europe/Berlin",
      nextRunAt: new Date("2026-03-29T01:00:00Z"),
    });
    const dailyBack = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "30 2 * * *",
      timezone: "Europe/Berlin",
      nextRunAt: new Date("2026-10-25T00:30:00Z"),
    });
    const halfHourly = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "*/30 * * * *",
      timezone: "Europe/Berlin",
      nextRunAt: new Date("2026-10-24T23:30:00Z"),
    });
    const d = dispatcher(database, clock.clock);
    // Forward night, minute by minute from 00:00Z to 03:00Z.
    clock.set("2026-03-29T00:00:00Z");
    for (let m = 0; m <= 180; m++, clock.advance(60_000)) await d.pass();
    // Back night, minute by minute from 23:00Z to 03:00Z (the forward one is switched off first).
    const { schedules } = database.t;
    await database.transaction((tx) => tx.db.update(schedules).set({ enabled: false }).where(eq(schedules.id, daily)));
    clock.set("2026-10-24T23:00:00Z");
    for (let m = 0; m <= 240; m++, clock.advance(60_000)) await d.pass();
    expect((await scheduledExecutions(database, daily)).map((r) => iso(r.scheduledFor))).toEqual([
      "2026-03-29T01:00:00.000Z",
    ]);
    expect((await scheduledExecutions(database, dailyBack)).map((r) => iso(r.scheduledFor))).toEqual([
      "2026-10-25T00:30:00.000Z",
    ]);
    const [back] = await database.db.select().from(schedules).where(eq(schedules.id, dailyBack));
    expect(iso(back?.nextRunAt ?? null)).toBe("2026-10-26T01:30:00.000Z");
    // 01:30, 02:00, 02:30 CEST, then 03:00, 03:30, 04:00 CET; 02:00 and 02:30 CET do not repeat.
    expect((await scheduledExecutions(database, halfHourly)).map((r) => iso(r.scheduledFor))).toEqual([
      "2026-10-24T23:30:00.000Z",
      "2026-10-25T00:00:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T02:00:00.000Z",
      "2026-10-25T02:30:00.000Z",
      "2026-10-25T03:00:00.000Z",
    ]);
    expect((await scheduledExecutions(database, halfHourly)).every((r) => r.occurrencesCovered === 1)).toBe(true);
  });

  test("a clock that jumps back fires nothing until it reaches next_run_at again (no occurrence twice)", async () => {
    const { database } = await suite.freshDatabase();
    const clock = manualClock("2026-01-01T00:00:00.500Z");
    const { userId, workflowId } = await seedWorkflow(database);
    const id = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "* * * * * *",
      nextRunAt: new Date("2026-01-01T00:00:00Z"),
    });
    const d = dispatcher(database, clock.clock);
    await d.pass();
    clock.set("2025-12-31T23:00:00Z"); // an hour back
    for (let s = 0; s < 5; s++, clock.advance(1000)) expect((await d.pass()).dispatched).toHaveLength(0);
    clock.set("2026-01-01T00:00:01.100Z");
    await d.pass();
    expect((await scheduledExecutions(database, id)).map((r) => iso(r.scheduledFor))).toEqual([
      "2026-01-01T00:00:00.000Z",
      "2026-01-01T00:00:01.000Z",
    ]);
  });

  test("a disabled schedule and one without a next occurrence never fire", async () => {
    const { database } = await suite.freshDatabase();
    const { userId, workflowId } = await seedWorkflow(database);
    const clock = manualClock("2026-01-01T00:10:00Z");
    await insertSchedule(database, {
      userId,
      workflowId,
      cron: "* * * * *",
      enabled: false,
      nextRunAt: new Date("2026-01-01T00:00:00Z"),
    });
    await insertSchedule(database, { userId, workflowId, cron: "* * * * *", nextRunAt: null });
    expect((await dispatcher(database, clock.clock).pass()).dispatched).toHaveLength(0);
    expect(await scheduledExecutions(database)).toHaveLength(0);
  });
});
