import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp, runScenario, scenarioTests } from "../../tests/helpers/api-scenario";
import { describeHub } from "../../tests/helpers/hub-db";
import { manualClock } from "../../tests/helpers/manual-clock";
import { sessionTokenHash } from "./auth/session-token";

describeHub("session and role guards", (suite) => {
  const time = manualClock("2026-06-01T12:00:00.000Z");
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), {
      clock: time.clock,
      extend: (app, { guards }) => {
        app.get("/probe/any", (c) => c.json({ who: c.get("user").username, role: c.get("user").role }));
        app.get("/probe/auditor", guards.requireRole("auditor"), (c) => c.json({ ok: "auditor" }));
        app.post("/probe/admin", guards.requireRole("admin"), (c) => c.json({ ok: "admin" }));
        app.get("/probe/owner", guards.requireRole("owner"), (c) => c.json({ ok: "owner" }));
        app.get("/probe/user-only", guards.requireUserRole(), (c) => c.json({ ok: "user" }));
      },
    });
  });

  scenarioTests(
    () => hub,
    [
      { as: "anonymous", method: "GET", path: "/health", status: 200, contains: ['"status":"ok"'], audit: [] },
      { as: "anonymous", method: "GET", path: "/probe/any", status: 401, contains: ["Sign in first"], audit: [] },
      { as: "anonymous", method: "GET", path: "/no-such-route", status: 404, audit: [] },
      { as: "anonymous", method: "DELETE", path: "/probe/any", status: 404, audit: [] },
      { as: "user", method: "GET", path: "/no-such-route", status: 404, audit: [] },
      { as: "user", method: "GET", path: "/probe/any", status: 200, contains: ['"role":"user"'], audit: [] },
      { as: "auditor", method: "GET", path: "/probe/auditor", status: 200, audit: [] },
      { as: "admin", method: "GET", path: "/probe/auditor", status: 200, audit: [] },
      { as: "owner", method: "GET", path: "/probe/auditor", status: 200, audit: [] },
      {
        as: "user",
        method: "GET",
        path: "/probe/auditor",
        status: 403,
        contains: ["auditor"],
        audit: ["authz.denied"],
      },
      { as: "auditor", method: "POST", path: "/probe/admin", status: 403, audit: ["authz.denied"] },
      { as: "admin", method: "POST", path: "/probe/admin", status: 200, audit: [] },
      { as: "admin", method: "GET", path: "/probe/owner", status: 403, audit: ["authz.denied"] },
      { as: "owner", method: "GET", path: "/probe/owner", status: 200, audit: [] },
      { as: "user", method: "GET", path: "/probe/user-only", status: 200, audit: [] },
      { as: "owner", method: "GET", path: "/probe/user-only", status: 403, audit: ["authz.denied"] },
      { as: "admin", method: "GET", path: "/probe/user-only", status: 403, audit: ["authz.denied"] },
    ],
  );

  test("a refusal's audit event names the user, the route and the role that was needed", async () => {
    const { auditEvents } = hub.deps.database.t;
    const before = await hub.auditHead();
    await runScenario(hub, { as: "user", method: "POST", path: "/probe/admin", status: 403 });
    const [event] = await hub.deps.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.seq, before + 1));
    expect(event).toMatchObject({
      actorType: "user",
      actorId: hub.accounts.user.user.id,
      action: "authz.denied",
      targetType: "route",
      targetId: "POST /api/v1/probe/admin",
      details: '{"required":"admin","role":"user"}',
    });
  });

  test("a malformed header, an unknown token and a token's hash sent as the token are 401", async () => {
    for (const authorization of [
      "Basic abc",
      "Bearer",
      "Bearer not-a-session",
      `Bearer ${sessionTokenHash(hub.accounts.owner.token)}`,
    ]) {
      const res = await hub.app.request("/api/v1/probe/any", { headers: { Authorization: authorization } });
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 401 });
    }
  });

  test("a session stops working when it expires (by the injected clock)", async () => {
    const { sessions } = hub.deps.database.t;
    const user = hub.accounts.auditor;
    const [session] = await hub.deps.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, user.user.id));
    if (!session) throw new Error("no session");
    time.set(new Date(session.expiresAt.getTime() - 1));
    expect((await hub.request("auditor", "GET", "/probe/any")).status).toBe(200);
    time.set(session.expiresAt);
    expect((await hub.request("auditor", "GET", "/probe/any")).status).toBe(401);
    time.set("2026-06-01T12:00:00.000Z");
  });
});
