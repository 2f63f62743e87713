import { beforeAll, expect, test } from "bun:test";
import {
  createAccount,
  type HubTestApp,
  makeHubTestApp,
  TEST_PASSWORD,
  testPasswordHasher,
} from "../../../tests/helpers/api-scenario";
import { hubCall } from "../../../tests/helpers/hub-call";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import type { PasswordHasher } from "./passwords";
import { INVALID_LOGIN } from "./service";

const START = "2026-06-01T12:00:00.000Z";

/** The real test hasher, recording which hashes each verify was given. */
function recordingHasher() {
  const real = testPasswordHasher();
  const verified: string[] = [];
  const hasher: PasswordHasher = {
    hash: real.hash,
    dummyHash: real.dummyHash,
    verify: (password, hash) => {
      verified.push(hash);
      return real.verify(password, hash);
    },
  };
  return { hasher, verified };
}

describeHub("login, sessions and throttling", (suite) => {
  const time = manualClock(START);
  const recording = recordingHasher();
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), {
      clock: time.clock,
      passwords: recording.hasher,
      config: { sessionTtlHours: 2, loginMaxAttempts: 3, loginMaxAttemptsPerIp: 6, loginWindowSeconds: 600 },
    });
  });
  const login = (username: string, password: string, ip = "10.1.0.1") =>
    hubCall(hub, "POST", "/auth/login", { body: { username, password }, ip });

  test("a good login answers a token, its expiry and the user; the token signs in", async () => {
    const { user } = await createAccount(hub.deps, "auditor", "dora");
    const before = await hub.auditHead();
    const res = await login("Dora", TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      expires_at: "2026-06-01T14:00:00.000Z",
      user: { id: user.id, username: "dora", email: null, role: "auditor" },
    });
    expect(res.text).not.toContain("password");
    const me = await hubCall(hub, "GET", "/auth/me", { token: res.json?.token as string });
    expect(me.json).toMatchObject({ id: user.id, username: "dora", role: "auditor", last_login_at: START });
    expect(await hub.auditActionsSince(before)).toEqual(["auth.login"]);
  });

  test("an unknown username and a wrong password get the same status and body, and are audited", async () => {
    await createAccount(hub.deps, "user", "erin");
    const before = await hub.auditHead();
    const wrong = await login("erin", "not the password at all", "10.1.0.2");
    const unknown = await login("nobody-here", "not the password at all", "10.1.0.2");
    expect(wrong.status).toBe(401);
    expect({ status: unknown.status, body: unknown.text }).toEqual({ status: wrong.status, body: wrong.text });
    expect(wrong.json).toEqual({ detail: INVALID_LOGIN });
    expect(await hub.auditActionsSince(before)).toEqual(["auth.login_failed", "auth.login_failed"]);
    const { auditEvents } = hub.deps.database.t;
    const rows = await hub.deps.database.db.select({ details: auditEvents.details }).from(auditEvents);
    const failed = rows.map((r) => r.details).filter((d) => d.includes("nobody-here") || d.includes("erin"));
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const details of failed) expect(details).not.toContain("not the password at all");
  });

  test("an unknown username still costs one Argon2id verify, against the dummy hash", async () => {
    const dummy = await hub.deps.passwords.dummyHash();
    expect(dummy).toStartWith("$argon2id$");
    recording.verified.length = 0;
    await login("never-existed", "whatever password", "10.1.0.3");
    expect(recording.verified).toEqual([dummy]);
    recording.verified.length = 0;
    await login("erin", "whatever password", "10.1.0.3");
    expect(recording.verified).toHaveLength(1);
    expect(recording.verified[0]).not.toBe(dummy);
  });

  test("a body that is not a login is 400; a malformed name is the uniform 401", async () => {
    expect((await hubCall(hub, "POST", "/auth/login", { body: { username: "x" } })).status).toBe(400);
    const odd = await login("no such name!", "some password here", "10.1.0.4");
    expect(odd.status).toBe(401);
    expect(odd.json).toEqual({ detail: INVALID_LOGIN });
  });

  test("per username: past LOGIN_MAX_ATTEMPTS it is 429 with Retry-After, even with the right password, until the window ends", async () => {
    await createAccount(hub.deps, "user", "fred");
    for (let i = 0; i < 3; i++) expect((await login("fred", "wrong password!!", `10.2.0.${i}`)).status).toBe(401);
    const before = await hub.auditHead();
    const refused = await login("fred", TEST_PASSWORD, "10.2.0.9");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("600");
    expect(await hub.auditActionsSince(before)).toEqual([]);
    time.advance(599_000);
    expect((await login("fred", TEST_PASSWORD, "10.2.0.9")).headers.get("Retry-After")).toBe("1");
    time.advance(1_000);
    expect((await login("fred", TEST_PASSWORD, "10.2.0.9")).status).toBe(200);
  });

  test("per address: past LOGIN_MAX_ATTEMPTS_PER_IP every name from it is 429; other addresses are not", async () => {
    for (let i = 0; i < 6; i++) expect((await login(`guess-${i}`, "wrong password!!", "10.3.0.1")).status).toBe(401);
    const refused = await login("erin", TEST_PASSWORD, "10.3.0.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await login("erin", TEST_PASSWORD, "10.3.0.2")).status).toBe(200);
    time.advance(600_000);
    expect((await login("erin", TEST_PASSWORD, "10.3.0.1")).status).toBe(200);
  });

  test("a session ends at its expiry (SESSION_TTL_HOURS, by the injected clock)", async () => {
    const res = await login("erin", TEST_PASSWORD, "10.4.0.1");
    const token = res.json?.token as string;
    time.advance(2 * 3_600_000 - 1);
    expect((await hubCall(hub, "GET", "/auth/me", { token })).status).toBe(200);
    time.advance(1);
    expect((await hubCall(hub, "GET", "/auth/me", { token })).status).toBe(401);
    expect((await hubCall(hub, "GET", "/auth/status", { token })).json).toMatchObject({ authenticated: false });
  });

  test("logout ends this session only, and is audited", async () => {
    const a = (await login("erin", TEST_PASSWORD, "10.5.0.1")).json?.token as string;
    const b = (await login("erin", TEST_PASSWORD, "10.5.0.1")).json?.token as string;
    const before = await hub.auditHead();
    expect((await hubCall(hub, "POST", "/auth/logout", { token: a })).status).toBe(204);
    expect(await hub.auditActionsSince(before)).toEqual(["auth.logout"]);
    expect((await hubCall(hub, "GET", "/auth/me", { token: a })).status).toBe(401);
    expect((await hubCall(hub, "POST", "/auth/logout", { token: a })).status).toBe(401);
    expect((await hubCall(hub, "GET", "/auth/me", { token: b })).status).toBe(200);
  });

  test("a password change checks the current one, refuses short ones, and ends every other session", async () => {
    await createAccount(hub.deps, "admin", "gina");
    const here = (await login("gina", TEST_PASSWORD, "10.6.0.1")).json?.token as string;
    const elsewhere = (await login("gina", TEST_PASSWORD, "10.6.0.2")).json?.token as string;
    const change = (body: unknown) => hubCall(hub, "PUT", "/auth/password", { token: here, body, ip: "10.6.0.1" });

    const short = await change({ current_password: TEST_PASSWORD, new_password: "short-pass" });
    expect(short.status).toBe(400);
    expect(short.json?.detail).toContain("12 characters");
    const refusedAt = await hub.auditHead();
    const wrong = await change({ current_password: "not my password", new_password: "a brand new password" });
    expect(wrong.status).toBe(403);
    expect(await hub.auditActionsSince(refusedAt)).toEqual(["auth.password_change_failed"]);

    const before = await hub.auditHead();
    const ok = await change({ current_password: TEST_PASSWORD, new_password: "a brand new password" });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ sessions_ended: 2 }); // the harness's session and the other login
    expect(await hub.auditActionsSince(before)).toEqual(["auth.password_change"]);
    expect((await hubCall(hub, "GET", "/auth/me", { token: here })).status).toBe(200);
    expect((await hubCall(hub, "GET", "/auth/me", { token: elsewhere })).status).toBe(401);
    expect((await login("gina", TEST_PASSWORD, "10.6.0.3")).status).toBe(401);
    expect((await login("gina", "a brand new password", "10.6.0.3")).status).toBe(200);
  });

  test("auth routes other than register, login and status need a session", async () => {
    for (const [method, path] of [
      ["GET", "/auth/me"],
      ["POST", "/auth/logout"],
      ["PUT", "/auth/password"],
    ] as const) {
      expect((await hubCall(hub, method, path, { body: method === "PUT" ? {} : undefined })).status).toBe(401);
    }
  });
});
