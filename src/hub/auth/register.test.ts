import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { hubCall } from "../../../tests/helpers/hub-call";
import { describeHub } from "../../../tests/helpers/hub-db";

const PASSWORD = "first owner password";

describeHub("first registration", (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { withAccounts: false });
  });

  test("before any account, status says the Hub needs setup and nobody is signed in", async () => {
    const res = await hubCall(hub, "GET", "/auth/status");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ needs_setup: true, authenticated: false });
  });

  test("a password under 12 characters is refused (400) and makes no account", async () => {
    const res = await hubCall(hub, "POST", "/auth/register", { body: { username: "ann", password: "elevenchars" } });
    expect(res.status).toBe(400);
    expect(res.json?.detail).toContain("at least 12 characters");
    expect(res.text).not.toContain("elevenchars");
    expect((await hubCall(hub, "GET", "/auth/status")).json?.needs_setup).toBe(true);
  });

  test("an invalid username is refused (400)", async () => {
    const res = await hubCall(hub, "POST", "/auth/register", { body: { username: "a b", password: PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.json?.detail).toContain("username");
  });

  test("two first registrations at once make exactly one owner; the other is 403", async () => {
    const before = await hub.auditHead();
    const answers = await Promise.all(
      ["Ann", "bob"].map((username) =>
        hubCall(hub, "POST", "/auth/register", { body: { username, password: PASSWORD, email: `${username}@x.org` } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403]);
    const won = answers.find((a) => a.status === 201);
    const lost = answers.find((a) => a.status === 403);
    expect(lost?.json?.detail).toContain("Registration is closed");
    expect(won?.json).toMatchObject({ user: { role: "owner" } });
    expect(typeof won?.json?.token).toBe("string");
    const { users } = hub.deps.database.t;
    const rows = await hub.deps.database.db.select({ role: users.role, username: users.username }).from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe("owner");
    // Usernames are stored lower-cased.
    expect(["ann", "bob"]).toContain(rows[0]?.username as string);
    expect(await hub.auditActionsSince(before)).toEqual(["auth.register"]);
  });

  test("the registration's token signs in; status then reports the owner", async () => {
    const res = await hubCall(hub, "POST", "/auth/login", {
      body: { username: (await onlyUsername(hub)).toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const token = res.json?.token as string;
    const status = await hubCall(hub, "GET", "/auth/status", { token });
    expect(status.json).toMatchObject({ needs_setup: false, authenticated: true, user: { role: "owner" } });
    const anonymous = await hubCall(hub, "GET", "/auth/status");
    expect(anonymous.json).toEqual({ needs_setup: false, authenticated: false });
  });

  test("registration is closed once an account exists (403, even for a signed-in owner)", async () => {
    const login = await hubCall(hub, "POST", "/auth/login", {
      body: { username: await onlyUsername(hub), password: PASSWORD },
    });
    for (const token of [undefined, login.json?.token as string]) {
      const res = await hubCall(hub, "POST", "/auth/register", {
        token,
        body: { username: "carl", password: PASSWORD },
      });
      expect(res.status).toBe(403);
    }
    const { users } = hub.deps.database.t;
    expect(await hub.deps.database.db.select().from(users).where(eq(users.username, "carl"))).toHaveLength(0);
  });
});

async function onlyUsername(hub: HubTestApp): Promise<string> {
  const { users } = hub.deps.database.t;
  const [row] = await hub.deps.database.db.select({ username: users.username }).from(users);
  return row?.username as string;
}
