import { afterEach, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { PG_URL } from "../../../tests/helpers/hub-db";
import { waitUntil } from "../../../tests/helpers/wait";
import { newId } from "../../shared/ids";
import { createLogger } from "../../shared/logger";
import { executionStream } from "../executions/sse";
import type { SessionUser } from "../guards";
import type { EventBroker, HubEvent } from "./broker";
import { createPgBroker, encodeEvent, MAX_PAYLOAD_BYTES } from "./pg-broker";

const logger = createLogger({ sink: () => {} });
const data = (execution_id: string, extra: Record<string, unknown> = {}) => ({
  execution_id,
  status: "running",
  user_id: "u1",
  ...extra,
});

test("an event too big for NOTIFY travels as its ids and status, marked truncated", () => {
  const big = encodeEvent("execution.log", data("e1", { line: "x".repeat(MAX_PAYLOAD_BYTES) }));
  expect(JSON.parse(big)).toEqual({
    type: "execution.log",
    data: { execution_id: "e1", status: "running", user_id: "u1", truncated: true },
  });
  const small = encodeEvent("execution.log", data("e1", { line: "hello" }));
  expect(JSON.parse(small).data.line).toBe("hello");
});

describe.skipIf(!PG_URL)("the PostgreSQL event broker (two Hub replicas, two pools)", () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const c of opened.splice(0).reverse()) await c.close();
  });

  /**
   * A "replica": its own pool on the test server, and a broker on a channel of this test's,
   * numbering from 1 (or, `byClock`, from its start time as a Hub's does).
   */
  async function replica(channel: string, byClock = false): Promise<EventBroker> {
    const client = new SQL(PG_URL as string, { max: 2 });
    opened.push({ close: () => client.close() });
    const broker = await createPgBroker({ client, logger, channel, bufferSize: 3, firstId: byClock ? undefined : 1 });
    opened.push(broker);
    return broker;
  }

  test("a subscriber on one replica sees the events published on the other, in order, with increasing ids", async () => {
    const channel = `weft_t_${newId().replace(/-/g, "").slice(-20)}`;
    const a = await replica(channel);
    const b = await replica(channel);
    const seenOnB: HubEvent[] = [];
    const seenOnA: HubEvent[] = [];
    b.subscribe((e) => seenOnB.push(e));
    a.subscribe((e) => seenOnA.push(e));
    await a.publish("execution.created", data("e1", { status: "queued" }));
    await a.publish("execution.updated", data("e1"));
    await b.publish("execution.log", data("e2", { line: "from b" }));
    await waitUntil(() => seenOnB.length === 3 && seenOnA.length === 3, "both replicas to receive all three events");
    for (const seen of [seenOnA, seenOnB]) {
      expect(seen.map((e) => [e.type, e.data.execution_id])).toEqual([
        ["execution.created", "e1"],
        ["execution.updated", "e1"],
        ["execution.log", "e2"],
      ]);
      expect(seen.map((e) => e.id)).toEqual([1, 2, 3]);
    }
    expect(seenOnB[2]?.data).toEqual(data("e2", { line: "from b" }));
  });

  test("subscribe({after}) replays from the bounded buffer; unsubscribe and close stop delivery", async () => {
    const channel = `weft_t_${newId().replace(/-/g, "").slice(-20)}`;
    const a = await replica(channel);
    const b = await replica(channel);
    const all: HubEvent[] = [];
    const { unsubscribe } = b.subscribe((e) => all.push(e));
    for (let i = 1; i <= 5; i++) await a.publish("execution.updated", data(`e${i}`));
    await waitUntil(() => all.length === 5, "five events on b");
    // The buffer holds the last three: ids 3-5; after 3 replays 4 and 5.
    expect(b.subscribe(() => {}, { after: 3 }).replayed.map((e) => e.id)).toEqual([4, 5]);
    expect(b.subscribe(() => {}, { after: 0 }).replayed.map((e) => e.id)).toEqual([3, 4, 5]);
    expect(b.subscribe(() => {}).replayed).toEqual([]);
    unsubscribe();
    // Another subscriber on b receives the sixth event in the same delivery the first would have.
    const late: HubEvent[] = [];
    b.subscribe((e) => late.push(e));
    await a.publish("execution.updated", data("e6"));
    await waitUntil(() => late.length === 1, "b to receive the sixth event");
    expect(all).toHaveLength(5);
    await a.close();
    await expect(a.publish("execution.updated", data("e7"))).rejects.toThrow("closed");
  });

  test("a restarted replica numbers above its predecessor: a client resuming across the restart is told what it missed", async () => {
    const channel = `weft_t_${newId().replace(/-/g, "").slice(-20)}`;
    const before = await replica(channel, true);
    const seen: HubEvent[] = [];
    before.subscribe((e) => seen.push(e));
    await before.publish("execution.updated", data("e1"));
    await waitUntil(() => seen.length === 1, "the event before the restart");
    const lastSeen = seen[0]?.id as number;
    await before.close();
    // The restart: a new broker (a new process) on the same channel, once the clock moved on.
    const startedAt = Date.now();
    await waitUntil(() => Date.now() > startedAt, "the clock to move");
    const after = await replica(channel, true);
    const missed: HubEvent[] = [];
    after.subscribe((e) => missed.push(e));
    await after.publish("execution.updated", data("e2"));
    await waitUntil(() => missed.length === 1, "the event the client missed");
    // Its ids are above the old ones with a gap, so the stream (sse.ts) sends stream.reset
    // to a client resuming from lastSeen, instead of replaying nothing and going on.
    expect(missed[0]?.id).toBeGreaterThan(lastSeen + 1);
    const frames: string[] = [];
    const reader = executionStream(
      { events: after, every: () => () => {} },
      { id: "u1", role: "user" } as SessionUser,
      lastSeen,
    ).getReader();
    const decoder = new TextDecoder();
    const next = async () => frames.push(decoder.decode((await reader.read()).value));
    await next(); // ": connected"
    await after.publish("execution.updated", data("e3"));
    await next();
    expect(frames[1]).toContain("event: stream.reset");
    await reader.cancel();
  });
});
