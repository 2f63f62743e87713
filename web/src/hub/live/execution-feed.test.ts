import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { waitUntil } from "../../../../tests/helpers/wait";
import type { Fetch } from "../../lib/api";
import { createHubClient } from "../../lib/hub-api";
import { createExecutionFeed } from "./execution-feed";
import type { SseEvent } from "./sse-decoder";

/*
 * The live execution feed against a whole Hub app in process (`weft hub`: its sessions, its
 * runner, its event broker and SSE route). No Server is registered, so each run the test
 * starts fails at once, which is all a feed needs: `execution.created`, then
 * `execution.updated` (failed). Between the feed and the Hub sits one thing of the test's
 * own: it records each stream request, can cut the stream it answered (a dropped
 * connection), and can hold the next request until the test lets it through.
 */

let t: TestApp;
let token: string | undefined;
let ended = 0;
const hub = createHubClient({
  base: "/api/v1",
  session: () => token,
  onSessionEnded: () => ended++,
  fetch: (url, init) => net(url, init),
});

/** The stream requests seen: the Last-Event-ID each carried, the status answered, and a cut. */
const streams: { lastEventId: string | null; status: number; cut: () => void }[] = [];
let hold: Promise<void> | undefined;
let held = 0;

const net: Fetch = async (url, init) => {
  if (!url.endsWith("/executions/stream")) return await t.app.request(url, init);
  if (hold) {
    held++;
    await hold;
  }
  const res = await t.app.request(url, init);
  let cut = () => {};
  const stopped = new Promise<{ done: true; value: undefined }>((resolve) => {
    cut = () => resolve({ done: true, value: undefined });
  });
  init.signal?.addEventListener("abort", () => cut());
  streams.push({ lastEventId: new Headers(init.headers).get("Last-Event-ID"), status: res.status, cut });
  if (!res.body) return res;
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await Promise.race([reader.read(), stopped]);
      if (next.done) {
        controller.close();
        await reader.cancel();
      } else controller.enqueue(next.value);
    },
    cancel: () => reader.cancel(),
  });
  return new Response(body, { status: res.status, headers: res.headers });
};

let workflowId: string;
const run = async () => (await hub.request<{ id: string }>("POST", "/executions", { workflow_id: workflowId })).id;
const login = async () => {
  token = (await hub.login({ username: "olga", password: "correct horse battery" })).token;
};

beforeAll(async () => {
  t = await makeTestApp({ mode: "hub" });
  token = (await hub.register({ username: "olga", password: "correct horse battery" })).token;
  const made = await hub.createWorkflow({
    name: "Nothing to do",
    content: { meta: { workflow_id: "wf-feed", name: "Nothing to do" }, tools: [], wires: [] },
  });
  workflowId = made.id;
});
afterAll(async () => {
  for (const s of streams) s.cut();
  await t.close();
});

describe("the live execution feed, against a real Hub", () => {
  // Retry at once: the test decides when a reconnection gets through (hold), not a timer.
  const feed = createExecutionFeed(hub, [0]);
  const events: SseEvent[] = [];
  let unsubscribe = () => {};
  const seen = (id: string, type: string, status?: string) =>
    events.some(
      (e) =>
        e.type === type &&
        (e.data as { execution_id?: string }).execution_id === id &&
        (status === undefined || (e.data as { status?: string }).status === status),
    );

  test("events arrive: stream.open, then a run's created and its end", async () => {
    unsubscribe = feed.subscribe((e) => events.push(e));
    await waitUntil(() => feed.connected(), "the feed to connect");
    expect(events[0]?.type).toBe("stream.open");
    expect(streams[0]?.lastEventId).toBeNull();
    const id = await run();
    await waitUntil(() => seen(id, "execution.updated", "failed"), "the run's end on the feed");
    expect(seen(id, "execution.created", "queued")).toBe(true);
    // Every Hub event carries its id, in order.
    const ids = events.filter((e) => e.type.startsWith("execution.")).map((e) => e.id as number);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  test("after a break it resumes with Last-Event-ID and gets what it missed, once", async () => {
    const lastSeen = events.findLast((e) => e.id !== undefined)?.id as number;
    const before = events.length;
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    streams.at(-1)?.cut();
    await waitUntil(() => held === 1 && !feed.connected(), "the feed to ask again, held");
    // While it is away a run starts and ends: the Hub keeps those events for the resume.
    const missed = await run();
    await waitUntil(
      async () => (await hub.request<{ status: string }>("GET", `/executions/${missed}`)).status === "failed",
      "the missed run to end",
    );
    hold = undefined;
    release();
    await waitUntil(() => seen(missed, "execution.updated", "failed"), "the missed events after the resume");
    expect(streams.at(-1)?.lastEventId).toBe(String(lastSeen));
    const after = events.slice(before);
    expect(after[0]?.type).toBe("stream.open");
    expect(after.some((e) => e.type === "stream.reset")).toBe(false);
    expect(seen(missed, "execution.created", "queued")).toBe(true);
    // Nothing from before the break came twice.
    const replayedIds = after.filter((e) => e.id !== undefined).map((e) => e.id as number);
    expect(replayedIds.every((id) => id > lastSeen)).toBe(true);
  });

  test("a 401 (the session ended) stops it; restart() after a new sign-in follows again", async () => {
    await hub.logout();
    const asked = streams.length;
    streams.at(-1)?.cut();
    await waitUntil(() => feed.ended(), "the feed to stop at the 401");
    expect(streams.length).toBe(asked + 1);
    expect(streams.at(-1)?.status).toBe(401);
    expect(feed.connected()).toBe(false);
    expect(ended).toBeGreaterThanOrEqual(1);

    // Nothing of the Hub reaches a stopped feed.
    await login();
    const unheard = await run();
    await waitUntil(
      async () => (await hub.request<{ status: string }>("GET", `/executions/${unheard}`)).status === "failed",
      "a run while the feed is stopped",
    );
    expect(streams.length).toBe(asked + 1);
    expect(seen(unheard, "execution.created")).toBe(false);

    feed.restart();
    expect(feed.ended()).toBe(false);
    await waitUntil(() => feed.connected(), "the feed to connect again");
    const heard = await run();
    await waitUntil(() => seen(heard, "execution.updated", "failed"), "a new run on the restarted feed");
    unsubscribe();
  });
});
