import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { createWorkflow } from "../../../tests/helpers/hub-workflows";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { manualEvery } from "../../../tests/helpers/sse";
import { waitUntil } from "../../../tests/helpers/wait";
import type { HubQueryable } from "../../db/hub-db";
import { newId } from "../../shared/ids";
import type { HubConfig } from "../config";
import type { ExecutionRow } from "../executions/queries";
import { RECOVERY_EVERY_MS, STALE_AFTER_MS, startExecutionRecovery, sweepStaleExecutions } from "./execution-recovery";

/*
 * Recovery on both dialects, by moving the clock: records are inserted as a Hub that ran them
 * would have left them (the runner itself is tested against a real Server in
 * tests/hub/executions-run.test.ts).
 */
describeHub("execution recovery", (suite) => {
  const time = manualClock("2026-06-01T12:00:00.000Z");
  let hub: HubTestApp;
  let workflowId: string;

  const insert = async (set: Partial<ExecutionRow>): Promise<string> => {
    const id = newId();
    await hub.deps.database.transaction((tx) =>
      tx.db.insert(tx.t.executions).values({
        id,
        workflowId,
        revision: 1,
        userId: hub.accounts.user.user.id,
        status: "running",
        createdAt: time.now(),
        heartbeatAt: time.now(),
        hubInstanceId: "another-replica",
        ...set,
      }),
    );
    return id;
  };
  const statusOf = async (id: string) => {
    const rows = await hub.deps.database.db.select().from(hub.deps.database.t.executions);
    const row = rows.find((r) => r.id === id);
    return { status: row?.status, error: row?.error };
  };
  const ago = (ms: number) => new Date(time.now().getTime() - ms);

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock, executions: { every: manualEvery().every } });
    workflowId = await createWorkflow(hub, "user");
  });

  test("a sweep fails queued and running records whose heartbeat is over 60 s old, and spares a fresh one", async () => {
    const fresh = await insert({ heartbeatAt: ago(STALE_AFTER_MS - 1000) });
    const stale = await insert({ heartbeatAt: ago(STALE_AFTER_MS + 1000) });
    const neverBeat = await insert({ status: "queued", heartbeatAt: null, createdAt: ago(STALE_AFTER_MS + 1) });
    const done = await insert({ status: "succeeded", heartbeatAt: ago(3_600_000) });
    const before = await hub.auditHead();
    expect(await sweepStaleExecutions(hub.deps)).toBe(2);
    expect(await statusOf(fresh)).toEqual({ status: "running", error: null });
    expect(await statusOf(stale)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("No heartbeat since"),
    });
    expect(await statusOf(neverBeat)).toMatchObject({ status: "failed" });
    expect(await statusOf(done)).toMatchObject({ status: "succeeded" });
    expect(await hub.auditActionsSince(before)).toEqual(["execution.finish", "execution.finish"]);
    // The live replica stops beating (it died): a minute later the next sweep fails its run too.
    time.advance(STALE_AFTER_MS);
    expect(await sweepStaleExecutions(hub.deps)).toBe(1);
    expect(await statusOf(fresh)).toMatchObject({ status: "failed" });
  });

  /** A Hub starting now on the same database (its runtime's start is the clock's now). */
  const restarted = () => makeHubTestApp(suite.ctx(), { clock: time.clock, withAccounts: false });

  test("at startup of a single-replica Hub, every queued or running record from before it fails", async () => {
    const fresh = await insert({ heartbeatAt: time.now() });
    const queued = await insert({ status: "queued", hubInstanceId: null });
    time.advance(1);
    const next = await restarted();
    // A dispatcher of the new Hub inserts a run while its startup sweep runs: that one stays.
    time.advance(1);
    const dispatched = await insert({ status: "queued", hubInstanceId: null, heartbeatAt: null });
    expect(await sweepStaleExecutions(next.deps, { startup: true })).toBe(2);
    expect(await statusOf(fresh)).toMatchObject({
      status: "failed",
      error: "The Hub restarted while this run was running; runs are not resumed",
    });
    expect(await statusOf(queued)).toMatchObject({ status: "failed" });
    expect(await statusOf(dispatched)).toMatchObject({ status: "queued" });
    await hub.deps.database.transaction((tx) =>
      tx.db.update(tx.t.executions).set({ status: "cancelled" }).where(eqId(tx, dispatched)),
    );
  });

  test("with replicas sharing the database, the startup sweep spares a run another live replica owns", async () => {
    const config = { ...hub.deps.config, tokenStoreBackend: "database", eventBrokerBackend: "postgresql" };
    const shared = { ...hub.deps, config: config as HubConfig };
    const owned = await insert({ heartbeatAt: time.now() });
    const abandoned = await insert({ heartbeatAt: ago(STALE_AFTER_MS + 1) });
    time.advance(1);
    const next = await restarted();
    expect(await sweepStaleExecutions({ ...next.deps, config: shared.config }, { startup: true })).toBe(1);
    expect(await statusOf(owned)).toMatchObject({ status: "running" });
    expect(await statusOf(abandoned)).toMatchObject({ status: "failed" });
    await hub.deps.database.transaction((tx) =>
      tx.db.update(tx.t.executions).set({ status: "cancelled" }).where(eqId(tx, owned)),
    );
  });

  test("a clock jump never fails a run this process's runner holds; the others' are judged by the new time", async () => {
    const held = await insert({ hubInstanceId: hub.deps.executions.instanceId });
    const elsewhere = await insert({});
    hub.deps.executions.live.set(held, { abort: new AbortController(), done: Promise.resolve() });
    try {
      time.advance(10 * 60_000);
      expect(await sweepStaleExecutions(hub.deps)).toBe(1);
      expect(await statusOf(held)).toMatchObject({ status: "running" });
      expect(await statusOf(elsewhere)).toMatchObject({ status: "failed" });
      expect(await sweepStaleExecutions(hub.deps, { startup: true })).toBe(0);
      expect(await statusOf(held)).toMatchObject({ status: "running" });
    } finally {
      hub.deps.executions.live.delete(held);
    }
    expect(await sweepStaleExecutions(hub.deps)).toBe(1);
  });

  test("the task sweeps at start and then on every tick of its timer; a failed record is published", async () => {
    const ticks = manualEvery();
    const deps = { ...hub.deps, executions: { ...hub.deps.executions, every: ticks.every } };
    const heard: string[] = [];
    const sub = hub.deps.events.subscribe((e) => heard.push(`${e.data.execution_id}:${e.data.status}`));
    const first = await insert({ heartbeatAt: ago(STALE_AFTER_MS + 1) });
    const stop = startExecutionRecovery(deps);
    await waitFor(async () => (await statusOf(first)).status === "failed");
    const second = await insert({ heartbeatAt: time.now() });
    time.advance(STALE_AFTER_MS + 1);
    ticks.fire(RECOVERY_EVERY_MS);
    await waitFor(async () => (await statusOf(second)).status === "failed");
    stop();
    expect(ticks.count(RECOVERY_EVERY_MS)).toBe(0);
    expect(heard).toEqual([`${first}:failed`, `${second}:failed`]);
    sub.unsubscribe();
  });
});

const eqId = (tx: HubQueryable, id: string) => eq(tx.t.executions.id, id);
const waitFor = (check: () => Promise<boolean>) => waitUntil(check, "the sweep");
