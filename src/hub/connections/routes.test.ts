import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp, runScenario, scenarioTests } from "../../../tests/helpers/api-scenario";
import { pgConnectionBody } from "../../../tests/helpers/hub-connections";
import { describeHub, PG_URL } from "../../../tests/helpers/hub-db";
import { grantChain } from "../../../tests/helpers/hub-grant-chain";

const NEW_PASSWORD = "rotated-Pa55word-0f-the-week";

describeHub("connection routes", (suite) => {
  let hub: HubTestApp;
  const folder = mkdtempSync(join(tmpdir(), "weft-hub-conn-"));
  const ids: Record<string, string> = {};
  const id = (key: string) => {
    const found = ids[key];
    if (!found) throw new Error(`no connection "${key}" yet`);
    return found;
  };
  const created = async (key: string, as: "admin" | "owner", body: unknown) => {
    const res = await hub.request(as, "POST", "/connections", body);
    const answer = (await res.json()) as { id: string };
    if (res.status !== 201) throw new Error(`create ${key}: ${res.status} ${JSON.stringify(answer)}`);
    ids[key] = answer.id;
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    await created("files", "admin", { name: "Team files", type: "filesystem", path: folder, description: "shared" });
    await created("pg", "owner", pgConnectionBody("Warehouse"));
    await created("bad", "admin", pgConnectionBody("Broken warehouse", { password: "not-the-password-123" }));
    await created("doomed", "admin", { name: "Doomed", type: "filesystem", path: folder, read_only: true });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const fs = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    type: "filesystem",
    path: folder,
    ...extra,
  });

  scenarioTests(
    () => hub,
    [
      {
        as: "admin",
        method: "POST",
        path: "/connections",
        body: fs("Scratch", { read_only: true }),
        status: 201,
        contains: ['"type":"filesystem"', '"read_only":true', '"status":null'],
        audit: ["connection.create"],
      },
      {
        as: "owner",
        method: "POST",
        path: "/connections",
        body: pgConnectionBody("Replica", { password: "replica-Secret-991", options: { sslmode: "disable" } }),
        status: 201,
        contains: ['"has_password":true', '"db_type":"postgresql"', '"sslmode":"disable"'],
        notContains: ["replica-Secret-991", "password_sealed", '"nonce"'],
        audit: ["connection.create"],
      },
      {
        as: "admin",
        method: "POST",
        path: "/connections",
        body: { name: "Local file", type: "database", db_type: "sqlite", database: join(folder, "x.db") },
        status: 201,
        contains: ['"db_type":"sqlite"', '"host":null', '"port":null', '"has_password":false'],
        audit: ["connection.create"],
      },
      {
        name: "a server database's port defaults by kind (SQL Server 1433, MariaDB 3306)",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: { name: "Ledger SQL", type: "database", db_type: "mssql", host: "sql.example", database: "ledger" },
        status: 201,
        contains: ['"db_type":"mssql"', '"port":1433', '"has_password":false', '"username":null'],
        audit: ["connection.create"],
      },
      {
        as: "admin",
        method: "POST",
        path: "/connections",
        body: { name: "Maria", type: "database", db_type: "mariadb", host: "10.0.0.5", database: "m", username: "u" },
        status: 201,
        contains: ['"port":3306', '"username":"u"'],
        audit: ["connection.create"],
      },
      { as: "auditor", method: "POST", path: "/connections", body: fs("A"), status: 403, audit: ["authz.denied"] },
      { as: "user", method: "POST", path: "/connections", body: fs("U"), status: 403, audit: ["authz.denied"] },
      { as: "anonymous", method: "POST", path: "/connections", body: fs("N"), status: 401, audit: [] },
      {
        name: "a name taken ignoring case is 409",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: fs("team FILES"),
        status: 409,
        contains: ["team FILES"],
        audit: [],
      },
      {
        name: "a SQLite connection has no host",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: { name: "S", type: "database", db_type: "sqlite", database: "/tmp/a.db", host: "db.example" },
        status: 400,
        contains: ["host: a SQLite connection is a file"],
        audit: [],
      },
      {
        name: "a SQLite connection is an absolute path",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: { name: "S", type: "database", db_type: "sqlite", database: "relative.db" },
        status: 400,
        contains: ["absolute path"],
      },
      {
        name: "a server database needs a host",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: { name: "P", type: "database", db_type: "postgresql", database: "weft" },
        status: 400,
        contains: ["host: required"],
      },
      {
        name: "an unknown driver option is refused",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: pgConnectionBody("O", { options: { allowMultiQueries: true } }),
        status: 400,
        contains: ["allowMultiQueries"],
      },
      {
        name: "an unknown kind is refused",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: { name: "F", type: "ftp", path: "/" },
        status: 400,
      },
      {
        name: "a host that would redirect a URI is refused",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: pgConnectionBody("H", { host: "evil@host/x" }),
        status: 400,
        contains: ["host"],
      },
      {
        name: "a relative folder is refused",
        as: "admin",
        method: "POST",
        path: "/connections",
        body: fs("R", { path: "data/files" }),
        status: 400,
        contains: ["absolute path"],
      },
      {
        as: "auditor",
        method: "GET",
        path: "/connections",
        status: 200,
        contains: ['"name":"Team files"', '"name":"Warehouse"', '"total":9', '"host":"'],
        notContains: ['"password"'],
        audit: [],
      },
      {
        name: "the name filter is a case-insensitive part of the name",
        as: "admin",
        method: "GET",
        path: "/connections?name=WAREHOUSE",
        status: 200,
        contains: ['"name":"Warehouse"', '"name":"Broken warehouse"', '"total":2'],
        notContains: ["Team files"],
      },
      {
        name: "a name filter's % is a character, not a wildcard",
        as: "admin",
        method: "GET",
        path: "/connections?name=%25",
        status: 200,
        contains: ['"total":0'],
      },
      {
        name: "type filter and paging: total counts all matches, the page holds limit",
        as: "admin",
        method: "GET",
        path: "/connections?type=filesystem&limit=1&offset=1",
        status: 200,
        contains: ['"total":3', '"name":"Scratch"'],
        notContains: ["Team files", "Doomed"],
      },
      { as: "admin", method: "GET", path: "/connections?limit=0", status: 400, contains: ["limit"] },
      {
        name: "a user with no grants lists nothing",
        as: "user",
        method: "GET",
        path: "/connections",
        status: 200,
        contains: ['{"connections":[],"total":0}'],
        audit: [],
      },
      { as: "anonymous", method: "GET", path: "/connections", status: 401, audit: [] },
      {
        name: "a user reading an ungranted connection gets 404, as for a missing one",
        as: "user",
        method: "GET",
        path: () => `/connections/${id("pg")}`,
        status: 404,
        notContains: ["Warehouse"],
        audit: [],
      },
      { as: "admin", method: "GET", path: "/connections/nope", status: 404, contains: ["No connection nope"] },
      {
        as: "auditor",
        method: "GET",
        path: () => `/connections/${id("pg")}`,
        status: 200,
        contains: ['"name":"Warehouse"', '"has_password":true', '"username":"'],
        notContains: ['"password"'],
      },
      {
        name: "a password is replaced, never answered",
        as: "admin",
        method: "PATCH",
        path: () => `/connections/${id("bad")}`,
        body: { password: NEW_PASSWORD, description: "rotated" },
        status: 200,
        contains: ['"has_password":true', '"description":"rotated"'],
        notContains: [NEW_PASSWORD],
        audit: ["connection.update"],
      },
      {
        name: "a database connection has no path",
        as: "admin",
        method: "PATCH",
        path: () => `/connections/${id("pg")}`,
        body: { path: "/srv" },
        status: 400,
        contains: ["path: a database connection has no such setting"],
        audit: [],
      },
      {
        name: "a filesystem connection has no password",
        as: "admin",
        method: "PATCH",
        path: () => `/connections/${id("files")}`,
        body: { password: "x" },
        status: 400,
        contains: ["password: a filesystem connection"],
      },
      {
        name: "the kind does not change",
        as: "admin",
        method: "PATCH",
        path: () => `/connections/${id("files")}`,
        body: { type: "database" },
        status: 400,
      },
      {
        name: "renaming onto another connection's name is 409",
        as: "admin",
        method: "PATCH",
        path: () => `/connections/${id("files")}`,
        body: { name: "warehouse" },
        status: 409,
        audit: [],
      },
      { as: "admin", method: "PATCH", path: "/connections/nope", body: { description: "x" }, status: 404 },
      {
        as: "auditor",
        method: "PATCH",
        path: () => `/connections/${id("files")}`,
        body: { description: "x" },
        status: 403,
        audit: ["authz.denied"],
      },
      {
        name: "testing unsaved settings of a folder that exists",
        as: "admin",
        method: "POST",
        path: "/connections/test",
        body: { type: "filesystem", path: folder },
        status: 200,
        contains: ['"ok":true', '"latency_ms":'],
        notContains: ['"error"'],
        audit: ["connection.test"],
      },
      {
        name: "testing a folder that does not exist",
        as: "owner",
        method: "POST",
        path: "/connections/test",
        body: { type: "filesystem", path: join(folder, "missing") },
        status: 200,
        contains: ['"ok":false', "does not exist"],
        audit: ["connection.test"],
      },
      {
        name: "testing checks the settings first",
        as: "admin",
        method: "POST",
        path: "/connections/test",
        body: { type: "database", db_type: "mysql", database: "x" },
        status: 400,
        contains: ["host: required"],
        audit: [],
      },
      {
        as: "auditor",
        method: "POST",
        path: "/connections/test",
        body: { type: "filesystem", path: folder },
        status: 403,
        audit: ["authz.denied"],
      },
      {
        as: "user",
        method: "POST",
        path: () => `/connections/${id("files")}/check`,
        status: 403,
        audit: ["authz.denied"],
      },
      {
        name: "checking a stored folder records its health",
        as: "admin",
        method: "POST",
        path: () => `/connections/${id("files")}/check`,
        status: 200,
        contains: ['"ok":true'],
        audit: ["connection.check"],
      },
      {
        name: "a failing check answers ok: false with the driver's reason",
        as: "admin",
        method: "POST",
        path: () => `/connections/${id("bad")}/check`,
        status: 200,
        contains: ['"ok":false', "postgresql at"],
        notContains: [NEW_PASSWORD],
        audit: ["connection.check"],
      },
      { as: "admin", method: "POST", path: "/connections/nope/check", status: 404, audit: [] },
      {
        as: "auditor",
        method: "GET",
        path: () => `/connections/${id("pg")}/access`,
        status: 200,
        contains: ['"roles_seeing_all":["owner","admin","auditor"]', '"users":[]'],
      },
      {
        as: "user",
        method: "GET",
        path: () => `/connections/${id("pg")}/access`,
        status: 403,
        audit: ["authz.denied"],
      },
      { as: "admin", method: "GET", path: "/connections/nope/access", status: 404 },
      {
        as: "auditor",
        method: "DELETE",
        path: () => `/connections/${id("doomed")}`,
        status: 403,
        audit: ["authz.denied"],
      },
      {
        as: "admin",
        method: "DELETE",
        path: () => `/connections/${id("doomed")}`,
        status: 204,
        audit: ["connection.delete"],
      },
      { as: "admin", method: "GET", path: () => `/connections/${id("doomed")}`, status: 404 },
      { as: "admin", method: "DELETE", path: () => `/connections/${id("doomed")}`, status: 404, audit: [] },
    ],
  );

  test.skipIf(!PG_URL)("a check of the real PostgreSQL succeeds and is shown as the connection's health", async () => {
    const answer = (await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: `/connections/${id("pg")}/check`,
      status: 200,
      contains: ['"ok":true'],
      audit: ["connection.check"],
    })) as { latency_ms: number };
    const read = (await runScenario(hub, {
      as: "auditor",
      method: "GET",
      path: `/connections/${id("pg")}`,
      status: 200,
    })) as { health: Record<string, unknown> };
    expect(read.health).toMatchObject({ status: "ok", latency_ms: answer.latency_ms, error: null });
    expect(typeof read.health.checked_at).toBe("string");
  });

  test("a failed check's error is kept on the connection for admins, not shown to a granted user", async () => {
    const read = (await runScenario(hub, {
      as: "admin",
      method: "GET",
      path: `/connections/${id("bad")}`,
      status: 200,
    })) as { health: { status: string; error: string } };
    expect(read.health.status).toBe("error");
    expect(read.health.error).toContain("postgresql at");
    const chain = grantChain(hub.deps);
    const group = await chain.group("Readers of bad");
    const grants = await chain.grantGroup("Bad warehouse grant");
    await chain.member(hub.accounts.user.user.id, group);
    await chain.assign(group, grants);
    await chain.grant(grants, id("bad"));
    const seen = (await runScenario(hub, {
      as: "user",
      method: "GET",
      path: `/connections/${id("bad")}`,
      status: 200,
      notContains: ['"host"', '"username"', "postgresql at"],
    })) as { health: Record<string, unknown> };
    expect(seen.health).toMatchObject({ status: "error", error: null, latency_ms: null });
  });

  test("the audit details of an update name the changed fields, never a value of a secret", async () => {
    const { auditEvents } = hub.deps.database.t;
    const events = await hub.deps.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, "connection.update"));
    expect(events.map((e) => JSON.parse(e.details as string))).toContainEqual({
      name: "Broken warehouse",
      changed: ["description", "password"],
    });
  });
});
