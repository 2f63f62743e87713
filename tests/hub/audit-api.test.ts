import { beforeAll, expect, test } from "bun:test";
import { eq, gt } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp, runScenario, scenarioTests } from "../helpers/api-scenario";
import { describeHub } from "../helpers/hub-db";
import { manualClock } from "../helpers/manual-clock";

interface VerifyBody {
  valid: boolean;
  checked: number;
  head_hash: string;
  first_invalid_seq: number | null;
  reason: string | null;
}

const verify = async (hub: HubTestApp) =>
  (await (await hub.request("auditor", "GET", "/audit/verify")).json()) as VerifyBody;

/** `n` audited writes by the system, one transaction each, through the Hub's own writer. */
async function writeEvents(hub: HubTestApp, n: number, action = "test.write") {
  await hub.deps.audit.write(async (_tx, record) => {
    for (let i = 0; i < n; i++) await record({ actorType: "system", actorId: null, action, targetId: `n${i}` });
  });
}

describeHub("audit API", (suite) => {
  const time = manualClock("2026-04-01T10:00:00.000Z");
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock });
  });

  scenarioTests(
    () => hub,
    [
      { as: "anonymous", method: "GET", path: "/audit/events", status: 401, audit: [] },
      { as: "anonymous", method: "GET", path: "/audit/verify", status: 401, audit: [] },
      { as: "anonymous", method: "GET", path: "/audit/checkpoints", status: 401, audit: [] },
      { as: "user", method: "GET", path: "/audit/events", status: 403, audit: ["authz.denied"] },
      { as: "user", method: "GET", path: "/audit/verify", status: 403, audit: ["authz.denied"] },
      { as: "user", method: "GET", path: "/audit/checkpoints", status: 403, audit: ["authz.denied"] },
      ...(["auditor", "admin", "owner"] as const).flatMap((as) => [
        { as, method: "GET" as const, path: "/audit/events", status: 200, contains: ['"events":['], audit: [] },
        { as, method: "GET" as const, path: "/audit/verify", status: 200, contains: ['"valid":true'], audit: [] },
        { as, method: "GET" as const, path: "/audit/checkpoints", status: 200, contains: ['"public_key":'], audit: [] },
      ]),
      { as: "auditor", method: "GET", path: "/audit/events?limit=0", status: 400, contains: ["limit"] },
      { as: "auditor", method: "GET", path: "/audit/events?from=yesterday", status: 400, contains: ["from"] },
      { as: "auditor", method: "GET", path: "/audit/events?actor_type=robot", status: 400 },
    ],
  );

  test("100 concurrent audited writes from parallel requests leave a chain that verifies with no gap", async () => {
    const before = await hub.auditHead();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => hub.request("user", "GET", "/audit/events").then((r) => r.status)),
    );
    expect(answers).toEqual(Array(100).fill(403));
    const after = await hub.auditHead();
    expect(after).toBe(before + 100);
    expect(await verify(hub)).toMatchObject({ valid: true, checked: after, first_invalid_seq: null, reason: null });
    const { events, total } = (await (
      await hub.request("auditor", "GET", `/audit/events?action=authz.denied&order=asc&limit=1000`)
    ).json()) as { events: { seq: number; actor_id: string; target_id: string }[]; total: number };
    expect(total).toBeGreaterThanOrEqual(100);
    const seqs = events.map((e) => e.seq).filter((s) => s > before);
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => before + 1 + i));
    expect(new Set(events.map((e) => e.actor_id))).toEqual(new Set([hub.accounts.user.user.id]));
  });

  test("100 parallel requests that each make an audited write (POST /groups) leave a chain that verifies with no gap", async () => {
    const before = await hub.auditHead();
    const names = Array.from({ length: 100 }, (_, i) => `parallel group ${i}`);
    const answers = await Promise.all(
      names.map((name) => hub.request("admin", "POST", "/groups", { name }).then((r) => r.status)),
    );
    expect(answers).toEqual(Array(100).fill(201));
    const head = await hub.auditHead();
    expect(head).toBe(before + 100);
    expect(await hub.auditActionsSince(before)).toEqual(Array(100).fill("group.create"));
    expect(await verify(hub)).toMatchObject({ valid: true, checked: head, first_invalid_seq: null, reason: null });
    const { events } = (await (
      await hub.request("auditor", "GET", `/audit/events?action=group.create&order=asc&limit=1000`)
    ).json()) as { events: { seq: number; details: { name?: string } }[] };
    const made = events.filter((e) => e.seq > before);
    expect(made.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => before + 1 + i));
    // Each write has its own event: every group's name once.
    expect(new Set(made.map((e) => e.details.name))).toEqual(new Set(names));
  });

  test("events filter by actor, action (exact or prefix), target and time, and page with a total", async () => {
    const { audit } = hub.deps;
    // Minutes only: the accounts' sessions last an hour of this clock.
    const start = time.now().getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    await audit.write(async (_tx, record) => {
      for (let i = 0; i < 5; i++) {
        time.advance(60_000);
        await record({
          actorType: "user",
          actorId: "filter-actor",
          action: i % 2 ? "widget.create" : "widget.delete",
          targetType: "widget",
          targetId: `w${i}`,
          details: { i },
        });
      }
    });
    const get = async (query: string) =>
      (await (await hub.request("auditor", "GET", `/audit/events?${query}`)).json()) as {
        events: { target_id: string; details: { i: number }; ts: string }[];
        total: number;
      };
    const targets = (r: { events: { target_id: string }[] }) => r.events.map((e) => e.target_id);
    expect(targets(await get("actor_id=filter-actor"))).toEqual(["w4", "w3", "w2", "w1", "w0"]);
    expect(targets(await get("actor_id=filter-actor&order=asc&limit=2&offset=1"))).toEqual(["w1", "w2"]);
    expect((await get("actor_id=filter-actor&limit=2")).total).toBe(5);
    expect(targets(await get("action=widget.create&order=asc"))).toEqual(["w1", "w3"]);
    expect((await get("action=widget.*")).total).toBe(5);
    expect((await get("action=widget")).total).toBe(0);
    expect(targets(await get("target_type=widget&target_id=w2"))).toEqual(["w2"]);
    expect(targets(await get(`actor_id=filter-actor&order=asc&from=${at(2)}&to=${at(4)}`))).toEqual(["w1", "w2", "w3"]);
    const [one] = (await get("target_id=w3")).events;
    expect(one).toMatchObject({ details: { i: 3 }, ts: at(4) });
  });

  test("a row changed directly in the database makes /audit/verify name its seq", async () => {
    const fresh = await makeHubTestApp(await suite.freshDatabase());
    await writeEvents(fresh, 30);
    const { auditEvents: e } = fresh.deps.database.t;
    await fresh.deps.database.db.update(e).set({ actorId: "someone-else" }).where(eq(e.seq, 12));
    expect(await verify(fresh)).toMatchObject({
      valid: false,
      checked: 11,
      first_invalid_seq: 12,
      reason: "hash_mismatch",
    });
  });

  test("the last 50 events deleted directly are reported as truncated", async () => {
    const fresh = await makeHubTestApp(await suite.freshDatabase());
    await writeEvents(fresh, 120);
    const { auditEvents: e } = fresh.deps.database.t;
    await fresh.deps.database.db.delete(e).where(gt(e.seq, 70));
    expect(await verify(fresh)).toMatchObject({
      valid: false,
      checked: 70,
      first_invalid_seq: 71,
      reason: "truncated",
    });
  });

  test("every 1,000th event is checkpointed; the export verifies with its public key; a tampered checkpoint is a mismatch", async () => {
    const fresh = await makeHubTestApp(await suite.freshDatabase());
    await writeEvents(fresh, 1005);
    const exported = (await (await fresh.request("auditor", "GET", "/audit/checkpoints")).json()) as {
      public_key: string;
      checkpoints: { seq: number; head_hash: string; ts: string; signature: string }[];
    };
    expect(exported.checkpoints.map((c) => c.seq)).toEqual([1000]);
    const [cp] = exported.checkpoints;
    if (!cp) throw new Error("no checkpoint");
    // An auditor's own check, outside Weft: Ed25519 over canonical JSON {head_hash, seq, ts}.
    const key = await crypto.subtle.importKey("raw", Buffer.from(exported.public_key, "base64"), "Ed25519", false, [
      "verify",
    ]);
    const payload = new TextEncoder().encode(JSON.stringify({ head_hash: cp.head_hash, seq: cp.seq, ts: cp.ts }));
    expect(await crypto.subtle.verify("Ed25519", key, Buffer.from(cp.signature, "base64"), payload)).toBe(true);
    const { events } = (await (
      await fresh.request("auditor", "GET", "/audit/events?order=asc&offset=999&limit=1")
    ).json()) as {
      events: { seq: number; hash: string }[];
    };
    expect(events[0]).toEqual(expect.objectContaining({ seq: 1000, hash: cp.head_hash }));
    expect(await verify(fresh)).toMatchObject({ valid: true, checked: 1005 });

    const { auditCheckpoints: c } = fresh.deps.database.t;
    await fresh.deps.database.db
      .update(c)
      .set({ ts: new Date("2020-01-01T00:00:00Z") })
      .where(eq(c.seq, 1000));
    expect(await verify(fresh)).toMatchObject({
      valid: false,
      checked: 999,
      first_invalid_seq: 1000,
      reason: "checkpoint_mismatch",
    });
  });

  test("a refusal's event is in the log an auditor reads", async () => {
    await runScenario(hub, { as: "user", method: "GET", path: "/audit/verify", status: 403, audit: ["authz.denied"] });
    const { events } = (await (await hub.request("auditor", "GET", "/audit/events?limit=1")).json()) as {
      events: Record<string, unknown>[];
    };
    expect(events[0]).toMatchObject({
      actor_type: "user",
      actor_id: hub.accounts.user.user.id,
      action: "authz.denied",
      target_type: "route",
      target_id: "GET /api/v1/audit/verify",
      details: { required: "auditor", role: "user" },
    });
  });
});
