import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { deadEndpoint, type FakeServerHealth, startFakeServerHealth } from "../../../tests/helpers/fake-server-health";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { createServerPoller } from "./server-poller";

/*
 * The poller against a real HTTP server on 127.0.0.1 that answers or fails on command.
 *
 *   t=0 ok ─► online (next +30 s)
 *   fail ─► 1 failure (next +60) ─► 2 (+120) ─► 3: offline (+240) ─► 4 (+300, the cap) ─► 5 (+300)
 *   answers again ─► online, count reset (next +30)
 */
describeHub("the Server health poller", (suite) => {
  const time = manualClock("2026-06-01T12:00:00.000Z");
  let hub: HubTestApp;
  let fake: FakeServerHealth;
  let tick: () => Promise<void>;
  let serverId: string;

  const row = async () => {
    const { servers } = hub.deps.database.t;
    const [found] = await hub.deps.database.db.select().from(servers).where(eq(servers.id, serverId));
    if (!found) throw new Error("server row missing");
    return found;
  };
  /** Moves the clock by `ms`, ticks, and answers whether the fake Server was asked. */
  const after = async (ms: number) => {
    time.advance(ms);
    const hits = fake.hits;
    await tick();
    return fake.hits > hits;
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock });
    fake = startFakeServerHealth({ busy: 2, queued: 1, version: "1.2.3" });
    tick = createServerPoller(hub.deps, { timeoutMs: 300 });
    const res = await hub.request("admin", "POST", "/servers", { name: "poll-me", endpoint: fake.endpoint });
    serverId = ((await res.json()) as { id: string }).id;
  });
  afterAll(() => fake.stop());

  test("a new Server is polled at the first tick: online, with version, load and latency", async () => {
    expect(await after(0)).toBe(true);
    const r = await row();
    expect(r).toMatchObject({ status: "online", version: "1.2.3", running: 3, failedPolls: 0, lastError: null });
    expect(r.lastSeenAt).toEqual(time.now());
    expect(r.latencyMs).toBeGreaterThanOrEqual(0);
    expect(r.nextPollAt?.getTime()).toBe(time.now().getTime() + 30_000);
  });

  test("it is not polled again before its interval", async () => {
    expect(await after(29_999)).toBe(false);
    expect(await after(1)).toBe(true);
  });

  test("failures back off, doubling to five minutes, and the third in a row makes it offline", async () => {
    fake.mode = "http_500";
    const before = await hub.auditHead();
    const schedule: [number, number, "online" | "offline"][] = [
      // [wait since the last poll, failures in a row after it, status]
      [30_000, 1, "online"],
      [60_000, 2, "online"],
      [120_000, 3, "offline"],
      [240_000, 4, "offline"],
      [300_000, 5, "offline"],
      [300_000, 6, "offline"],
    ];
    for (const [wait, failures, status] of schedule) {
      expect(await after(wait - 1)).toBe(false);
      expect(await after(1)).toBe(true);
      const r = await row();
      expect({ failures: r.failedPolls, status: r.status }).toEqual({ failures, status });
      expect(r.lastError).toContain("HTTP 500");
    }
    expect(await hub.auditActionsSince(before)).toEqual(["server.status_change"]);
  });

  test("it comes back online by itself at the next poll, and the count resets", async () => {
    fake.mode = "ok";
    const before = await hub.auditHead();
    expect(await after(300_000)).toBe(true);
    expect(await row()).toMatchObject({ status: "online", failedPolls: 0, lastError: null });
    expect((await row()).nextPollAt?.getTime()).toBe(time.now().getTime() + 30_000);
    expect(await hub.auditActionsSince(before)).toEqual(["server.status_change"]);
  });

  test("a body that is not a Weft Server's health, no answer in time, and a closed port all fail", async () => {
    for (const mode of ["not_weft", "hang"] as const) {
      fake.mode = mode;
      await after(30_000);
      expect((await row()).failedPolls).toBe(1);
      expect((await row()).lastError).toContain(mode === "hang" ? "no answer within 300 ms" : "not a Weft Server");
      fake.mode = "ok";
      await after(60_000);
      expect((await row()).failedPolls).toBe(0);
    }
    const { servers } = hub.deps.database.t;
    await hub.deps.database.transaction((tx) =>
      deadEndpoint().then((endpoint) => tx.db.update(servers).set({ endpoint }).where(eq(servers.id, serverId))),
    );
    await after(30_000);
    expect(await row()).toMatchObject({ failedPolls: 1, status: "online" });
  });

  test("a revoked Server is not polled", async () => {
    await hub.request("admin", "POST", `/servers/${serverId}/revoke`);
    expect(await after(3_600_000)).toBe(false);
    expect((await row()).failedPolls).toBe(1);
  });
});
