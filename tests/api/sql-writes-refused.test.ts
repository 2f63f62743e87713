import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SQL } from "bun";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * Server rule 10 end to end: write and DDL attempts sent as the query of a database Input,
 * through the workflow API, to real databases. Each is refused (400, "Refused SQL") on every
 * dialect before it reaches the database, and the data is the same afterwards. `{t}` is the
 * probe table.
 */
const ATTEMPTS = [
  // Plain writes and DDL.
  "DELETE FROM {t}",
  "UPDATE {t} SET v = 'x'",
  "INSERT INTO {t} VALUES (99, 'x')",
  "REPLACE INTO {t} VALUES (1, 'x')",
  "DROP TABLE {t}",
  "DROP TABLE IF EXISTS {t}",
  "TRUNCATE {t}",
  "TRUNCATE TABLE {t}",
  "ALTER TABLE {t} ADD COLUMN z INTEGER",
  "CREATE TABLE {t}_copy AS SELECT * FROM {t}",
  "CREATE INDEX {t}_i ON {t} (v)",
  "CREATE VIEW {t}_v AS SELECT * FROM {t}",
  "MERGE INTO {t} USING (SELECT 1 AS id) s ON {t}.id = s.id WHEN MATCHED THEN DELETE",
  // Stacked statements, comment tricks, case and Unicode whitespace.
  "SELECT 1; DELETE FROM {t}",
  "select 1;delete from {t}",
  "SeLeCt * FrOm {t}; dRoP tAbLe {t}",
  "SELECT 1 /* ; */ ; /* c */ DROP TABLE {t}",
  "SELECT 1 -- c\n; UPDATE {t} SET v = 'x'",
  "/* leading */ DELETE FROM {t}",
  "-- a comment\nDELETE FROM {t}",
  "SELECT 1;\u00a0DELETE FROM {t}",
  "SELECT 1;\u2003DROP TABLE {t}",
  "SELECT 1;\u3000DELETE\u2028FROM {t}",
  "SELECT 1;\tDELETE\nFROM\r\n{t}",
  "SELECT * FROM {t} UNION SELECT 1, 'a'; DELETE FROM {t}",
  "SELECT 'a;b' AS s; DELETE FROM {t}",
  // Writes wrapped in a CTE or a SELECT.
  "WITH x AS (DELETE FROM {t} RETURNING *) SELECT * FROM x",
  "WITH c AS (SELECT 1 AS id, 'x' AS v) INSERT INTO {t} SELECT * FROM c",
  "WITH c AS (SELECT 1) UPDATE {t} SET v = 'x'",
  "SELECT * INTO {t}_copy FROM {t}",
  "EXPLAIN ANALYZE DELETE FROM {t}",
  "SELECT * FROM {t} FOR UPDATE",
  // Transactions, sessions and privileges.
  "BEGIN; DELETE FROM {t}; COMMIT",
  "START TRANSACTION",
  "COMMIT",
  "SET SESSION AUTHORIZATION DEFAULT",
  "SET default_transaction_read_only = off; DELETE FROM {t}",
  "GRANT SELECT ON {t} TO PUBLIC",
  "REVOKE ALL ON {t} FROM PUBLIC",
  "LOCK TABLE {t}",
  // Dialect escapes: files, programs, procedures, maintenance.
  "ATTACH DATABASE '/tmp/weft-attack.db' AS x",
  "DETACH DATABASE x",
  "PRAGMA writable_schema = 1",
  "VACUUM",
  "VACUUM INTO '/tmp/weft-copy.db'",
  "COPY {t} FROM '/tmp/weft-attack.csv'",
  "COPY (SELECT 1) TO '/tmp/weft-out.csv'",
  "COPY {t} TO PROGRAM 'touch /tmp/weft-pwned'",
  "DO $$ BEGIN DELETE FROM {t}; END $$",
  "CALL weft_proc()",
  "LOAD DATA INFILE '/tmp/weft-attack.csv' INTO TABLE {t}",
  "SELECT * FROM {t} INTO OUTFILE '/tmp/weft-out.txt'",
  "SELECT * FROM {t} INTO DUMPFILE '/tmp/weft-out.bin'",
  "HANDLER {t} OPEN",
  "SELECT 1 INTO @x",
  "FLUSH TABLES",
  "KILL 1",
];

const DIALECTS = [
  { type: "sqlite", url: "sqlite" as string | undefined, env: "" },
  { type: "postgresql", url: process.env.WEFT_TEST_PG_URL, env: "WEFT_TEST_PG_URL" },
  { type: "mysql", url: process.env.WEFT_TEST_MYSQL_URL, env: "WEFT_TEST_MYSQL_URL" },
];

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

async function preview(type: string, uri: string, source: { query?: string; table?: string }) {
  const flow = workflow(`w-refuse-${type}`, [
    { id: "in", type: "input", config: { source_type: type, connection: { uri }, ...source } },
  ]);
  const res = await t.app.request("/api/workflow/tool/execute", {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify({ tool_id: "in", workflow: flow }),
  });
  return { status: res.status, body: await res.json() };
}

test("the corpus is large enough", () => {
  expect(ATTEMPTS.length).toBeGreaterThanOrEqual(40);
});

for (const { type, url, env } of DIALECTS) {
  const why = url ? "" : ` (skipped: ${env} is not set; .ci/run sets it)`;
  describe.skipIf(!url)(`${type}${why}`, () => {
    const probe = `weft_probe_${type}`;
    let uri: string;
    /** The probe's rows and the database's table names: what a write would change. */
    let snapshot: () => Promise<unknown>;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const create = [
        `DROP TABLE IF EXISTS ${probe}`,
        `CREATE TABLE ${probe} (id INTEGER, v VARCHAR(20))`,
        `INSERT INTO ${probe} VALUES (1, 'one'), (2, 'two'), (3, 'three')`,
      ];
      if (type === "sqlite") {
        uri = join(t.home, "probe.db");
        const db = new Database(uri);
        for (const statement of create) db.run(statement);
        snapshot = async () => ({
          rows: db.query(`SELECT * FROM ${probe} ORDER BY id`).values(),
          tables: db.query("SELECT name FROM sqlite_master ORDER BY name").values(),
          attached: db.query("PRAGMA database_list").values().length,
        });
        close = async () => db.close();
      } else {
        uri = String(url);
        const sql = new SQL({ url: uri, max: 1 });
        for (const statement of create) await sql.unsafe(statement);
        const tables =
          type === "postgresql"
            ? "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1"
            : "SELECT table_name FROM information_schema.tables WHERE table_schema = database() ORDER BY 1";
        snapshot = async () => ({
          rows: await sql.unsafe(`SELECT * FROM ${probe} ORDER BY id`).values(),
          tables: await sql.unsafe(tables).values(),
        });
        close = async () => {
          await sql.unsafe(`DROP TABLE IF EXISTS ${probe}`);
          await sql.close();
        };
      }
    });
    afterAll(() => close());

    test(`all ${ATTEMPTS.length} attempts are refused with 400 before they run, and the data is unchanged`, async () => {
      const before = await snapshot();
      expect((before as { rows: unknown[] }).rows).toHaveLength(3);
      const passed: string[] = [];
      for (const attempt of ATTEMPTS) {
        const answer = await preview(type, uri, { query: attempt.replaceAll("{t}", probe) });
        if (answer.status !== 400 || !String(answer.body.detail).includes("Refused SQL"))
          passed.push(`${attempt} → ${answer.status} ${answer.body.detail}`);
      }
      expect(passed).toEqual([]);
      expect(await snapshot()).toEqual(before);
    }, 60_000);

    test("a table name cannot carry a statement, and a legitimate query with those words runs", async () => {
      const before = await snapshot();
      const injected = await preview(type, uri, { table: `${probe}; DROP TABLE ${probe}` });
      expect(injected.status).toBe(400);
      const quoted = type === "mysql" ? "`delete`" : '"delete"';
      const fine = await preview(type, uri, {
        query: `SELECT v AS ${quoted}, 'DROP TABLE ${probe}; --' AS note FROM ${probe} WHERE id = 2`,
      });
      expect(fine.status).toBe(200);
      expect(fine.body.outputs.output.data).toEqual([["two", `DROP TABLE ${probe}; --`]]);
      expect(await snapshot()).toEqual(before);
    });
  });
}

describe("mssql (no SQL Server can run here)", () => {
  test(`all ${ATTEMPTS.length} attempts are refused before a connection is opened`, async () => {
    // A closed port: an attempt the policy let through would fail to connect instead.
    const uri = "mssql://reader:pw@127.0.0.1:9/weft";
    const passed: string[] = [];
    for (const attempt of ATTEMPTS) {
      const answer = await preview("mssql", uri, { query: attempt.replaceAll("{t}", "weft_probe") });
      if (answer.status !== 400 || !String(answer.body.detail).includes("Refused SQL"))
        passed.push(`${attempt} → ${answer.status} ${answer.body.detail}`);
    }
    expect(passed).toEqual([]);
  }, 60_000);
});
