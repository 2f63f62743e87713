import { beforeAll, expect, test } from "bun:test";
import { sessionTokenHash } from "../../src/hub/auth/session-token";
import { type HubTestApp, makeHubTestApp } from "../helpers/api-scenario";
import { type HubAnswer, hubCall } from "../helpers/hub-call";
import { describeHub } from "../helpers/hub-db";
import { databaseText } from "../helpers/hub-db-text";

/**
 * After a run of registration, logins, a password change, an account made and reset by an
 * admin, and a logout: no password and no session token appears in any response (a token
 * only in the answer that issued it), in the log, or in the database (SQLite: the file's
 * bytes, WAL included; PostgreSQL: every row of every table).
 */
describeHub("accounts keep their secrets", (suite) => {
  let hub: HubTestApp;
  const passwords = {
    owner: "owner's first password",
    ownerNew: "owner's second password",
    wrong: "a wrong guess at it",
    created: "made by the owner 123",
    reset: "reset by the owner 456",
  };
  const answers: { what: string; answer: HubAnswer }[] = [];
  const tokens: Record<string, string> = {};
  const call = async (what: string, method: string, path: string, options: Parameters<typeof hubCall>[3] = {}) => {
    const answer = await hubCall(hub, method, path, options);
    answers.push({ what, answer });
    return answer;
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { withAccounts: false });
    const reg = await call("register", "POST", "/auth/register", {
      body: { username: "olga", password: passwords.owner },
    });
    tokens.register = reg.json?.token as string;
    tokens.login = (
      await call("login", "POST", "/auth/login", { body: { username: "olga", password: passwords.owner } })
    ).json?.token as string;
    await call("failed login", "POST", "/auth/login", { body: { username: "olga", password: passwords.wrong } });
    await call("failed login (unknown)", "POST", "/auth/login", {
      body: { username: "nobody", password: passwords.wrong },
    });
    await call("password change", "PUT", "/auth/password", {
      token: tokens.login,
      body: { current_password: passwords.owner, new_password: passwords.ownerNew },
    });
    await call("short password", "PUT", "/auth/password", {
      token: tokens.login,
      body: { current_password: passwords.ownerNew, new_password: "tooshort" },
    });
    const made = await call("create user", "POST", "/users", {
      token: tokens.login,
      body: { username: "pete", password: passwords.created, role: "user" },
    });
    await call("reset", "PATCH", `/users/${made.json?.id}`, {
      token: tokens.login,
      body: { password: passwords.reset },
    });
    tokens.pete = (
      await call("login pete", "POST", "/auth/login", { body: { username: "pete", password: passwords.reset } })
    ).json?.token as string;
    await call("me", "GET", "/auth/me", { token: tokens.pete });
    await call("status", "GET", "/auth/status", { token: tokens.login });
    await call("users", "GET", "/users", { token: tokens.login });
    await call("logout", "POST", "/auth/logout", { token: tokens.pete });
    expect(answers.map((a) => `${a.what} ${a.answer.status}`)).toEqual([
      "register 201",
      "login 200",
      "failed login 401",
      "failed login (unknown) 401",
      "password change 200",
      "short password 400",
      "create user 201",
      "reset 200",
      "login pete 200",
      "me 200",
      "status 200",
      "users 200",
      "logout 204",
    ]);
  });

  const secrets = () => [...Object.values(passwords), ...Object.values(tokens)];

  test("no response carries a password, nor a token other than the one it issued", () => {
    const issued: Record<string, string | undefined> = {
      register: tokens.register,
      login: tokens.login,
      "login pete": tokens.pete,
    };
    for (const { what, answer } of answers) {
      for (const secret of secrets()) {
        if (secret === issued[what]) continue;
        expect({ what, leaked: answer.text.includes(secret) }).toEqual({ what, leaked: false });
      }
    }
  });

  test("no log line carries one", () => {
    const log = JSON.stringify(hub.logs);
    expect(hub.logs.length).toBeGreaterThan(0);
    for (const secret of secrets()) expect(log.includes(secret)).toBe(false);
  });

  test("the database holds none: only Argon2id hashes and token digests", async () => {
    const dump = await databaseText(suite.ctx());
    // The search finds what is there: the names, the hashes and the digests.
    expect(dump).toContain("olga");
    expect(dump).toContain("$argon2id$");
    expect(dump).toContain(sessionTokenHash(tokens.login as string));
    for (const secret of secrets()) expect(dump.includes(secret)).toBe(false);
  });
});
