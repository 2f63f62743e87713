import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import {
  createAccount,
  type HubTestApp,
  makeHubTestApp,
  runScenario,
  TEST_PASSWORD,
} from "../../../tests/helpers/api-scenario";
import { hubCall } from "../../../tests/helpers/hub-call";
import { describeHub } from "../../../tests/helpers/hub-db";
import { insertSchedule, scheduledExecutions, seedWorkflow } from "../../../tests/helpers/hub-schedules";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { createLogger } from "../../shared/logger";
import { authorize, REGISTRATION_SECRET, registerServer } from "../internal/authorize.fixture";
import { dispatchDue } from "../schedules/dispatch";

describeHub("users: disable and enable an account", (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { config: { hubServerToken: REGISTRATION_SECRET } });
  });
  const signIn = (username: string) =>
    hubCall(hub, "POST", "/auth/login", { body: { username, password: TEST_PASSWORD } });

  test("a disabled account's sessions end and it cannot sign in; enabled again, it can", async () => {
    const target = await createAccount(hub.deps, "user", "dora");
    const second = await signIn("dora");
    expect(second.status).toBe(200);
    const answer = await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${target.user.id}`,
      body: { disabled: true },
      status: 200,
      contains: ['"disabled_at":"'],
      audit: ["user.update"],
    });
    expect(answer).toMatchObject({ username: "dora", role: "user" });
    for (const token of [target.token, second.json?.token as string]) {
      expect((await hubCall(hub, "GET", "/auth/me", { token })).status).toBe(401);
    }
    const refused = await signIn("dora");
    expect(refused.status).toBe(401);
    expect(refused.text).toContain("disabled");
    // The wrong password says nothing about the account being disabled.
    const wrong = await hubCall(hub, "POST", "/auth/login", { body: { username: "dora", password: "not it at all" } });
    expect(wrong.text).not.toContain("disabled");

    const events = await hub.deps.database.db
      .select({ action: hub.deps.database.t.auditEvents.action, details: hub.deps.database.t.auditEvents.details })
      .from(hub.deps.database.t.auditEvents)
      .where(eq(hub.deps.database.t.auditEvents.targetId, target.user.id));
    const read = events.map((e) => ({ action: e.action, details: JSON.parse(String(e.details)) }));
    expect(read).toContainEqual({
      action: "user.update",
      details: { changed: ["disabled"], disabled: true, sessions_ended: 2 },
    });
    expect(read).toContainEqual({
      action: "auth.login_failed",
      details: { username: "dora", ip: "local", reason: "disabled" },
    });

    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${target.user.id}`,
      body: { disabled: false },
      status: 200,
      contains: ['"disabled_at":null'],
      audit: ["user.update"],
    });
    expect((await signIn("dora")).status).toBe(200);
    // Enabling an enabled account changes nothing and writes nothing.
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${target.user.id}`,
      body: { disabled: false },
      status: 200,
      audit: [],
    });
  });

  test("the role rules hold: an admin disables auditors and users only; nobody disables themselves", async () => {
    const { owner, admin, auditor } = hub.accounts;
    for (const target of [owner, await createAccount(hub.deps, "admin")]) {
      await runScenario(hub, {
        as: "admin",
        method: "PATCH",
        path: `/users/${target.user.id}`,
        body: { disabled: true },
        status: 403,
        audit: ["authz.denied"],
      });
    }
    for (const [as, me] of [
      ["admin", admin],
      ["owner", owner],
    ] as const) {
      await runScenario(hub, {
        as,
        method: "PATCH",
        path: `/users/${me.user.id}`,
        body: { disabled: true },
        status: 403,
        contains: ["your own account"],
        audit: ["authz.denied"],
      });
    }
    await runScenario(hub, {
      as: "auditor",
      method: "PATCH",
      path: `/users/${hub.accounts.user.user.id}`,
      body: { disabled: true },
      status: 403,
    });
    const auditorAgain = await createAccount(hub.deps, "auditor");
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${auditorAgain.user.id}`,
      body: { disabled: true },
      status: 200,
      audit: ["user.update"],
    });
    expect((await hubCall(hub, "GET", "/auth/me", { token: auditor.token })).status).toBe(200);
  });

  test("a capability token of an account disabled since it was issued is refused by /internal/authorize", async () => {
    const target = await createAccount(hub.deps, "user");
    const server = await registerServer(hub, "disable-check");
    const { token } = await hub.deps.tokens.issue(target.user.id, server.id);
    await runScenario(hub, {
      as: "owner",
      method: "PATCH",
      path: `/users/${target.user.id}`,
      body: { disabled: true },
      status: 200,
    });
    const before = await hub.auditHead();
    const res = await authorize(hub, server.auth_token, { token });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("disabled");
    expect(await hub.auditActionsSince(before)).toEqual(["capability.refused"]);
  });

  test("a disabled account's schedules skip their occurrences instead of queueing runs", async () => {
    const { database } = await suite.freshDatabase();
    const clock = manualClock("2026-01-01T00:00:00.500Z");
    const { userId, workflowId } = await seedWorkflow(database);
    const id = await insertSchedule(database, {
      userId,
      workflowId,
      cron: "* * * * * *",
      nextRunAt: new Date("2026-01-01T00:00:00Z"),
    });
    await database.db
      .update(database.t.users)
      .set({ disabledAt: clock.clock() })
      .where(eq(database.t.users.id, userId));
    const outcome = await dispatchDue({
      database,
      clock: clock.clock,
      logger: createLogger({ sink: () => {} }),
      timeSource: "clock",
      onDispatched: () => {},
    });
    expect(outcome).toMatchObject({ dispatched: [], skipped: [{ scheduleId: id, covered: 1 }] });
    expect(await scheduledExecutions(database, id)).toHaveLength(0);
  });
});

describeHub("users: two owners disabling each other at once", (suite) => {
  test("leave one owner who can sign in, never none", async () => {
    const own = await makeHubTestApp(await suite.freshDatabase(), { withAccounts: false });
    const a = await createAccount(own.deps, "owner", "owner-a");
    const b = await createAccount(own.deps, "owner", "owner-b");
    const answers = await Promise.all([
      hubCall(own, "PATCH", `/users/${b.user.id}`, { token: a.token, body: { disabled: true } }),
      hubCall(own, "PATCH", `/users/${a.user.id}`, { token: b.token, body: { disabled: true } }),
    ]);
    // The loser was disabled before its turn: re-read inside the transaction, it is refused
    // (403), or its session is already gone (401).
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    const { users } = own.deps.database.t;
    const rows = await own.deps.database.db.select({ disabledAt: users.disabledAt }).from(users);
    expect(rows.filter((r) => r.disabledAt === null)).toHaveLength(1);
  });
});
