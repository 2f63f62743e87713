import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { mysqlConnectionBody, pgConnectionBody } from "../../../tests/helpers/hub-connections";
import { describeHub } from "../../../tests/helpers/hub-db";
import { databaseText } from "../../../tests/helpers/hub-db-text";
import { type FakeServer, startPasswordEchoServer } from "../../../tests/helpers/password-echo-server";
import { GENERATED_KEY_FILE } from "./vault";

const SECRETS = {
  created: "Created-Pw-7d1e5b",
  updated: "Updated-Pw-93ac02",
  tested: "Tested-Pw-4b88f1",
  echoed: "Echoed-Pw-c0ffee",
  mysql: "Mysql-Pw-51a9d3",
} as const;

/**
 * The secrets test for connections: after creating, updating, testing and checking
 * connections (a hostile server quoting the password back included), no password appears in
 * any response, any log line, any audit event, or the database in clear (SQLite: the file's
 * bytes, WAL included; PostgreSQL: every row of every table).
 */
describeHub("connection secrets stay sealed", (suite) => {
  let hub: HubTestApp;
  let echo: FakeServer;
  const responses: string[] = [];
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await hub.request("admin", method, path, body);
    const text = await res.text();
    responses.push(`${res.status} ${text}`);
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    echo = startPasswordEchoServer();
    hub = await makeHubTestApp(suite.ctx());
    const made = await call("POST", "/connections", pgConnectionBody("Secret holder", { password: SECRETS.created }));
    expect(made.status).toBe(201);
    expect((await call("PATCH", `/connections/${made.json.id}`, { password: SECRETS.updated })).status).toBe(200);
    expect((await call("POST", `/connections/${made.json.id}/check`)).json.ok).toBe(false);
    const hostile = pgConnectionBody("Hostile", { host: "127.0.0.1", port: echo.port, password: SECRETS.echoed });
    const stored = await call("POST", "/connections", hostile);
    const checked = await call("POST", `/connections/${stored.json.id}/check`);
    expect(checked.json).toMatchObject({ ok: false, error: expect.stringContaining('password "***"') });
    const tested = await call("POST", "/connections/test", { ...hostile, password: SECRETS.tested });
    expect(tested.json).toMatchObject({ ok: false, error: expect.stringContaining('password "***"') });
    const mysql = mysqlConnectionBody("MySQL holder", { password: SECRETS.mysql });
    if (mysql) {
      const m = await call("POST", "/connections", mysql);
      expect((await call("POST", `/connections/${m.json.id}/check`)).json.ok).toBe(false);
    }
    await call("GET", "/connections");
    await call("GET", `/connections/${made.json.id}`);
  });
  afterAll(() => echo.stop());

  const secrets = () => [
    ...Object.values(SECRETS),
    readFileSync(`${hub.deps.dataDir}/${GENERATED_KEY_FILE}`, "utf8").trim(),
  ];

  test("the hostile server was asked, so its check really carried a password", () => {
    expect(echo.accepted()).toBeGreaterThanOrEqual(2);
  });

  test("no response carries a password", () => {
    expect(responses.length).toBeGreaterThanOrEqual(7);
    for (const secret of secrets()) expect(responses.join("\n")).not.toContain(secret);
  });

  test("no log line carries a password or the key", () => {
    for (const secret of secrets()) expect(JSON.stringify(hub.logs)).not.toContain(secret);
  });

  test("no audit event carries a password", async () => {
    const events = await hub.deps.database.db.select().from(hub.deps.database.t.auditEvents);
    const text = JSON.stringify(events);
    expect(text).toContain("connection.check"); // the events are there to search
    for (const secret of secrets()) expect(text).not.toContain(secret);
  });

  test("the database holds no password (nor the key) in clear", async () => {
    const dump = await databaseText(suite.ctx());
    // The search can see: the connection rows are in what is searched.
    expect(dump).toContain("Secret holder");
    expect(dump).toContain("Hostile");
    for (const secret of secrets()) expect(dump).not.toContain(secret);
  });
});
