import { afterAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { counting, SERVER_SLOW_COUNT, serverCountingMs } from "../../../tests/helpers/server-counting";
import { waitUntil } from "../../../tests/helpers/wait";
import { DataSourceError } from "../../shared/errors";
import { BATCH_ROWS } from "./column-builders";
import { exactValues, shownType } from "./db-values.fixture";
import { readDatabase } from "./read-database";

// The session against a real MariaDB: rows streamed over many batches, an abort that stops
// the query on the server, and login errors. The golden type test is mysql-server.test.ts.

const url = process.env.WEFT_TEST_MYSQL_URL ?? "";
const TEST_MS = 30_000;

/** MariaDB's processes (other than the asking one) whose statement holds `tag`. */
async function processesWith(sql: SQL, tag: string): Promise<{ ID: number; INFO: string }[]> {
  return await sql.unsafe(
    `SELECT ID, INFO FROM information_schema.PROCESSLIST WHERE INFO LIKE '%${tag}%' AND ID <> CONNECTION_ID()`,
  );
}

describe.skipIf(!url)(
  `MariaDB sessions${url ? "" : " (skipped: WEFT_TEST_MYSQL_URL is not set; .ci/run sets it)"}`,
  () => {
    const sql = new SQL({ url, max: 1 });
    afterAll(async () => await sql.close());

    test("rows stream over several batches, exactly, with nulls", async () => {
      const n = 2 * BATCH_ROWS + 17;
      const query = `SELECT seq AS id, IF(seq % 7 = 0, NULL, seq / 4) AS quarter,
        IF(seq % 5 = 0, NULL, CONCAT('r', seq, 'é')) AS name, -CAST(seq AS SIGNED) * 100000000007 AS big
        FROM seq_1_to_${n} ORDER BY seq`;
      const frame = await readDatabase({ type: "mysql", uri: url, query });
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      // seq / 4 has scale 4 (div_precision_increment): quarters are .0000, .2500, .5000, .7500.
      const quarter = (i: number) =>
        i % 7 === 0 ? null : `${Math.floor(i / 4)}.${["0000", "2500", "5000", "7500"][i % 4]}`;
      expect(frame.getColumns().map(shownType)).toEqual(["u64", "decimal[24,4]", "str", "i64"]);
      expect(exactValues(frame.getColumn("id"))).toEqual(ids.map(String));
      expect(exactValues(frame.getColumn("quarter"))).toEqual(ids.map(quarter));
      expect(frame.getColumn("name").toArray() as unknown[]).toEqual(ids.map((i) => (i % 5 === 0 ? null : `r${i}é`)));
      expect(exactValues(frame.getColumn("big"))).toEqual(ids.map((i) => String(-BigInt(i) * 100000000007n)));
    });

    test(
      "an abort stops the query on the server and rejects with the reason",
      async () => {
        const tag = `weft_cancel_${process.pid}`;
        // Without the abort, each query would outlast the test a hundred times, on any machine:
        // one aggregate that sends no row until it ends, and one that streams rows.
        expect(await serverCountingMs(sql, "mysql", SERVER_SLOW_COUNT)).toBeGreaterThan(100 * TEST_MS);
        const queries = [counting.mysql.total(SERVER_SLOW_COUNT, tag), counting.mysql.values(SERVER_SLOW_COUNT, tag)];
        // The read itself, not the description of its columns before it (LIMIT 0).
        const reading = async () => (await processesWith(sql, tag)).filter((p) => !p.INFO.endsWith("LIMIT 0")).length;
        try {
          for (const query of queries) {
            const controller = new AbortController();
            const reason = new Error("the user stopped it");
            const outcome = readDatabase({ type: "mysql", uri: url, query, signal: controller.signal }).then(
              () => "resolved",
              (error: unknown) => error,
            );
            await waitUntil(async () => (await reading()) === 1, `${query} to run on the server`);
            controller.abort(reason);
            expect(await outcome).toBe(reason);
            await waitUntil(async () => (await processesWith(sql, tag)).length === 0, `${query} to stop on the server`);
          }
        } finally {
          // A failing test must leave nothing running.
          for (const process of await processesWith(sql, tag)) await sql.unsafe(`KILL QUERY ${process.ID}`);
        }
      },
      TEST_MS,
    );

    test(
      "a value its column cannot hold stops the read and the query, naming column and row",
      async () => {
        const tag = `weft_bad_value_${process.pid}`;
        // MariaDB lets a DATE hold month 0; the stream is stopped at that row. Reading on would
        // outlast the test a hundred times, on any machine.
        expect(await serverCountingMs(sql, "mysql", SERVER_SLOW_COUNT)).toBeGreaterThan(100 * TEST_MS);
        const query = `SELECT seq AS ${tag}, IF(seq = 70000, DATE '2024-00-10', DATE '2024-01-01') AS d
        FROM seq_1_to_${SERVER_SLOW_COUNT}`;
        try {
          const error = await readDatabase({ type: "mysql", uri: url, query }).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(DataSourceError);
          expect((error as Error).message).toBe(
            'Column "d" at row 70000 holds "2024-00-10", which is not a valid value',
          );
          await waitUntil(async () => (await processesWith(sql, tag)).length === 0, "the query to stop on the server");
        } finally {
          for (const process of await processesWith(sql, tag)) await sql.unsafe(`KILL QUERY ${process.ID}`);
        }
      },
      TEST_MS,
    );

    test("the second wall: a function that writes fails in the read-only transaction", async () => {
      const table = `weft_written_${process.pid}`;
      const writer = `weft_writer_${process.pid}`;
      try {
        await sql.unsafe(`CREATE TABLE ${table} (a INT)`);
        await sql.unsafe(
          `CREATE FUNCTION ${writer}() RETURNS INT MODIFIES SQL DATA BEGIN INSERT INTO ${table} VALUES (1); RETURN 1; END`,
        );
        // The policy cannot know what a user's function does: this passes it.
        const read = readDatabase({ type: "mysql", uri: url, query: `SELECT ${writer}() AS x` });
        await expect(read).rejects.toThrow(DataSourceError);
        await expect(read).rejects.toThrow("READ ONLY transaction");
        const [row] = await sql.unsafe(`SELECT COUNT(*) AS n FROM ${table}`);
        expect(Number(row.n)).toBe(0);
      } finally {
        await sql.unsafe(`DROP FUNCTION IF EXISTS ${writer}`);
        await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      }
    });

    test("an abort before the read rejects with the reason without connecting", async () => {
      const controller = new AbortController();
      const reason = new Error("not wanted");
      controller.abort(reason);
      const read = readDatabase({ type: "mysql", uri: url, query: "SELECT 1", signal: controller.signal });
      await expect(read).rejects.toBe(reason);
    });

    test("a wrong password is a DataSourceError without the password; a %-encoded one is decoded", async () => {
      const password = `p@ss:w/rd?#%&é '"\\x`;
      const wrong = new URL(url);
      wrong.password = encodeURIComponent(password);
      const read = readDatabase({ type: "mysql", uri: wrong.href, query: "SELECT 1 AS one" });
      await expect(read).rejects.toThrow(DataSourceError);
      const message = await read.then(String, (error: Error) => error.message);
      expect(message).toStartWith(`MySQL at ${wrong.host}${wrong.pathname}: `);
      expect(message).toContain("Access denied");
      for (const secret of [password, encodeURIComponent(password), "p@ss", "w/rd"]) {
        expect([secret, message.includes(secret)]).toEqual([secret, false]);
      }
      // The right password, every character %-encoded, still logs in.
      const right = new URL(url);
      const plain = decodeURIComponent(right.password);
      right.password = Array.from(new TextEncoder().encode(plain), (b) => `%${b.toString(16).padStart(2, "0")}`).join(
        "",
      );
      const frame = await readDatabase({ type: "mysql", uri: right.href, query: "SELECT 1 AS one" });
      expect(frame.toRecords()).toEqual([{ one: 1 }]);
    });
  },
);
