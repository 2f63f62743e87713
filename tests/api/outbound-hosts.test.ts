import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeEmptySqlite } from "../helpers/workflows";

/*
 * OUTBOUND_HOSTS: with an allowlist set, the AI proxy and every database connection refuse
 * any other host with a 403 naming it and the setting, before any connection is made. The
 * "other host" here is a listening loopback socket that counts the connections it gets: it
 * must get none while refused, and does get one once the allowlist names it (so the count
 * would have seen a connection).
 */

const KEY = "outbound-hosts-test-key";
let sink: Server;
let port = 0;
let connections = 0;
let shared: string;
let restricted: TestApp;
let allowed: TestApp;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
async function call(t: TestApp, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await t.app.request(`/api${path}`, {
    method,
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : text };
}

const pgUri = () => `postgres://reader:secret@127.0.0.1:${port}/sales`;
const pgInput = () =>
  workflow("w-out", [
    { id: "in", type: "input", config: { source_type: "postgresql", connection: { uri: pgUri() }, table: "t" } },
  ]);

function expectRefused(answer: { status: number; body: { detail?: string } }, host = "127.0.0.1") {
  expect(answer.status).toBe(403);
  expect(answer.body.detail).toContain(`"${host}"`);
  expect(answer.body.detail).toContain("OUTBOUND_HOSTS (--outbound-hosts)");
}

beforeAll(async () => {
  sink = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((done) => sink.listen(0, "127.0.0.1", done));
  port = (sink.address() as { port: number }).port;
  shared = mkdtempSync(join(tmpdir(), "weft-outbound-"));
  // One data directory for both apps (a connection stored by one is read by the other), beside
  // the files root: the data directory is out of reach of every route and tool.
  const dataDir = join(shared, "data");
  const common = { ENGINE_PROCESSES: "1", CONNECTION_ENCRYPTION_KEY: KEY, ALLOWED_FILE_PATHS: shared };
  // Allowed first: it stores a connection to the sink, as a Server might have before the setting was set.
  allowed = await makeTestApp({ env: { ...common, WEFT_DATA_DIR: dataDir, OUTBOUND_HOSTS: `127.0.0.1:${port}` } });
  restricted = await makeTestApp({
    env: { ...common, WEFT_DATA_DIR: dataDir, OUTBOUND_HOSTS: "db.example.com, *.corp.example:5432, [::1]" },
  });
});
afterAll(async () => {
  await restricted.close();
  await allowed.close();
  sink.close();
  rmSync(shared, { recursive: true, force: true });
});

describe("a host outside OUTBOUND_HOSTS", () => {
  test("the AI proxy and the models list refuse it, and nothing connects", async () => {
    const base = encodeURIComponent(`http://127.0.0.1:${port}/v1`);
    expectRefused(await call(restricted, "POST", `/ai/proxy/openai-compatible/chat/completions?base_url=${base}`, {}));
    expectRefused(
      await call(restricted, "POST", "/ai/models", {
        provider: "openai-compatible",
        base_url: `http://127.0.0.1:${port}/v1`,
      }),
    );
    // A hosted provider's setting is a host like any other.
    expectRefused(await call(restricted, "POST", "/ai/models", { provider: "openai" }), "api.openai.com");
    // Another spelling of the same address is the same host.
    const short = encodeURIComponent(`http://127.1:${port}/v1`);
    expectRefused(
      await call(restricted, "POST", `/ai/proxy/openai-compatible/chat/completions?base_url=${short}`, {}),
      "127.0.0.1",
    );
    expect(connections).toBe(0);
  });

  test("a database Input tool, the data-source routes and the connection routes refuse it, and nothing connects", async () => {
    const run = await call(restricted, "POST", "/workflow/tool/execute", { tool_id: "in", workflow: pgInput() });
    expectRefused(run);
    const source = { source_type: "postgresql", config: { connection: { uri: pgUri() }, table: "t" } };
    expectRefused(await call(restricted, "POST", "/datasource/inspect", source));
    expectRefused(await call(restricted, "POST", "/datasource/preview", source));
    // A PostgreSQL URI may not move its host into the query.
    const moved = { ...source, config: { connection: { uri: "postgres://db.example.com/s?host=127.0.0.1" } } };
    const answer = await call(restricted, "POST", "/datasource/preview", moved);
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toContain("?host=");

    const body = {
      name: "Sink",
      type: "postgresql",
      host: "127.0.0.1",
      port,
      database: "sales",
      username: "u",
      password: "p",
    };
    expectRefused(await call(restricted, "POST", "/connections/", body));
    const created = await call(allowed, "POST", "/connections/", body);
    expect(created.body).toMatchObject({ host: "127.0.0.1" });
    expectRefused(await call(restricted, "PUT", `/connections/${created.body.id}`, { name: "Renamed" }));
    expectRefused(await call(restricted, "POST", `/connections/${created.body.id}/test`));
    expect(connections).toBe(0);
  });

  test("allowed hosts and SQLite files are not refused", async () => {
    const ok = await call(restricted, "POST", "/connections/", {
      name: "Corp",
      type: "postgresql",
      host: "db.eu.corp.example",
      port: 5432,
      database: "sales",
      username: "u",
      password: "p",
    });
    expect(ok.body).toMatchObject({ host: "db.eu.corp.example" });
    const wrongPort = {
      name: "Corp",
      type: "postgresql",
      host: "db.eu.corp.example",
      port: 5433,
      database: "s",
      username: "u",
    };
    expectRefused(await call(restricted, "POST", "/connections/", wrongPort), "db.eu.corp.example");
    const db = writeEmptySqlite(join(shared, "local.db"));
    const sqlite = workflow("w-sqlite", [
      { id: "in", type: "input", config: { source_type: "sqlite", connection: { uri: db }, query: "SELECT 7 AS n" } },
    ]);
    const read = await call(restricted, "POST", "/workflow/tool/execute", { tool_id: "in", workflow: sqlite });
    expect(read.status).toBe(200);
    expect(read.body.outputs.output.data).toEqual([[7]]);
  });
});

test("a host in OUTBOUND_HOSTS is reached: the socket would have seen a connection", async () => {
  const base = encodeURIComponent(`http://127.0.0.1:${port}/v1`);
  const answer = await call(allowed, "POST", `/ai/proxy/openai-compatible/chat/completions?base_url=${base}`, {});
  expect(answer.status).toBe(502); // the sink hangs up at once
  expect(connections).toBeGreaterThan(0);
});
