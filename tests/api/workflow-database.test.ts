import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import type { Workflow } from "../../src/shared/workflow";
import { connectionFields } from "../helpers/connection-fields";
import { counting, SERVER_SLOW_COUNT, serverCountingMs } from "../helpers/server-counting";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { waitUntil } from "../helpers/wait";
import { workflow } from "../helpers/workflows";

/*
 * Database Input tools through the workflow API, against real databases: SQLite always,
 * PostgreSQL and MariaDB when .ci/run's servers are up (WEFT_TEST_PG_URL, WEFT_TEST_MYSQL_URL).
 */

const KEY = "workflow-database-test-key";
const pgUrl = process.env.WEFT_TEST_PG_URL;
const myUrl = process.env.WEFT_TEST_MYSQL_URL;
const skipped = (name: string) => ` (skipped: ${name} is not set; .ci/run sets it)`;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any };
let t: TestApp;
const call = async (path: string, body: unknown, app = t): Promise<Answer> => {
  const res = await app.app.request(`/api/${path}`, {
    method: "POST",
    headers: { ...bearer(app.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
const cacheOf = (answer: Answer, id: string) =>
  answer.body.metrics.tools.find((m: { tool_id: string }) => m.tool_id === id)?.cache;

/** Input → Summarize (sum of `amount` per `region`) → Output CSV. */
function salesFlow(id: string, input: Record<string, unknown>, out: string): Workflow {
  return workflow(
    id,
    [
      { id: "in", type: "input", config: input },
      {
        id: "sum",
        type: "summarize",
        config: { group_by: ["region"], aggregations: [{ column: "amount", function: "sum" }] },
      },
      { id: "out", type: "output", config: { path: out, format: "csv" } },
    ],
    ["in -> sum", "sum -> out"],
  );
}

/** Sums of amount per region over rows [id, region, amount], sorted by region: computed here. */
function sums(rows: [number, string, number][]): [string, number][] {
  const by = new Map<string, number>();
  for (const [, region, amount] of rows) by.set(region, (by.get(region) ?? 0) + amount);
  return [...by].sort(([a], [b]) => a.localeCompare(b));
}
const sorted = (data: [string, number][]) => [...data].sort(([a], [b]) => a.localeCompare(b));

const ROWS: [number, string, number][] = Array.from({ length: 300 }, (_, i) => [
  i,
  ["north", "south", "zürich 🏔"][i % 3] as string,
  (i * 37) % 101,
]);

beforeAll(async () => {
  t = await makeTestApp({ env: { CONNECTION_ENCRYPTION_KEY: KEY } });
});
afterAll(() => t.close());

describe("SQLite", () => {
  let path: string;
  beforeAll(() => {
    path = join(t.home, "shop.db");
    const db = new Database(path);
    db.run("CREATE TABLE sales (id INTEGER, region TEXT, amount INTEGER)");
    const insert = db.prepare("INSERT INTO sales VALUES (?, ?, ?)");
    for (const row of ROWS) insert.run(...row);
    db.close();
  });
  const input = () => ({ source_type: "sqlite", connection: { uri: path }, table: "sales" });

  test("a preview of the Input alone reads only the rows shown, and is not cached", async () => {
    const flow = salesFlow("w-sqlite-head", input(), join(t.home, "x.csv"));
    const answer = await call("workflow/tool/execute", { tool_id: "in", workflow: flow, preview_limit: 5 });
    expect(answer.status).toBe(200);
    const output = answer.body.outputs.output;
    expect(output.columns).toEqual([
      { name: "id", dtype: "Int64" },
      { name: "region", dtype: "String" },
      { name: "amount", dtype: "Int64" },
    ]);
    expect(output.data).toEqual(ROWS.slice(0, 5));
    expect(output.has_more).toBe(true);
    expect(cacheOf(answer, "in")).toBe("off");
  });

  test("a schema needs no rows; a query works as a table does", async () => {
    const flow = salesFlow(
      "w-sqlite-query",
      { source_type: "sqlite", connection: { uri: path }, query: "SELECT region, amount * 2 AS amount FROM sales" },
      join(t.home, "x.csv"),
    );
    const schema = await call("workflow/tool/schema", { tool_id: "sum", workflow: flow });
    expect(schema.status).toBe(200);
    expect(schema.body.columns).toEqual([
      { name: "region", dtype: "String" },
      { name: "amount_sum", dtype: "Int64" },
    ]);
    const answer = await call("workflow/tool/execute", { tool_id: "sum", workflow: flow });
    expect(sorted(answer.body.outputs.output.data)).toEqual(sums(ROWS.map(([i, r, a]) => [i, r, a * 2])));
  });

  test("previews downstream cache the read; a full run reads the database afresh and writes the output", async () => {
    const out = join(t.home, "sums.csv");
    const flow = salesFlow("w-sqlite-run", input(), out);
    const first = await call("workflow/tool/execute", { tool_id: "sum", workflow: flow });
    expect([cacheOf(first, "in"), cacheOf(first, "sum")]).toEqual(["miss", "miss"]);
    expect(sorted(first.body.outputs.output.data)).toEqual(sums(ROWS));
    const again = await call("workflow/tool/execute", { tool_id: "sum", workflow: flow });
    expect([cacheOf(again, "in"), cacheOf(again, "sum")]).toEqual(["hit", "hit"]);
    const run = await call("workflow/execute", { workflow: flow });
    expect(run.status).toBe(200);
    expect(cacheOf(run, "in")).not.toBe("hit");
    expect(cacheOf(run, "sum")).not.toBe("hit");
    const written = readFileSync(out, "utf8").trim().split("\n");
    expect(written[0]).toBe("region,amount_sum");
    expect(written.slice(1).sort()).toEqual(sums(ROWS).map(([r, s]) => `${r},${s}`));
  });

  test("a SQLite file outside the allowed folders is refused (403), and a missing one is named", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "weft-outside-"));
    try {
      const outside = join(elsewhere, "secret.db");
      new Database(outside).close();
      const flow = workflow("w-sqlite-403", [
        { id: "in", type: "input", config: { source_type: "sqlite", connection: { uri: outside }, table: "t" } },
      ]);
      const answer = await call("workflow/tool/execute", { tool_id: "in", workflow: flow });
      expect(answer.status).toBe(403);
      const missing = workflow("w-sqlite-404", [
        {
          id: "in",
          type: "input",
          config: { source_type: "sqlite", connection: { uri: join(t.home, "nope.db") }, table: "t" },
        },
      ]);
      const gone = await call("workflow/tool/execute", { tool_id: "in", workflow: missing });
      expect([400, 404]).toContain(gone.status);
      expect(gone.body.detail).toContain("nope.db");
      expect(existsSync(join(t.home, "nope.db"))).toBe(false);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  test("a connection that does not resolve fails its own tool, not the others (preview_all)", async () => {
    const flow = workflow("w-sqlite-partial", [
      { id: "good", type: "input", config: input() },
      { id: "bad", type: "input", config: { source_type: "postgresql", connection_id: "no-such-id", table: "t" } },
    ]);
    const all = await call("workflow/preview_all", { workflow: flow, preview_limit: 2 });
    expect(all.status).toBe(200);
    expect(all.body.good.outputs.output.data).toEqual(ROWS.slice(0, 2));
    expect(all.body.bad.error.status).toBe(404);
    expect(all.body.bad.error.detail).toContain("no-such-id");
    const one = await call("workflow/tool/execute", { tool_id: "bad", workflow: flow });
    expect(one.status).toBe(404);
  });

  test("a query SQLite refuses is the driver's error classified where it arises: a 400 naming the tool", async () => {
    const flow = workflow("w-sqlite-bad-sql", [
      { id: "in", type: "input", config: { ...input(), table: undefined, query: "SELECT nope FROM sales" } },
    ]);
    const one = await call("workflow/tool/execute", { tool_id: "in", workflow: flow });
    expect(one.status).toBe(400);
    expect(one.body.detail).toStartWith('Tool "in": SQLite');
    expect(one.body.detail).toContain("nope");
    expect(one.body.error_id).toBeUndefined();
    const all = await call("workflow/preview_all", { workflow: flow });
    expect(all.status).toBe(200);
    expect(all.body.in.error.status).toBe(400);
  });
});

for (const server of [
  { type: "postgresql", url: pgUrl, env: "WEFT_TEST_PG_URL" },
  { type: "mysql", url: myUrl, env: "WEFT_TEST_MYSQL_URL" },
]) {
  const { type, url } = server;
  describe.skipIf(!url)(`${type}${url ? "" : skipped(server.env)}`, () => {
    const table = `weft_api_sales_${type}`;
    let sql: SQL;
    beforeAll(async () => {
      sql = new SQL({ url: String(url), max: 1 });
      await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      await sql.unsafe(`CREATE TABLE ${table} (id INTEGER, region VARCHAR(40), amount INTEGER)`);
      for (let i = 0; i < ROWS.length; i += 100) {
        const values = ROWS.slice(i, i + 100)
          .map(([id, region, amount]) => `(${id}, '${region}', ${amount})`)
          .join(", ");
        await sql.unsafe(`INSERT INTO ${table} VALUES ${values}`);
      }
    });
    afterAll(async () => {
      await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      await sql.close();
    });

    test("a client URI reads the table; the password appears in no answer", async () => {
      const flow = salesFlow(`w-${type}-client`, { source_type: type, connection: { uri: url }, table }, "/dev/null");
      const head = await call("workflow/tool/execute", { tool_id: "in", workflow: flow, preview_limit: 3 });
      expect(head.status).toBe(200);
      expect(head.body.outputs.output.data).toEqual(ROWS.slice(0, 3));
      const answer = await call("workflow/tool/execute", { tool_id: "sum", workflow: flow });
      expect(sorted(answer.body.outputs.output.data)).toEqual(sums(ROWS));
      const password = new URL(String(url)).password;
      expect(JSON.stringify(head.body) + JSON.stringify(answer.body)).not.toContain(`:${password}@`);
    });

    test("a query the server refuses and a closed port are 400s naming the tool (driver errors, classified)", async () => {
      const refused = workflow(`w-${type}-bad-sql`, [
        {
          id: "in",
          type: "input",
          config: { source_type: type, connection: { uri: url }, query: `SELECT nope FROM ${table}` },
        },
      ]);
      const bad = await call("workflow/tool/execute", { tool_id: "in", workflow: refused });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toContain('Tool "in"');
      expect(bad.body.detail).toContain("nope");
      const closed = new URL(String(url));
      closed.port = "1";
      const unreachable = workflow(`w-${type}-closed`, [
        { id: "in", type: "input", config: { source_type: type, connection: { uri: closed.toString() }, table } },
      ]);
      const gone = await call("workflow/tool/execute", { tool_id: "in", workflow: unreachable });
      expect(gone.status).toBe(400);
      expect(gone.body.detail).toContain('Tool "in"');
      expect(gone.body.error_id).toBeUndefined();
    });

    test("a wrong password is a clear 400 that does not repeat it", async () => {
      const wrong = new URL(String(url));
      wrong.password = "Wr0ng-pa55word";
      const flow = workflow(`w-${type}-wrong`, [
        { id: "in", type: "input", config: { source_type: type, connection: { uri: wrong.toString() }, table } },
      ]);
      const answer = await call("workflow/tool/execute", { tool_id: "in", workflow: flow });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toContain('Tool "in"');
      expect(answer.body.detail).not.toContain("Wr0ng-pa55word");
    });

    test("a re-run counts the rows below the read again when the table changed (no lineage to tell)", async () => {
      const filter = { mode: "basic", column: "amount", operator: "<", value: 50 };
      const flow = workflow(
        `w-${type}-recount`,
        [
          { id: "in", type: "input", config: { source_type: type, connection: { uri: url }, table } },
          { id: "keep", type: "filter", config: filter },
          {
            id: "sum",
            type: "summarize",
            config: { group_by: [], aggregations: [{ column: "id", function: "count" }] },
          },
          { id: "out", type: "output", config: { path: join(t.home, `${type}-recount.csv`), format: "csv" } },
        ],
        ["in -> keep", "keep:output-true -> sum", "sum -> out"],
      );
      const rowsOf = async () => {
        const run = await call("workflow/execute", { workflow: flow });
        expect(run.status, JSON.stringify(run.body)).toBe(200);
        const rows = (id: string) => run.body.metrics.tools.find((m: { tool_id: string }) => m.tool_id === id)?.rows;
        return [rows("in"), rows("keep")];
      };
      const kept = ROWS.filter(([, , amount]) => amount < 50).length;
      // Twice each: whichever engine process runs the later ones has run the table before.
      expect([await rowsOf(), await rowsOf()]).toEqual([
        [ROWS.length, kept],
        [ROWS.length, kept],
      ]);
      await sql.unsafe(`INSERT INTO ${table} VALUES (2000, 'north', 1), (2001, 'south', 2)`);
      expect([await rowsOf(), await rowsOf()]).toEqual([
        [ROWS.length + 2, kept + 2],
        [ROWS.length + 2, kept + 2],
      ]);
      await sql.unsafe(`DELETE FROM ${table} WHERE id >= 2000`);
    });

    test("a server-managed connection is used by id; previews reuse the read, a full run sees new rows", async () => {
      const created = await t.app.request("/api/connections/", {
        method: "POST",
        headers: { ...bearer(t.token), "content-type": "application/json" },
        body: JSON.stringify({ name: `api-${type}`, ...connectionFields(String(url), type) }),
      });
      expect(created.status).toBe(201);
      const { id } = await created.json();
      const out = join(t.home, `${type}-sums.csv`);
      const flow = salesFlow(`w-${type}-server`, { source_type: type, connection_id: id, table }, out);
      const first = await call("workflow/tool/execute", { tool_id: "sum", workflow: flow });
      expect(first.status).toBe(200);
      expect(cacheOf(first, "in")).toBe("miss");
      await sql.unsafe(`INSERT INTO ${table} VALUES (1000, 'north', 1000000)`);
      const withNew: [number, string, number][] = [...ROWS, [1000, "north", 1_000_000]];
      // The preview is served from the cache (stale by design while designing)...
      const cached = await call("workflow/tool/execute", { tool_id: "sum", workflow: flow });
      expect(cacheOf(cached, "in")).toBe("hit");
      expect(sorted(cached.body.outputs.output.data)).toEqual(sums(ROWS));
      // ...a full run reads the database again, and the next preview shows what it read.
      const run = await call("workflow/execute", { workflow: flow });
      expect(run.status).toBe(200);
      const written = readFileSync(out, "utf8").trim().split("\n").slice(1).sort();
      expect(written).toEqual(sums(withNew).map(([r, s]) => `${r},${s}`));
      const after = await call("workflow/tool/execute", { tool_id: "sum", workflow: flow });
      expect(sorted(after.body.outputs.output.data)).toEqual(sums(withNew));
      await sql.unsafe(`DELETE FROM ${table} WHERE id = 1000`);
    });
  });
}

describe.skipIf(!pgUrl)(`a query past the time limit${pgUrl ? "" : skipped("WEFT_TEST_PG_URL")}`, () => {
  test("is a 504, and the query is cancelled on the PostgreSQL server", async () => {
    const limitMs = 3_000;
    const slow = await makeTestApp({
      env: { MAX_EXECUTION_TIME_SECONDS: String(limitMs / 1000), ENGINE_PROCESSES: "1" },
    });
    const sql = new SQL({ url: String(pgUrl), max: 1 });
    try {
      const marker = `weft_timeout_${Date.now()}`;
      // Without the limit, the count would go on for years, on any machine.
      expect(await serverCountingMs(sql, "postgresql", SERVER_SLOW_COUNT)).toBeGreaterThan(100 * limitMs);
      const query = counting.postgresql.total(SERVER_SLOW_COUNT, marker);
      const flow = workflow("w-pg-slow", [
        { id: "in", type: "input", config: { source_type: "postgresql", connection: { uri: pgUrl }, query } },
      ]);
      const running = async () =>
        Number(
          (
            await sql.unsafe(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%${marker}%' AND pid <> pg_backend_pid()`,
            )
          )[0].n,
        );
      // The limit counts from the request: an executor still loading Polars would spend it.
      slow.engine?.warm();
      await waitUntil(() => slow.engine?.stats().idle === 1, "the executor to be ready");
      const started = performance.now();
      const answering = call("workflow/tool/execute", { tool_id: "in", workflow: flow }, slow);
      await waitUntil(async () => (await running()) === 1, "the query to run on the server");
      const answer = await answering;
      expect([answer.status, answer.body.detail]).toEqual([504, expect.stringContaining("MAX_EXECUTION_TIME_SECONDS")]);
      // The limit stopped it, not an early failure: a lower bound no machine's speed can break
      // (the executor cancels its query 300 ms before the limit).
      expect(performance.now() - started).toBeGreaterThan(limitMs - 500);
      await waitUntil(async () => (await running()) === 0, "the query to be cancelled on the server");
      // The engine answers the next request, once the killed executor's replacement is ready.
      await waitUntil(() => slow.engine?.stats().idle === 1, "the new executor to be ready");
      const next = await call(
        "workflow/tool/execute",
        {
          tool_id: "in",
          workflow: workflow("w-pg-next", [
            {
              id: "in",
              type: "input",
              config: { source_type: "postgresql", connection: { uri: pgUrl }, query: "SELECT 1 AS one" },
            },
          ]),
        },
        slow,
      );
      expect(next.body.outputs?.output.data).toEqual([[1]]);
    } finally {
      // Should the cancellation fail, the test does not leave the query burning a core.
      await sql.unsafe(
        "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE '%weft_timeout_%' AND pid <> pg_backend_pid()",
      );
      await sql.close();
      await slow.close();
    }
  }, 60_000);
});
