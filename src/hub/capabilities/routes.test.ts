import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  HUB_PREFIX,
  type HubTestApp,
  makeHubTestApp,
  runScenario,
  scenarioTests,
} from "../../../tests/helpers/api-scenario";
import { type FakeServerHealth, startFakeServerHealth } from "../../../tests/helpers/fake-server-health";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { CapabilityTokenRefusedError, capabilityTokenHash } from "../tokens/capability-tokens";

interface Issued {
  token: string;
  server_id: string;
  endpoint: string;
  expires_at: string;
}

/*
 * Servers, their load and who may use them:
 *   busy-3   online, 3 running            everyone
 *   calm-1   online, 1 running            everyone
 *   idle-0   online, 0 running            group "night-shift" only
 *   gone     was online with 0 running, then 3 failed polls: offline (would win on load)
 */
describeHub("POST /capabilities/token", (suite) => {
  const time = manualClock("2026-06-01T12:00:00.000Z");
  let hub: HubTestApp;
  const fakes: Record<string, FakeServerHealth> = {};
  const ids: Record<string, string> = {};

  const fake = (name: string): FakeServerHealth => {
    const found = fakes[name];
    if (!found) throw new Error(`no fake Server ${name}`);
    return found;
  };
  const addServer = async (name: string, busy: number) => {
    fakes[name] = startFakeServerHealth({ busy });
    const res = await hub.request("admin", "POST", "/servers", { name, endpoint: fakes[name].endpoint });
    ids[name] = ((await res.json()) as { id: string }).id;
    expect((await hub.request("admin", "POST", `/servers/${ids[name]}/refresh`)).status).toBe(200);
  };
  const issue = async (as: "owner" | "admin" | "auditor" | "user", body?: unknown) => {
    const res = await hub.request(as, "POST", "/capabilities/token", body);
    return { status: res.status, body: (await res.json()) as Issued & { detail?: string } };
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock });
    for (const [name, busy] of [
      ["busy-3", 3],
      ["calm-1", 1],
      ["idle-0", 0],
      ["gone", 0],
    ] as const) {
      await addServer(name, busy);
    }
    fake("gone").mode = "http_500";
    for (let i = 0; i < 3; i++) await hub.request("admin", "POST", `/servers/${ids.gone}/refresh`);
    await hub.deps.database.transaction(async (tx) => {
      const at = time.now();
      await tx.db.insert(tx.t.groups).values({ id: "grp-night", name: "night-shift", createdAt: at, updatedAt: at });
      await tx.db
        .insert(tx.t.userGroups)
        .values({ userId: hub.accounts.owner.user.id, groupId: "grp-night", createdAt: at });
    });
    const res = await hub.request("admin", "PUT", `/servers/${ids["idle-0"]}/groups`, { group_ids: ["grp-night"] });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    for (const fake of Object.values(fakes)) await fake.stop();
  });

  test("the offline Server is offline, though its last load was the lowest", async () => {
    const res = await hub.request("auditor", "GET", `/servers/${ids.gone}`);
    expect(await res.json()).toMatchObject({ status: "offline", running: 0, failed_polls: 3 });
  });

  test("a user in no group gets the least busy online Server open to everyone, never the offline one", async () => {
    const before = await hub.auditHead();
    const { status, body } = await issue("user", {});
    expect(status).toBe(200);
    expect(body).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      server_id: ids["calm-1"] as string,
      endpoint: fakes["calm-1"]?.endpoint as string,
      expires_at: "2026-06-01T12:01:00.000Z",
    });
    expect(await hub.auditActionsSince(before)).toEqual(["capability.issue"]);
    // Bound to this user and this Server, single use.
    expect(await hub.deps.tokens.redeem(body.token, body.server_id)).toMatchObject({
      userId: hub.accounts.user.user.id,
    });
    expect(hub.deps.tokens.redeem(body.token, body.server_id)).rejects.toBeInstanceOf(CapabilityTokenRefusedError);
  });

  test("a member of the group of the least busy Server gets it; no body at all is fine too", async () => {
    const res = await hub.app.request(`${HUB_PREFIX}/capabilities/token`, {
      method: "POST",
      headers: { Authorization: `Bearer ${hub.accounts.owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Issued).server_id).toBe(ids["idle-0"] as string);
  });

  test("the token is bound to its Server: another Server's redeem is refused", async () => {
    const { body } = await issue("auditor", { server_id: ids["busy-3"] });
    expect(body.server_id).toBe(ids["busy-3"] as string);
    const refused = await hub.deps.tokens.redeem(body.token, ids["calm-1"] as string).catch((e: unknown) => e);
    expect(refused).toMatchObject({ reason: "foreign_server", status: 403 });
  });

  scenarioTests(
    () => hub,
    [
      { as: "anonymous", method: "POST", path: "/capabilities/token", body: {}, status: 401, audit: [] },
      {
        name: "a Server of a group the user is not in is 403",
        as: "user",
        method: "POST",
        path: "/capabilities/token",
        body: () => ({ server_id: ids["idle-0"] }),
        status: 403,
        contains: ['You may not use Server \\"idle-0\\"'],
        audit: [],
      },
      {
        as: "user",
        method: "POST",
        path: "/capabilities/token",
        body: { server_id: "nope" },
        status: 404,
        contains: ["No Server with id nope"],
      },
      {
        name: "an offline Server asked for by id is 409",
        as: "user",
        method: "POST",
        path: "/capabilities/token",
        body: () => ({ server_id: ids.gone }),
        status: 409,
        contains: ['Server \\"gone\\" is offline'],
        audit: [],
      },
      { as: "user", method: "POST", path: "/capabilities/token", body: { server_id: 7 }, status: 400 },
    ],
  );

  test("the audit event names the Server and the expiry, never the token or its hash", async () => {
    const { body } = await issue("admin", {});
    const { auditEvents } = hub.deps.database.t;
    const rows = await hub.deps.database.db.select().from(auditEvents);
    const last = rows.filter((r) => r.action === "capability.issue").at(-1);
    expect(last && JSON.parse(last.details)).toEqual({
      server_name: "calm-1",
      expires_at: body.expires_at,
      requested: null,
    });
    expect(last?.actorId).toBe(hub.accounts.admin.user.id);
    const events = JSON.stringify(rows);
    expect(events).not.toContain(body.token);
    expect(events).not.toContain(capabilityTokenHash(body.token));
    expect(JSON.stringify(hub.logs)).not.toContain(body.token);
  });

  test("a revoked Server is never picked, and asked for by id is 409", async () => {
    await hub.request("admin", "POST", `/servers/${ids["calm-1"]}/revoke`);
    expect((await issue("user", {})).body.server_id).toBe(ids["busy-3"] as string);
    expect(await issue("user", { server_id: ids["calm-1"] })).toMatchObject({ status: 409 });
  });

  test("when no online Server may serve the user: 409 with a clear message", async () => {
    // busy-3 stops answering: after three failed polls it is offline.
    fake("busy-3").mode = "http_500";
    for (let i = 0; i < 3; i++) await hub.request("admin", "POST", `/servers/${ids["busy-3"]}/refresh`);
    await runScenario(hub, {
      as: "user",
      method: "POST",
      path: "/capabilities/token",
      body: {},
      status: 409,
      contains: ["No online Server may serve you now"],
      audit: [],
    });
    // The owner is in night-shift: idle-0 still serves them.
    expect((await issue("owner", {})).body.server_id).toBe(ids["idle-0"] as string);
  });

  test("with TOKEN_STORE_BACKEND=database the token lands hashed in server_tokens", async () => {
    const dbHub = await makeHubTestApp(suite.ctx(), { clock: time.clock, config: { tokenStoreBackend: "database" } });
    // Only idle-0 (night-shift's) is online by now.
    const owner = dbHub.accounts.owner.user.id;
    await dbHub.deps.database.transaction((tx) =>
      tx.db.insert(tx.t.userGroups).values({ userId: owner, groupId: "grp-night", createdAt: time.now() }),
    );
    const res = await dbHub.request("owner", "POST", "/capabilities/token", {});
    const body = (await res.json()) as Issued;
    expect(res.status).toBe(200);
    const rows = await dbHub.deps.database.db.select().from(dbHub.deps.database.t.serverTokens);
    expect(rows.map((r) => r.tokenSha256)).toContain(capabilityTokenHash(body.token));
    expect(JSON.stringify(rows)).not.toContain(body.token);
    expect(await dbHub.deps.tokens.redeem(body.token, body.server_id)).toMatchObject({
      userId: dbHub.accounts.owner.user.id,
    });
  });
});
