import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPgDatabase, PG_URL } from "../helpers/hub-db";
import { hubAccounts, hubCall, openStream, weftProcesses } from "../helpers/hub-process";
import { smallWorkflow } from "../helpers/hub-workflows";
import type { StartedProcess } from "../helpers/process";
import { readSse, type SseEvent } from "../helpers/sse";

/**
 * Issue 18's done-when: "an SSE client of one replica sees the executions the other created".
 * Two real `weft hub` processes on one fresh PostgreSQL database, tokens in the database and
 * events through LISTEN/NOTIFY. Stream clients of Hub A; the runs are made on Hub B. No
 * Server is registered, so every run fails at once for want of one: its `execution.created`
 * and `execution.updated` (failed) still travel, which is what is checked.
 */

const SIGNING_KEY = Buffer.alloc(32, 7).toString("base64");
const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString("base64");

/** The created → failed story of one execution as a stream client saw it. */
const storyOf = (events: SseEvent[], id: string) =>
  events
    .filter((e) => e.data.execution_id === id && e.event !== "execution.log")
    .map((e) => `${e.event}:${e.data.status}`);
const failedSeen = (id: string) => (events: SseEvent[]) =>
  events.some((e) => e.data.execution_id === id && e.data.status === "failed");

describe.skipIf(!PG_URL)("two Hub replicas on one PostgreSQL: the execution stream", () => {
  const procs = weftProcesses();
  let drop: () => Promise<void> = async () => {};
  let a: StartedProcess;
  let b: StartedProcess;

  beforeAll(async () => {
    const pg = await createPgDatabase(PG_URL as string);
    drop = pg.drop;
    const hub = () => {
      const dir = procs.folder("weft-replica-sse-");
      return procs.start(["hub", "--port", "0"], {
        HOME: dir,
        WEFT_DATA_DIR: dir,
        DATABASE_URL: pg.url,
        TOKEN_STORE_BACKEND: "database",
        EVENT_BROKER_BACKEND: "postgresql",
        AUDIT_SIGNING_KEY: SIGNING_KEY,
        CONNECTION_ENCRYPTION_KEY: ENCRYPTION_KEY,
      });
    };
    // One after the other: the first migrates the database.
    a = await hub();
    b = await hub();
  }, 60_000);
  afterAll(async () => {
    await procs.stopAll();
    await drop();
  });

  test("A's owner and auditor see B's runs in order; A's users see only their own; Last-Event-ID resumes", async () => {
    const accounts = await hubAccounts(a.origin, { auditor: "auditor", ana: "user", bob: "user" });
    const as = (who: string) => accounts[who]?.token as string;

    const watchers = {
      owner: readSse(await openStream(a.origin, as("owner"))),
      auditor: readSse(await openStream(a.origin, as("auditor"))),
      ana: readSse(await openStream(a.origin, as("ana"))),
      bob: readSse(await openStream(a.origin, as("bob"))),
    };

    // On B: ana stores a workflow, runs it, and triggers a schedule of it.
    const workflow = await hubCall(b.origin, "POST", "/workflows", {
      token: as("ana"),
      body: { name: "made on B", content: smallWorkflow() },
    });
    const run = await hubCall(b.origin, "POST", "/executions", {
      token: as("ana"),
      body: { workflow_id: workflow.id },
      status: 201,
    });
    const schedule = await hubCall(b.origin, "POST", "/schedules", {
      token: as("ana"),
      // Yearly: only the trigger runs it during the test.
      body: { workflow_id: workflow.id, cron: "0 0 1 1 *", name: "yearly" },
    });
    const triggered = await hubCall(b.origin, "POST", `/schedules/${schedule.id}/trigger`, {
      token: as("ana"),
      status: 201,
    });
    expect(triggered.id).not.toBe(run.id);
    expect(triggered.schedule_id).toBe(schedule.id);

    for (const who of ["owner", "auditor", "ana"] as const) {
      const stream = watchers[who];
      for (const id of [run.id, triggered.id]) await stream.until(failedSeen(id), `${who} on A: ${id} failed`);
      expect(storyOf(stream.events, run.id)).toEqual(["execution.created:queued", "execution.updated:failed"]);
      expect(storyOf(stream.events, triggered.id)).toEqual(["execution.created:queued", "execution.updated:failed"]);
      const created = stream.events.find((e) => e.data.execution_id === triggered.id);
      expect(created?.data).toMatchObject({ user_id: accounts.ana?.id, schedule_id: schedule.id });
      // Each event's id is A's, increasing in the order A received them.
      const ids = stream.events.map((e) => e.id as number);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(new Set(ids).size).toBe(ids.length);
    }

    // bob runs a workflow of his own on B. Once A has delivered his run's end, it has
    // delivered all of ana's (notifications arrive in commit order): bob saw none of hers.
    const bobsFlow = await hubCall(b.origin, "POST", "/workflows", {
      token: as("bob"),
      body: { name: "bob's", content: smallWorkflow("bobs") },
    });
    const bobsRun = await hubCall(b.origin, "POST", "/executions", {
      token: as("bob"),
      body: { workflow_id: bobsFlow.id },
      status: 201,
    });
    await watchers.bob.until(failedSeen(bobsRun.id), "bob's run to fail on bob's stream");
    await watchers.owner.until(failedSeen(bobsRun.id), "bob's run to fail on the owner's stream");
    expect(new Set(watchers.bob.events.map((e) => e.data.execution_id))).toEqual(new Set([bobsRun.id]));
    expect(watchers.bob.events.every((e) => e.data.user_id === accounts.bob?.id)).toBe(true);
    expect(storyOf(watchers.bob.events, bobsRun.id)).toEqual(["execution.created:queued", "execution.updated:failed"]);

    // Reconnecting to A with the id of the first event the owner saw of ana's run: A replays
    // from its buffer exactly what came after, then carries on live.
    const seen = watchers.owner.events;
    const first = seen.find((e) => e.data.execution_id === run.id) as SseEvent;
    const resumed = readSse(await openStream(a.origin, as("owner"), first.id));
    const after = seen.filter((e) => (e.id as number) > (first.id as number));
    await resumed.until((evs) => evs.length >= after.length, "the replay");
    expect(resumed.events.slice(0, after.length)).toEqual(after);
    expect(resumed.events.some((e) => e.event === "stream.reset")).toBe(false);
    // And live again: a run made on B after the reconnect reaches the resumed stream.
    const later = await hubCall(b.origin, "POST", "/executions", {
      token: as("ana"),
      body: { workflow_id: workflow.id },
      status: 201,
    });
    await resumed.until(failedSeen(later.id), "a later run on the resumed stream");
    expect(storyOf(resumed.events, later.id)).toEqual(["execution.created:queued", "execution.updated:failed"]);
    // ana's stream, past bob's run (A delivers in order), saw her own runs only.
    await watchers.ana.until(failedSeen(later.id), "ana's later run on her stream");
    expect(watchers.ana.events.some((e) => e.data.execution_id === bobsRun.id)).toBe(false);
    expect(watchers.ana.events.every((e) => e.data.user_id === accounts.ana?.id)).toBe(true);
    expect(new Set(watchers.ana.events.map((e) => e.data.execution_id))).toEqual(
      new Set([run.id, triggered.id, later.id]),
    );

    for (const stream of [...Object.values(watchers), resumed]) await stream.close();
  }, 60_000);
});
