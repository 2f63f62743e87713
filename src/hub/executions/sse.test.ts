import { describe, expect, test } from "bun:test";
import { manualEvery, readSse } from "../../../tests/helpers/sse";
import { createMemoryBroker } from "../events/memory-broker";
import type { SessionUser } from "../guards";
import { executionStream, lastEventId, SSE_HEARTBEAT_MS } from "./sse";

const alice: SessionUser = { id: "u-alice", username: "alice", email: null, role: "user" };
const bob: SessionUser = { id: "u-bob", username: "bob", email: null, role: "user" };
const auditor: SessionUser = { id: "u-aud", username: "aud", email: null, role: "auditor" };

const setup = (options: { bufferSize?: number; queueSize?: number } = {}) => {
  const events = createMemoryBroker({ bufferSize: options.bufferSize ?? 100, firstId: 1 });
  const ticks = manualEvery();
  const open = (user: SessionUser, after?: number) =>
    readSse(new Response(executionStream({ events, every: ticks.every, queueSize: options.queueSize }, user, after)));
  const publish = (userId: string, n: number) =>
    events.publish("execution.updated", { execution_id: `e-${n}`, status: "running", user_id: userId });
  return { events, ticks, open, publish };
};

describe("the execution stream", () => {
  test("a user gets only their own executions' events; an auditor gets all, each with id, type and data", async () => {
    const { open, publish } = setup();
    const [a, b, aud] = [open(alice), open(bob), open(auditor)];
    await publish(alice.id, 1);
    await publish(bob.id, 2);
    await publish(alice.id, 3);
    await aud.until((e) => e.length === 3, "three events for the auditor");
    await a.until((e) => e.length === 2, "two for alice");
    await b.until((e) => e.length === 1, "one for bob");
    expect(a.events.map((e) => e.data.execution_id)).toEqual(["e-1", "e-3"]);
    expect(b.events).toEqual([
      { id: 2, event: "execution.updated", data: { execution_id: "e-2", status: "running", user_id: bob.id } },
    ]);
    for (const s of [a, b, aud]) await s.close();
  });

  test("heartbeat comments come every 15 s (the injected timer), and stop when the client leaves", async () => {
    const { open, ticks } = setup();
    const s = open(alice);
    await s.until(() => s.state.comments === 1, "the opening comment");
    ticks.fire(SSE_HEARTBEAT_MS);
    ticks.fire(SSE_HEARTBEAT_MS);
    await s.until(() => s.state.comments === 3, "two heartbeats");
    await s.close();
    expect(ticks.count(SSE_HEARTBEAT_MS)).toBe(0);
  });

  test("Last-Event-ID resumes after the last event seen, from the buffer", async () => {
    const { open, publish } = setup();
    for (let n = 1; n <= 5; n++) await publish(alice.id, n);
    const s = open(alice, 3);
    await s.until((e) => e.length === 2, "the two missed events");
    await publish(alice.id, 6);
    await s.until((e) => e.length === 3, "the live one after them");
    expect(s.events.map((e) => e.id)).toEqual([4, 5, 6]);
    expect(s.events.some((e) => e.event === "stream.reset")).toBe(false);
    await s.close();
  });

  test("a resume the buffer no longer reaches is told to reload (stream.reset), then follows", async () => {
    const { open, publish } = setup({ bufferSize: 3 });
    for (let n = 1; n <= 10; n++) await publish(alice.id, n);
    const s = open(alice, 2);
    await s.until((e) => e.length === 4, "reset and the three buffered");
    expect(s.events[0]).toMatchObject({ event: "stream.reset", data: { reason: "missed_events", last_event_id: 2 } });
    expect(s.events.slice(1).map((e) => e.id)).toEqual([8, 9, 10]);
    await s.close();
  });

  test("a resume across a Hub restart (ids from the new process start above the old) is told to reload", async () => {
    const events = createMemoryBroker({ firstId: 1_000_000 });
    const s = readSse(new Response(executionStream({ events, every: manualEvery().every }, alice, 42)));
    await events.publish("execution.created", { execution_id: "e", status: "queued", user_id: alice.id });
    await s.until((e) => e.length === 2, "reset, then the event");
    expect(s.events.map((e) => e.event)).toEqual(["stream.reset", "execution.created"]);
    await s.close();
  });

  test("a client that does not read is dropped at its queue bound, told so in a last event, and unsubscribed", async () => {
    const { events, publish } = setup({ queueSize: 5 });
    let listeners = 0;
    const counting = {
      ...events,
      subscribe: (...args: Parameters<typeof events.subscribe>) => {
        listeners++;
        const sub = events.subscribe(...args);
        return {
          ...sub,
          unsubscribe: () => {
            listeners--;
            sub.unsubscribe();
          },
        };
      },
    };
    const body = executionStream({ events: counting, every: manualEvery().every, queueSize: 5 }, alice);
    // Nobody reads `body`: its queue fills.
    for (let n = 1; n <= 50; n++) await publish(alice.id, n);
    expect(listeners).toBe(0);
    const s = readSse(new Response(body));
    await s.until(() => s.state.closed, "the stream to end");
    const last = s.events.at(-1);
    expect(last).toMatchObject({ event: "stream.dropped", data: { reason: "slow_client" } });
    expect(s.events.length).toBeLessThanOrEqual(6);
  });

  test("Last-Event-ID: only a plain number is a resume point", () => {
    expect(lastEventId("17")).toBe(17);
    expect(lastEventId(" 17 ")).toBe(17);
    for (const bad of [undefined, null, "", "x", "-1", "1e3", "99999999999999999"])
      expect(lastEventId(bad)).toBeUndefined();
  });
});
