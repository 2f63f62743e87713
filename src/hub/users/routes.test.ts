import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import {
  createAccount,
  type HubTestApp,
  makeHubTestApp,
  runScenario,
  scenarioTests,
  TEST_PASSWORD,
} from "../../../tests/helpers/api-scenario";
import { hubCall } from "../../../tests/helpers/hub-call";
import { describeHub } from "../../../tests/helpers/hub-db";
import { newId } from "../../shared/ids";

describeHub("users: lists, reads, writes and what a deletion takes with it", (suite) => {
  let hub: HubTestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    for (const name of ["zed-list", "yan-list", "xia-list"])
      ids[name] = (await createAccount(hub.deps, "user", name)).user.id;
  });

  scenarioTests(
    () => hub,
    [
      {
        name: "create answers the user with its id, never the password or its hash",
        as: "admin",
        method: "POST",
        path: "/users",
        body: { username: "  Hana ", email: "hana@example.org", password: "hana's long password", role: "user" },
        status: 201,
        contains: ['"id":"', '"username":"hana"', '"email":"hana@example.org"', '"role":"user"'],
        notContains: ["hana's long password", "password_hash", "$argon2"],
        audit: ["user.create"],
      },
      {
        name: "a username differing only in case is taken (409)",
        as: "admin",
        method: "POST",
        path: "/users",
        body: { username: "HANA", password: "another long password", role: "user" },
        status: 409,
        contains: ["taken"],
        audit: [],
      },
      {
        name: "a password under 12 characters is refused (400)",
        as: "owner",
        method: "POST",
        path: "/users",
        body: { username: "ivan", password: "short", role: "user" },
        status: 400,
        contains: ["at least 12 characters"],
        notContains: ['short"'],
        audit: [],
      },
      {
        name: "an unknown role is refused (400)",
        as: "owner",
        method: "POST",
        path: "/users",
        body: { username: "ivan", password: "long enough password", role: "superuser" },
        status: 400,
        contains: ["role"],
      },
      {
        name: "an invalid email is refused (400)",
        as: "owner",
        method: "POST",
        path: "/users",
        body: { username: "ivan", email: "not-an-email", password: "long enough password", role: "user" },
        status: 400,
        contains: ["email"],
      },
      {
        name: "a list filtered by name",
        as: "auditor",
        method: "GET",
        path: "/users?name=LIST",
        status: 200,
        contains: ['"total":3', "xia-list", "yan-list", "zed-list"],
      },
      {
        name: "a list page (limit, offset) keeps the total; sorted by username",
        as: "auditor",
        method: "GET",
        path: "/users?name=list&limit=1&offset=1",
        status: 200,
        contains: ['"total":3', '"username":"yan-list"'],
        notContains: ["xia-list", "zed-list"],
      },
      { name: "a limit over 500 is 400", as: "auditor", method: "GET", path: "/users?limit=501", status: 400 },
      {
        name: "a LIKE wildcard in the filter is taken literally",
        as: "auditor",
        method: "GET",
        path: "/users?name=%25",
        status: 200,
        contains: ['"total":0'],
      },
      { as: "user", method: "GET", path: "/users", status: 403, audit: ["authz.denied"] },
      { as: "anonymous", method: "GET", path: "/users", status: 401, audit: [] },
      { name: "an unknown id is 404 (get)", as: "auditor", method: "GET", path: "/users/nope", status: 404 },
      {
        name: "an unknown id is 404 (patch)",
        as: "admin",
        method: "PATCH",
        path: "/users/nope",
        body: { email: "a@b.co" },
        status: 404,
        audit: [],
      },
      {
        name: "an unknown id is 404 (delete)",
        as: "admin",
        method: "DELETE",
        path: "/users/nope",
        status: 404,
        audit: [],
      },
      { name: "an unknown id is 404 (groups)", as: "auditor", method: "GET", path: "/users/nope/groups", status: 404 },
      {
        name: "an unknown field in a patch is 400",
        as: "admin",
        method: "PATCH",
        path: () => `/users/${ids["zed-list"]}`,
        body: { username: "renamed" },
        status: 400,
      },
    ],
  );

  test("another's email needs the rank to manage their role", async () => {
    const { owner, admin } = hub.accounts;
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${owner.user.id}`,
      body: { email: "o@example.org" },
      status: 403,
      audit: ["authz.denied"],
    });
    await runScenario(hub, {
      as: "owner",
      method: "PATCH",
      path: `/users/${admin.user.id}`,
      body: { email: "a@example.org" },
      status: 200,
      contains: ['"email":"a@example.org"'],
      audit: ["user.update"],
    });
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${hub.accounts.auditor.user.id}`,
      body: { email: null },
      status: 200,
      contains: ['"email":null'],
    });
  });

  test("an admin edits their own email, not their own password (that is PUT /auth/password)", async () => {
    const me = hub.accounts.admin.user.id;
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${me}`,
      body: { email: "me@example.org" },
      status: 200,
      contains: ['"email":"me@example.org"'],
      audit: ["user.update"],
    });
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${me}`,
      body: { password: "a new long password" },
      status: 400,
      contains: ["/auth/password"],
    });
  });

  test("an admin's password reset ends every session of that account; the new password signs in", async () => {
    const target = await createAccount(hub.deps, "user", "reset-me");
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${target.user.id}`,
      body: { password: "short" },
      status: 400,
    });
    expect((await hubCall(hub, "GET", "/auth/me", { token: target.token })).status).toBe(200);
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/users/${target.user.id}`,
      body: { password: "reset by an admin" },
      status: 200,
      notContains: ["reset by an admin"],
      audit: ["user.update"],
    });
    expect((await hubCall(hub, "GET", "/auth/me", { token: target.token })).status).toBe(401);
    const login = await hubCall(hub, "POST", "/auth/login", {
      body: { username: "reset-me", password: "reset by an admin" },
    });
    expect(login.status).toBe(200);
  });

  test("deleting a user ends their sessions and memberships; their workflows stay, without an owner", async () => {
    const target = await createAccount(hub.deps, "user", "leaving");
    const { database } = hub.deps;
    const { sessions, workflows, groups, userGroups } = database.t;
    const now = new Date();
    const workflowId = newId();
    const groupId = newId();
    await database.transaction(async (tx) => {
      await tx.db.insert(workflows).values({
        id: workflowId,
        name: "theirs",
        ownerId: target.user.id,
        currentRevision: 1,
        createdAt: now,
        updatedAt: now,
      });
      await tx.db.insert(groups).values({ id: groupId, name: `g-${groupId}`, createdAt: now, updatedAt: now });
      await tx.db.insert(userGroups).values({ userId: target.user.id, groupId, createdAt: now });
    });
    const login = await hubCall(hub, "POST", "/auth/login", { body: { username: "leaving", password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const groupsOf = await runScenario(hub, {
      as: "auditor",
      method: "GET",
      path: `/users/${target.user.id}/groups`,
      status: 200,
    });
    expect(groupsOf).toMatchObject({ total: 1, groups: [{ id: groupId }] });

    await runScenario(hub, {
      as: "admin",
      method: "DELETE",
      path: `/users/${target.user.id}`,
      status: 204,
      audit: ["user.delete"],
    });
    for (const token of [target.token, login.json?.token as string]) {
      expect((await hubCall(hub, "GET", "/auth/me", { token })).status).toBe(401);
    }
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toHaveLength(0);
    expect(await database.db.select().from(userGroups).where(eq(userGroups.userId, target.user.id))).toHaveLength(0);
    const [workflow] = await database.db
      .select({ ownerId: workflows.ownerId })
      .from(workflows)
      .where(eq(workflows.id, workflowId));
    expect(workflow).toEqual({ ownerId: null });
    await runScenario(hub, { as: "auditor", method: "GET", path: `/users/${target.user.id}`, status: 404 });
  });
});

describeHub("users: the last owner", (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { withAccounts: false });
  });
  const owners = async () => {
    const { users } = hub.deps.database.t;
    return hub.deps.database.db.select({ id: users.id }).from(users).where(eq(users.role, "owner"));
  };

  test("the only owner cannot demote or delete themselves, and nobody else may", async () => {
    const owner = await createAccount(hub.deps, "owner", "sole-owner");
    const admin = await createAccount(hub.deps, "admin", "an-admin");
    for (const [token, method, body] of [
      [owner.token, "PATCH", { role: "admin" }],
      [owner.token, "DELETE", undefined],
      [admin.token, "PATCH", { role: "user" }],
      [admin.token, "DELETE", undefined],
    ] as const) {
      expect((await hubCall(hub, method, `/users/${owner.user.id}`, { token, body })).status).toBe(403);
    }
    expect(await owners()).toEqual([{ id: owner.user.id }]);
  });

  // Each on a database of its own that holds exactly these two owners.
  for (const [what, method, body, won] of [
    ["demoting", "PATCH", { role: "admin" }, 200],
    ["deleting", "DELETE", undefined, 204],
  ] as const) {
    test(`two owners ${what} each other at once leave one owner, never none`, async () => {
      const own = await makeHubTestApp(await suite.freshDatabase(), { withAccounts: false });
      const a = await createAccount(own.deps, "owner", "owner-a");
      const b = await createAccount(own.deps, "owner", "owner-b");
      const answers = await Promise.all([
        hubCall(own, method, `/users/${b.user.id}`, { token: a.token, body }),
        hubCall(own, method, `/users/${a.user.id}`, { token: b.token, body }),
      ]);
      // The loser's own role (or account) changed before its turn: re-read inside the
      // transaction, it no longer may (403, or 401 once its account and session are gone).
      expect(answers.map((x) => x.status).sort()).toContain(won);
      expect(answers.filter((x) => x.status === won)).toHaveLength(1);
      const { users } = own.deps.database.t;
      const owners = await own.deps.database.db.select({ id: users.id }).from(users).where(eq(users.role, "owner"));
      expect(owners).toHaveLength(1);
    });
  }
});
