import { expect } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { dropPgDatabaseStatements } from "./hub-db";
import { waitUntil } from "./wait";
import { workflow, writeCsv } from "./workflows";

const PASSWORD = "a long enough passphrase 42";

/** A fresh PostgreSQL database on the test server with one table, and how to drop it. */
export async function freshPgTable(pgUrl: string) {
  const name = `weft_hm_${process.pid}_${Date.now().toString(36)}`;
  const admin = new SQL(pgUrl);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const db = new SQL(url.toString());
  await db.unsafe("CREATE TABLE sales (region text, amount int)");
  await db.unsafe("INSERT INTO sales VALUES ('east', 7), ('west', 9)");
  await db.close();
  return {
    url,
    drop: async () => {
      const again = new SQL(pgUrl);
      for (const statement of dropPgDatabaseStatements(name)) await again.unsafe(statement);
      await again.close();
    },
  };
}

/** The fields of the Hub's answers this flow reads. */
interface Answer {
  id: string;
  token: string;
  endpoint: string;
  servers?: { status: string }[];
}

/** JSON over HTTP with an optional bearer; answers status and parsed body. */
async function call(origin: string, method: string, path: string, bearer?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${origin}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    json: (text.startsWith("{") ? JSON.parse(text) : {}) as Answer,
  };
}

/**
 * The hub-mode story across real processes (issue 17, "Done when"): an owner sets up a
 * filesystem and a PostgreSQL connection, a user group, a grant group and two users, one in
 * the group; the granted user previews and runs a workflow over each connection through the
 * Server with a capability token per request; the other gets 403 for the same requests; the
 * client never sends a credential, and a client-supplied URI is refused.
 */
export async function hubModeFlow({
  hub,
  server,
  serverName,
  pg,
}: {
  hub: string;
  server: string;
  serverName: string;
  pg: { url: URL };
}) {
  const sentToServer: string[] = [];
  const h = (method: string, path: string, bearer?: string, body?: unknown) =>
    call(hub, method, `/api/v1${path}`, bearer, body);
  const expectStatus = (r: { status: number; text: string }, status: number) =>
    expect({ status: r.status, text: r.text }).toMatchObject({ status });

  const owner = await h("POST", "/auth/register", undefined, { username: "owner", password: PASSWORD });
  expectStatus(owner, 201);
  const o = owner.json.token as string;

  // The Server registered itself at start; the Hub's poller finds it online.
  await waitUntil(async () => {
    const list = await h("GET", `/servers?name=${encodeURIComponent(serverName)}`, o);
    return list.json.servers?.[0]?.status === "online";
  }, `Server ${serverName} online at the Hub`);

  const folder = mkdtempSync(join(tmpdir(), "weft-hm-files-"));
  const csv = writeCsv(
    join(folder, "sales.csv"),
    ["region", "amount"],
    [
      ["north", 10],
      ["south", 32],
    ],
  );
  const files = await h("POST", "/connections", o, { name: "Team files", type: "filesystem", path: folder });
  expectStatus(files, 201);
  const database = await h("POST", "/connections", o, {
    name: "Warehouse",
    type: "database",
    db_type: "postgresql",
    host: pg.url.hostname,
    port: Number(pg.url.port || 5432),
    database: pg.url.pathname.slice(1),
    username: decodeURIComponent(pg.url.username),
    password: decodeURIComponent(pg.url.password),
  });
  expectStatus(database, 201);
  const group = await h("POST", "/groups", o, { name: "Analysts" });
  const grants = await h("POST", "/grant-groups", o, { name: "Analyst data" });
  for (const id of [files.json.id, database.json.id]) {
    expectStatus(await h("POST", `/grant-groups/${grants.json.id}/connections/${id}`, o), 201);
  }
  expectStatus(await h("POST", `/groups/${group.json.id}/grant-groups/${grants.json.id}`, o), 201);
  const sessions: Record<string, string> = {};
  for (const username of ["ana", "bob"]) {
    const made = await h("POST", "/users", o, { username, password: PASSWORD, role: "user" });
    expectStatus(made, 201);
    if (username === "ana")
      expectStatus(await h("POST", `/groups/${group.json.id}/members`, o, { user_id: made.json.id }), 201);
    const login = await h("POST", "/auth/login", undefined, { username, password: PASSWORD });
    sessions[username] = login.json.token;
  }

  /** One request to the Server with a fresh capability token of `who`'s. */
  const onServer = async (who: string, method: string, path: string, body?: unknown) => {
    const issued = await h("POST", "/capabilities/token", sessions[who], {});
    expectStatus(issued, 200);
    expect(issued.json.endpoint).toBe(server);
    sentToServer.push(JSON.stringify(body ?? null));
    return call(issued.json.endpoint, method, path, issued.json.token, body);
  };

  const csvInput = { id: "in", type: "input", config: { source: csv } };
  const dbInput = {
    id: "in",
    type: "input",
    config: { source_type: "postgresql", connection_id: database.json.id, table: "sales" },
  };
  const out = (name: string) => ({ id: "out", type: "output", config: { path: join(folder, name), format: "csv" } });
  const requests = {
    csvPreview: { tool_id: "in", workflow: workflow("hm-csv", [csvInput]) },
    csvRun: { workflow: workflow("hm-csv-run", [csvInput, out("from-csv.csv")], ["in -> out"]) },
    dbPreview: { tool_id: "in", workflow: workflow("hm-db", [dbInput]) },
    dbRun: { workflow: workflow("hm-db-run", [dbInput, out("from-db.csv")], ["in -> out"]) },
  };
  const routeOf = (key: string) => (key.endsWith("Preview") ? "/api/workflow/tool/execute" : "/api/workflow/execute");

  for (const [key, body] of Object.entries(requests)) {
    const granted = await onServer("ana", "POST", routeOf(key), body);
    expectStatus(granted, 200);
    expect(granted.text).toContain(key.startsWith("csv") ? "north" : "west");
    const refused = await onServer("bob", "POST", routeOf(key), body);
    expectStatus(refused, 403);
  }
  expect(await Bun.file(join(folder, "from-db.csv")).text()).toContain("east");

  // A URI from the client is refused, never used (the wrong password would fail at the database instead).
  const wrong = `postgresql://${pg.url.username}:not-the-password@${pg.url.host}${pg.url.pathname}`;
  const clientUri = await onServer("ana", "POST", "/api/workflow/tool/execute", {
    tool_id: "in",
    workflow: workflow("hm-uri", [
      { id: "in", type: "input", config: { source_type: "postgresql", connection: { uri: wrong }, table: "sales" } },
    ]),
  });
  expectStatus(clientUri, 400);
  expect(clientUri.text).toContain("connection_id");

  // No request the client sent the Server carried the database's credential.
  const secret = `:${pg.url.password}@`;
  for (const body of sentToServer) {
    expect(body).not.toContain(secret);
    expect(body).not.toContain('"password"');
  }
  return { folder };
}
