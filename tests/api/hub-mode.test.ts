import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { REGISTRATION_SECRET, seedGrants } from "../../src/hub/internal/authorize.fixture";
import { type HubTestApp, makeHubTestApp } from "../helpers/api-scenario";
import { describeHub, PG_URL } from "../helpers/hub-db";
import { grantChain } from "../helpers/hub-grant-chain";
import { type HubModeServer, startHubModeServer } from "../helpers/hub-mode-server";
import { workflow, writeCsv } from "../helpers/workflows";

/** How the test server's password would appear in a URI (`:<password>@`): never in an answer or a Hub request. */
const PG_PASSWORD_IN_URI = PG_URL ? `:${new URL(PG_URL).password}@` : ":no-password@";
const TABLE = `hubmode_${process.pid}_${Date.now().toString(36)}`;

describeHub("a Server in hub mode, authorized by a real Hub app", (suite) => {
  let hub: HubTestApp;
  let server: HubModeServer;
  let seeded: Awaited<ReturnType<typeof seedGrants>>;
  let serverId: string;
  let csv: string;

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { config: { hubServerToken: REGISTRATION_SECRET } });
    seeded = await seedGrants(hub, { realPgPassword: true });
    csv = writeCsv(
      join(seeded.folders.shared, "sales.csv"),
      ["region", "amount"],
      [
        ["north", 10],
        ["south", 32],
      ],
    );
    writeCsv(join(seeded.folders.archive, "old.csv"), ["n"], [[1]]);
    writeCsv(join(seeded.folders.secret, "hidden.csv"), ["n"], [[1]]);
    if (PG_URL) {
      const pg = new SQL(PG_URL);
      await pg.unsafe(`CREATE TABLE ${TABLE} (region text, amount int)`);
      await pg.unsafe(`INSERT INTO ${TABLE} VALUES ('east', 7), ('west', 9)`);
      await pg.close();
    }
    server = await startHubModeServer(hub, { secret: REGISTRATION_SECRET, name: `hub-mode-${suite.dialect}` });
    await server.server.hub?.start();
    serverId = server.server.hub?.serverId() as string;
  });
  afterAll(async () => {
    await server?.close();
    if (PG_URL) {
      const pg = new SQL(PG_URL);
      await pg.unsafe(`DROP TABLE IF EXISTS ${TABLE}`);
      await pg.close();
    }
  });

  /** A capability token for `as` on this Server, from the Hub's token service (the route has its own tests). */
  const tokenFor = async (as: "user" | "admin" = "user") =>
    (await hub.deps.tokens.issue(hub.accounts[as].user.id, serverId)).token;
  const csvPreview = () =>
    ({ tool_id: "in", workflow: workflow("wf-csv", [{ id: "in", type: "input", config: { source: csv } }]) }) as const;

  test("health stays public; any other route without a token is 401", async () => {
    expect((await server.request("GET", "/api/health")).status).toBe(200);
    expect((await server.request("GET", "/api/info")).status).toBe(401);
    expect((await server.request("POST", "/api/workflow/tool/execute", undefined, csvPreview())).status).toBe(401);
  });

  test("a granted user previews a CSV in a Hub filesystem connection", async () => {
    const res = await server.request("POST", "/api/workflow/tool/execute", await tokenFor(), csvPreview());
    const text = await res.text();
    expect({ status: res.status, text }).toMatchObject({ status: 200 });
    expect(text).toContain("north");
  });

  test("one token, one request: the same token again is 403", async () => {
    const token = await tokenFor();
    expect((await server.request("POST", "/api/workflow/tool/execute", token, csvPreview())).status).toBe(200);
    const again = await server.request("POST", "/api/workflow/tool/execute", token, csvPreview());
    expect(again.status).toBe(403);
    expect(await again.text()).toContain("already used");
  });

  test("a user without the grant gets 403 for the same preview", async () => {
    const res = await server.request("POST", "/api/workflow/tool/execute", await tokenFor("admin"), csvPreview());
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("outside every folder");
  });

  test.skipIf(!PG_URL)("a database Input names a Hub connection: the URI comes from the Hub's answer", async () => {
    const body = {
      tool_id: "db",
      workflow: workflow("wf-db", [
        { id: "db", type: "input", config: { source_type: "postgresql", connection_id: seeded.ids.pg, table: TABLE } },
      ]),
    };
    const before = server.sentToHub.length;
    const res = await server.request("POST", "/api/workflow/tool/execute", await tokenFor(), body);
    const text = await res.text();
    expect({ status: res.status, text }).toMatchObject({ status: 200 });
    expect(text).toContain("west");
    expect(text).not.toContain(PG_PASSWORD_IN_URI);
    // The Server asked the Hub for that one connection, and sent no credential of its own.
    const sent = server.sentToHub.slice(before);
    expect(sent.map((s) => s.path)).toEqual(["/api/v1/internal/authorize"]);
    expect(sent[0]?.body).toContain(seeded.ids.pg);
    const denied = await server.request("POST", "/api/workflow/tool/execute", await tokenFor("admin"), body);
    expect(denied.status).toBe(403);
  });

  test("a Hub SQLite connection is read from its file alone: its folder need not be granted", async () => {
    const dir = mkdtempSync(join(tmpdir(), "weft-hm-sqlite-"));
    const file = join(dir, "shop.db");
    const db = new Database(file);
    db.run("CREATE TABLE items (name TEXT)");
    db.run("INSERT INTO items VALUES ('lamp')");
    db.close();
    writeCsv(join(dir, "beside.csv"), ["n"], [[1]]);
    const made = await hub.request("owner", "POST", "/connections", {
      name: `Shop ${suite.dialect}`,
      type: "database",
      db_type: "sqlite",
      database: file,
    });
    const { id } = (await made.json()) as { id: string };
    expect(made.status).toBe(201);
    await grantChain(hub.deps).grant(seeded.bundle, id);
    const read = (source: Record<string, unknown>) => ({
      tool_id: "in",
      workflow: workflow("wf-sqlite", [{ id: "in", type: "input", config: source }]),
    });
    const ok = await server.request(
      "POST",
      "/api/workflow/tool/execute",
      await tokenFor(),
      read({ source_type: "sqlite", connection_id: id, table: "items" }),
    );
    expect({ status: ok.status, text: await ok.text() }).toMatchObject({ status: 200 });
    const beside = await server.request(
      "POST",
      "/api/workflow/tool/execute",
      await tokenFor(),
      read({ source: join(dir, "beside.csv") }),
    );
    expect(beside.status).toBe(403);
  });

  test("a client-sent connection URI is refused before the token is spent", async () => {
    const token = await tokenFor();
    const body = {
      tool_id: "db",
      workflow: workflow("wf-uri", [
        {
          id: "db",
          type: "input",
          config: { source_type: "postgresql", connection: { uri: "postgresql://u:p@127.0.0.1:1/x" }, table: "t" },
        },
      ]),
    };
    const before = server.sentToHub.length;
    const res = await server.request("POST", "/api/workflow/tool/execute", token, body);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("connection_id");
    expect(server.sentToHub.length).toBe(before);
    expect((await server.request("POST", "/api/workflow/tool/execute", token, csvPreview())).status).toBe(200);
  });

  test("file routes see exactly the user's roots; read-only stays read-only; outside is 403", async () => {
    const roots = await server.request("GET", "/api/files/roots", await tokenFor());
    const listed = (await roots.json()) as { path: string; read_only: boolean }[];
    expect(listed.map((r) => r.read_only).sort()).toEqual([false, true]);
    expect(JSON.stringify(listed)).not.toContain("secret");
    const q = (p: string) => `/api/files/list?path=${encodeURIComponent(p)}`;
    const inside = await server.request("GET", q(seeded.folders.archive), await tokenFor());
    expect(await inside.json()).toMatchObject({ read_only: true });
    expect((await server.request("GET", q(seeded.folders.secret), await tokenFor())).status).toBe(403);
    const climbing = `${seeded.folders.shared}/../secret`;
    expect((await server.request("GET", q(climbing), await tokenFor())).status).toBe(403);
  });

  test("a full run writes into a writable grant, never into a read-only one", async () => {
    const run = (target: string) => ({
      workflow: workflow(
        `wf-out-${target.length}`,
        [
          { id: "in", type: "input", config: { source: csv } },
          { id: "out", type: "output", config: { path: target, format: "csv" } },
        ],
        ["in -> out"],
      ),
    });
    const good = join(seeded.folders.shared, "out.csv");
    const ok = await server.request("POST", "/api/workflow/execute", await tokenFor(), run(good));
    expect({ status: ok.status, text: await ok.text() }).toMatchObject({ status: 200 });
    expect(existsSync(good)).toBe(true);
    const bad = join(seeded.folders.archive, "out.csv");
    const refused = await server.request("POST", "/api/workflow/execute", await tokenFor(), run(bad));
    expect(refused.status).toBe(403);
    expect(existsSync(bad)).toBe(false);
  });

  test("a streamed full run (NDJSON) runs inside the request's grant", async () => {
    const body = {
      workflow: workflow(
        "wf-stream",
        [
          { id: "in", type: "input", config: { source: csv } },
          { id: "out", type: "output", config: { path: join(seeded.folders.shared, "streamed.csv"), format: "csv" } },
        ],
        ["in -> out"],
      ),
    };
    const res = await server.request("POST", "/api/workflow/execute", await tokenFor(), body, {
      Accept: "application/x-ndjson",
    });
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { event: string });
    expect(lines.at(-1)?.event).toBe("result");
    expect(existsSync(join(seeded.folders.shared, "streamed.csv"))).toBe(true);
  });

  test("data-source routes: a granted file and a Hub database connection; refused without the grant", async () => {
    const file = { source: csv, options: { max_rows: 5 } };
    const ok = await server.request("POST", "/api/datasource/preview", await tokenFor(), file);
    expect({ status: ok.status, text: await ok.text() }).toMatchObject({ status: 200 });
    expect((await server.request("POST", "/api/datasource/preview", await tokenFor("admin"), file)).status).toBe(403);
    if (!PG_URL) return;
    const db = { source_type: "postgresql", config: { connection_id: seeded.ids.pg, table: TABLE } };
    const read = await server.request("POST", "/api/datasource/preview", await tokenFor(), db);
    const text = await read.text();
    expect({ status: read.status, text }).toMatchObject({ status: 200 });
    expect(text).toContain("east");
    expect((await server.request("POST", "/api/datasource/preview", await tokenFor("admin"), db)).status).toBe(403);
  });

  test("a Hub that cannot be reached: 503 and nothing runs; once it answers, the heartbeat registers", async () => {
    let up = false;
    const late = await startHubModeServer(hub, {
      secret: REGISTRATION_SECRET,
      name: `late-${suite.dialect}`,
      reachable: () => up,
    });
    try {
      await expect(late.server.hub?.start() as Promise<void>).rejects.toThrow("cannot be reached");
      const down = await late.request("POST", "/api/workflow/tool/execute", "any-token", csvPreview());
      expect(down.status).toBe(503);
      up = true;
      await late.server.hub?.heartbeat();
      const id = late.server.hub?.serverId() as string;
      expect(id).toBeString();
      const token = (await hub.deps.tokens.issue(hub.accounts.user.user.id, id)).token;
      expect((await late.request("POST", "/api/workflow/tool/execute", token, csvPreview())).status).toBe(200);
    } finally {
      await late.close();
    }
  });

  test("the run archive is for auditors and above, the cache for admins: a user's token gets 403", async () => {
    const as = async (who: "user" | "admin", path: string) =>
      (await server.request("GET", path, await tokenFor(who))).status;
    expect(await as("user", "/api/archive/list")).toBe(403);
    expect(await as("admin", "/api/archive/list")).toBe(200);
    expect(await as("user", "/api/cache/stats")).toBe(403);
    expect(await as("admin", "/api/cache/stats")).toBe(200);
  });

  test("the deprecated server-managed connection store is not there in hub mode", async () => {
    expect((await server.request("GET", "/api/connections", await tokenFor())).status).toBe(404);
  });

  test("a Server the Hub forgot registers anew and its requests go on", async () => {
    expect((await hub.request("owner", "DELETE", `/servers/${serverId}`)).status).toBe(204);
    await server.server.hub?.heartbeat();
    const again = server.server.hub?.serverId() as string;
    expect(again).not.toBe(serverId);
    serverId = again;
    expect((await server.request("POST", "/api/workflow/tool/execute", await tokenFor(), csvPreview())).status).toBe(
      200,
    );
  });

  test("a rotated auth_token (another start under this name) is recovered by re-registering once", async () => {
    const rotated = await hub.app.request("/api/v1/servers/register", {
      method: "POST",
      headers: { Authorization: `Bearer ${REGISTRATION_SECRET}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: `hub-mode-${suite.dialect}`,
        endpoint: "http://127.0.0.1:1",
        version: "1",
        rotate: true,
      }),
    });
    expect(rotated.status).toBe(200);
    const res = await server.request("POST", "/api/workflow/tool/execute", await tokenFor(), csvPreview());
    expect(res.status).toBe(200);
  });

  test("the Hub's audit chain holds each decision, and nothing the Server sent carries a credential", async () => {
    const actions = await hub.auditActionsSince(0);
    expect(actions).toContain("capability.redeem");
    expect(actions).toContain("capability.refused");
    for (const sent of server.sentToHub) expect(sent.body).not.toContain(PG_PASSWORD_IN_URI);
  });

  // Last: it ends this Server's standing with the Hub.
  test("a revoked Server serves nothing: 503 naming the revocation", async () => {
    const token = await tokenFor();
    expect((await hub.request("owner", "POST", `/servers/${serverId}/revoke`)).status).toBe(200);
    const res = await server.request("POST", "/api/workflow/tool/execute", token, csvPreview());
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("revoked");
  });
});
