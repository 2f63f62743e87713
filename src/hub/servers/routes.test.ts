import { afterAll, beforeAll, expect, test } from "bun:test";
import { HUB_PREFIX, type HubTestApp, makeHubTestApp, scenarioTests } from "../../../tests/helpers/api-scenario";
import { deadEndpoint, type FakeServerHealth, startFakeServerHealth } from "../../../tests/helpers/fake-server-health";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";

const SECRET = "shared-registration-secret-0123456789";

/** POST /servers/register with `authorization` (the shared secret by default). */
async function register(hub: HubTestApp, body: unknown, authorization = `Bearer ${SECRET}`) {
  const res = await hub.app.request(`${HUB_PREFIX}/servers/register`, {
    method: "POST",
    headers: { Authorization: authorization, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describeHub("Server routes", (suite) => {
  const time = manualClock("2026-06-01T12:00:00.000Z");
  let hub: HubTestApp;
  let fake: FakeServerHealth;
  const ids: Record<string, string> = {};
  const secrets: string[] = [SECRET];

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock, config: { hubServerToken: SECRET } });
    fake = startFakeServerHealth({ busy: 1, version: "2.0.0" });
    const res = await hub.request("admin", "POST", "/servers", { name: "by-hand", endpoint: `${fake.endpoint}/` });
    const made = (await res.json()) as { id: string; auth_token: string };
    ids.byHand = made.id;
    secrets.push(made.auth_token);
    const group = await hub.deps.database.transaction(async (tx) => {
      const at = time.now();
      await tx.db.insert(tx.t.groups).values({ id: "grp-analysts", name: "analysts", createdAt: at, updatedAt: at });
      return "grp-analysts";
    });
    ids.group = group;
  });
  afterAll(() => fake.stop());

  test("self-registration: a new name is 201 with an auth_token; again is 200 and keeps it", async () => {
    const dispatch_key = (await hub.deps.dispatchKey()).publicKeyBase64;
    const first = await register(hub, { name: "self-1", endpoint: "http://10.0.0.7:25811", version: "1.0.0" });
    expect(first.status).toBe(201);
    expect(first.body.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Every answer names the Hub's dispatch key (the raw 32-byte Ed25519 public key).
    expect(first.body.dispatch_key).toBe(dispatch_key);
    expect(Buffer.from(dispatch_key, "base64")).toHaveLength(32);
    ids.self = first.body.id as string;
    secrets.push(first.body.auth_token as string);
    const before = await hub.auditHead();
    const again = await register(hub, { name: "self-1", endpoint: "http://10.0.0.7:25811", version: "1.0.0" });
    expect(again).toEqual({ status: 200, body: { id: ids.self, auth_token: null, dispatch_key } });
    expect(await hub.auditActionsSince(before)).toEqual([]);
    const moved = await register(hub, { name: "self-1", endpoint: "http://10.0.0.8:25811", version: "1.1.0" });
    expect(moved).toEqual({ status: 200, body: { id: ids.self, auth_token: null, dispatch_key } });
    expect(await hub.auditActionsSince(before)).toEqual(["server.update"]);
    const got = (await (await hub.request("auditor", "GET", `/servers/${ids.self}`)).json()) as Record<string, unknown>;
    expect(got).toMatchObject({ endpoint: "http://10.0.0.8:25811", version: "1.1.0", status: "offline" });
  });

  test("a wrong or missing secret is 401, before the body is even read, and the log never holds it", async () => {
    const body = { name: "intruder", endpoint: "http://10.0.0.9:1", version: "1" };
    for (const authorization of [
      "",
      "Bearer nope",
      `Bearer ${SECRET}x`,
      `Basic ${SECRET}`,
      `Bearer ${hub.accounts.owner.token}`,
    ]) {
      expect((await register(hub, body, authorization)).status).toBe(401);
    }
    expect((await register(hub, { bad: true }, "Bearer nope")).status).toBe(401);
    expect((await register(hub, { bad: true })).status).toBe(400);
    expect(JSON.stringify(hub.logs)).not.toContain("nope");
    expect(hub.logs.some((l) => l.msg === "server registration refused: not the shared secret")).toBe(true);
  });

  test("a Hub without HUB_SERVER_TOKEN refuses every self-registration", async () => {
    const closed = await makeHubTestApp(suite.ctx(), { clock: time.clock });
    const res = await register(closed, { name: "x", endpoint: "http://10.0.0.9:1", version: "1" }, "Bearer ");
    expect(res).toEqual({ status: 401, body: { detail: expect.stringContaining("HUB_SERVER_TOKEN is not set") } });
  });

  test("rotate: true issues a new auth_token; revoked Servers may not register again until deleted", async () => {
    const before = await hub.auditHead();
    const rotated = await register(hub, {
      name: "self-1",
      endpoint: "http://10.0.0.8:25811",
      version: "1.1.0",
      rotate: true,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.body.auth_token).not.toBe(secrets[2]);
    secrets.push(rotated.body.auth_token as string);
    expect(await hub.auditActionsSince(before)).toEqual(["server.token_rotate"]);
  });

  scenarioTests(
    () => hub,
    [
      { as: "user", method: "GET", path: "/servers", status: 403, audit: ["authz.denied"] },
      { as: "anonymous", method: "GET", path: "/servers", status: 401, audit: [] },
      {
        name: "auditor lists Servers, by-hand's endpoint without its trailing slash, no token in sight",
        as: "auditor",
        method: "GET",
        path: "/servers",
        status: 200,
        contains: ['"total":2', '"name":"by-hand"', '"name":"self-1"', '"running":0', '"capacity":null', '"groups":[]'],
        notContains: ["auth_token", "Sha256", "sha256", '/"' /* endpoints end without a slash */],
        audit: [],
      },
      { as: "auditor", method: "GET", path: "/servers?name=SELF", status: 200, contains: ['"total":1', "self-1"] },
      { as: "auditor", method: "GET", path: "/servers?name=%25", status: 200, contains: ['"total":0'] },
      {
        as: "auditor",
        method: "GET",
        path: "/servers?limit=1&offset=1",
        status: 200,
        contains: ['"total":2', "self-1"],
        notContains: ["by-hand"],
      },
      { as: "auditor", method: "GET", path: "/servers/nope", status: 404, contains: ["No Server with id nope"] },
      {
        as: "auditor",
        method: "POST",
        path: "/servers",
        body: { name: "x", endpoint: "http://h:1" },
        status: 403,
        audit: ["authz.denied"],
      },
      {
        as: "admin",
        method: "POST",
        path: "/servers",
        body: { name: "by-hand", endpoint: "http://h:1" },
        status: 409,
        contains: ['Server named \\"by-hand\\" exists'],
        audit: [],
      },
      ...["ftp://h:1", "http://u:p@h:1", "http://h:1/?x=1", "not a url"].map((endpoint) => ({
        name: `admin POST /servers with endpoint ${endpoint} → 400`,
        as: "admin" as const,
        method: "POST" as const,
        path: "/servers",
        body: { name: "bad", endpoint },
        status: 400,
        audit: [],
      })),
      {
        name: "admin refreshes by-hand: polled now, online, with the fake Server's version, load and capacity",
        as: "admin",
        method: "POST",
        path: () => `/servers/${ids.byHand}/refresh`,
        status: 200,
        contains: ['"status":"online"', '"version":"2.0.0"', '"running":1', '"capacity":2', '"failed_polls":0'],
        audit: ["server.refresh", "server.status_change"],
      },
      {
        as: "auditor",
        method: "POST",
        path: () => `/servers/${ids.byHand}/refresh`,
        status: 403,
        audit: ["authz.denied"],
      },
      {
        name: "admin refreshes self-1 (nothing listens there): a failed poll, still offline",
        as: "admin",
        method: "POST",
        path: () => `/servers/${ids.self}/refresh`,
        status: 200,
        contains: ['"status":"offline"', '"failed_polls":1'],
        audit: ["server.refresh"],
      },
      {
        as: "admin",
        method: "PUT",
        path: () => `/servers/${ids.byHand}/groups`,
        body: { group_ids: ["grp-analysts", "grp-nope"] },
        status: 400,
        contains: ["No user group with id grp-nope"],
        audit: [],
      },
      {
        as: "admin",
        method: "PUT",
        path: () => `/servers/${ids.byHand}/groups`,
        body: { group_ids: ["grp-analysts", "grp-analysts"] },
        status: 200,
        contains: ['"groups":[{"id":"grp-analysts","name":"analysts"}]', '"total":1'],
        audit: ["server.groups_set"],
      },
      {
        as: "auditor",
        method: "PUT",
        path: () => `/servers/${ids.byHand}/groups`,
        body: { group_ids: [] },
        status: 403,
      },
      {
        as: "auditor",
        method: "GET",
        path: () => `/servers/${ids.byHand}/groups`,
        status: 200,
        contains: ["analysts"],
      },
      { as: "user", method: "GET", path: () => `/servers/${ids.byHand}/groups`, status: 403 },
      {
        as: "auditor",
        method: "GET",
        path: () => `/servers/${ids.byHand}`,
        status: 200,
        contains: ['"groups":[{"id":"grp-analysts"'],
      },
      { as: "admin", method: "PUT", path: "/servers/nope/groups", body: { group_ids: [] }, status: 404, audit: [] },
      {
        as: "auditor",
        method: "POST",
        path: () => `/servers/${ids.self}/revoke`,
        status: 403,
        audit: ["authz.denied"],
      },
      {
        as: "admin",
        method: "POST",
        path: () => `/servers/${ids.self}/revoke`,
        status: 200,
        contains: ['"revoked_at":"2026-06-01T12:00:00.000Z"', '"status":"offline"'],
        audit: ["server.revoke"],
      },
      {
        as: "admin",
        method: "POST",
        path: () => `/servers/${ids.self}/revoke`,
        status: 409,
        contains: ["already revoked"],
        audit: [],
      },
      {
        as: "admin",
        method: "POST",
        path: () => `/servers/${ids.self}/refresh`,
        status: 409,
        contains: ["revoked"],
        audit: [],
      },
      { as: "admin", method: "POST", path: "/servers/nope/revoke", status: 404 },
    ],
  );

  test("a revoked Server may not register again, even rotating; deleted, it registers anew", async () => {
    const body = { name: "self-1", endpoint: "http://10.0.0.8:25811", version: "1.1.0", rotate: true };
    const refused = await register(hub, body);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("revoked by an administrator");
    expect((await hub.request("auditor", "DELETE", `/servers/${ids.self}`)).status).toBe(403);
    const before = await hub.auditHead();
    expect((await hub.request("admin", "DELETE", `/servers/${ids.self}`)).status).toBe(204);
    expect(await hub.auditActionsSince(before)).toEqual(["server.delete"]);
    expect((await hub.request("admin", "DELETE", `/servers/${ids.self}`)).status).toBe(404);
    expect((await hub.request("auditor", "GET", `/servers/${ids.self}`)).status).toBe(404);
    const anew = await register(hub, body);
    expect(anew.status).toBe(201);
    expect(anew.body.id).not.toBe(ids.self);
    secrets.push(anew.body.auth_token as string);
  });

  test("no secret in clear: not in lists, the database (servers, audit) or the log", async () => {
    const listed = await (await hub.request("owner", "GET", "/servers")).text();
    const { servers, auditEvents } = hub.deps.database.t;
    const stored = JSON.stringify([
      await hub.deps.database.db.select().from(servers),
      await hub.deps.database.db.select().from(auditEvents),
    ]);
    const logged = JSON.stringify(hub.logs);
    expect(secrets.length).toBe(5);
    for (const secret of secrets) {
      expect(listed).not.toContain(secret);
      expect(stored).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });

  test("deleting a Server polled offline with a dead endpoint works too (refresh of a closed port)", async () => {
    const res = await hub.request("admin", "POST", "/servers", { name: "dead", endpoint: await deadEndpoint() });
    const { id, auth_token } = (await res.json()) as { id: string; auth_token: string };
    secrets.push(auth_token);
    const polled = (await (await hub.request("admin", "POST", `/servers/${id}/refresh`)).json()) as Record<
      string,
      unknown
    >;
    expect(polled).toMatchObject({ status: "offline", failed_polls: 1 });
    expect(String(polled.last_error)).not.toBe("");
    expect((await hub.request("admin", "DELETE", `/servers/${id}`)).status).toBe(204);
  });
});

describeHub("Server registration under concurrency", (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { config: { hubServerToken: SECRET } });
  });

  test("10 concurrent registrations of one new name: one Server, one 201 with a token, nine 200", async () => {
    const body = { name: "racer", endpoint: "http://10.0.0.10:25811", version: "1.0.0" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(hub, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.body.auth_token).length).toBe(1);
  });

  test("5 concurrent admin creates of one name: one 201, four 409", async () => {
    const body = { name: "twin", endpoint: "http://10.0.0.11:25811" };
    const statuses = await Promise.all(
      Array.from({ length: 5 }, async () => (await hub.request("admin", "POST", "/servers", body)).status),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409, 409]);
  });
});
