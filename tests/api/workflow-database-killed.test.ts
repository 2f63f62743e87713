import { describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { counting, SERVER_SLOW_COUNT, serverCountingMs } from "../helpers/server-counting";
import { bearer, makeTestApp } from "../helpers/test-app";
import { waitUntil } from "../helpers/wait";
import { workflow } from "../helpers/workflows";

/*
 * An executor killed while its query runs on a database server (SIGKILL: it cancels nothing,
 * as when the pool's kill at the time limit wins the race with the executor's own cancel)
 * leaves no query running there. PostgreSQL aborts the query once it sees its client gone
 * (client_connection_check_interval); MariaDB stops it at the job's time limit
 * (max_statement_time), as it does not notice a vanished client until it writes, and a
 * count writes nothing until its end. Without either, the count would go on for years.
 */

const skipped = (name: string) => ` (skipped: ${name} is not set; .ci/run sets it)`;

const servers = [
  {
    dialect: "postgresql" as const,
    env: "WEFT_TEST_PG_URL",
    // The read itself (a COPY), not the description before it (which is planned, not run).
    running: (marker: string) =>
      `SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'COPY%${marker}%' AND pid <> pg_backend_pid()`,
    stop: (marker: string) =>
      `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE '%${marker}%' AND pid <> pg_backend_pid()`,
    // Far beyond the wait below: only the server's check of its client can stop the query in time.
    limitSeconds: 600,
  },
  {
    dialect: "mysql" as const,
    env: "WEFT_TEST_MYSQL_URL",
    running: (marker: string) =>
      `SELECT count(*) AS n FROM information_schema.processlist WHERE info LIKE '%${marker}%' AND info NOT LIKE '%LIMIT 0' AND id <> connection_id()`,
    stop: (marker: string) =>
      `SELECT id FROM information_schema.processlist WHERE info LIKE '%${marker}%' AND id <> connection_id()`,
    limitSeconds: 4,
  },
];

for (const server of servers) {
  const url = process.env[server.env];
  describe.skipIf(!url)(`${server.dialect}${url ? "" : skipped(server.env)}`, () => {
    test("an executor killed mid-query leaves no query running on the server", async () => {
      const app = await makeTestApp({
        env: { MAX_EXECUTION_TIME_SECONDS: String(server.limitSeconds), ENGINE_PROCESSES: "1" },
      });
      const sql = new SQL({ url: String(url), max: 1 });
      const marker = `weft_killed_${Date.now()}`;
      try {
        expect(await serverCountingMs(sql, server.dialect, SERVER_SLOW_COUNT)).toBeGreaterThan(
          100 * server.limitSeconds * 1000,
        );
        const query = counting[server.dialect].total(SERVER_SLOW_COUNT, marker);
        const flow = workflow("w-killed", [
          { id: "in", type: "input", config: { source_type: server.dialect, connection: { uri: url }, query } },
        ]);
        const running = async () => Number((await sql.unsafe(server.running(marker)))[0].n);
        app.engine?.warm();
        await waitUntil(() => app.engine?.stats().idle === 1, "the executor to be ready");
        const answering = app.app.request("/api/workflow/tool/execute", {
          method: "POST",
          headers: { ...bearer(app.token), "content-type": "application/json" },
          body: JSON.stringify({ tool_id: "in", workflow: flow }),
        });
        await waitUntil(async () => (await running()) === 1, "the query to run on the server");
        const [pid] = app.engine?.stats().pids ?? [];
        process.kill(pid as number, "SIGKILL");
        expect((await answering).status).toBeGreaterThanOrEqual(500);
        await waitUntil(async () => (await running()) === 0, "the query to stop on the server");
      } finally {
        // Should it outlive the executor, the test does not leave the count burning a core.
        if (server.dialect === "postgresql") await sql.unsafe(server.stop(marker));
        else for (const row of await sql.unsafe(server.stop(marker))) await sql.unsafe(`KILL ${Number(row.id)}`);
        await sql.close();
        await app.close();
      }
    }, 60_000);
  });
}
