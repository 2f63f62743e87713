import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { counting, SERVER_SLOW_COUNT, serverCountingMs } from "../../../tests/helpers/server-counting";
import { waitUntil } from "../../../tests/helpers/wait";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { readPostgres } from "./postgres";
import { readDatabase } from "./read-database";

// The two walls of docs/server-api.md rule 10, table names, maxRows, cancellation and connection
// errors, against a real PostgreSQL.

const pgUrl = process.env.WEFT_TEST_PG_URL ?? "";
const S = `"weft dbread safety.${process.pid}"`; // a space and a dot: the name must be quoted
let admin: SQL;
const TEST_MS = 30_000;

describe.skipIf(!pgUrl)(`PostgreSQL${pgUrl ? "" : " (skipped: WEFT_TEST_PG_URL is not set; .ci/run sets it)"}`, () => {
  beforeAll(async () => {
    admin = new SQL({ url: pgUrl, max: 1 });
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${S} CASCADE; CREATE SCHEMA ${S};
      CREATE TABLE ${S}."we""ird.tab" (a int4); INSERT INTO ${S}."we""ird.tab" VALUES (1), (2);
      CREATE FUNCTION ${S}.sneaky() RETURNS int LANGUAGE sql AS $$ DELETE FROM ${S}."we""ird.tab" RETURNING 1 $$;`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
    await admin.close();
  });

  const rowsOfWeird = async () =>
    Number((await admin.unsafe(`SELECT count(*)::int AS n FROM ${S}."we""ird.tab"`))[0].n);

  test("a write is refused by the policy, and past it by the read-only transaction; nothing changes", async () => {
    for (const query of [`DELETE FROM ${S}."we""ird.tab"`, `WITH x AS (DELETE FROM ${S}."we""ird.tab") SELECT 1`]) {
      await expect(readDatabase({ type: "postgresql", uri: pgUrl, query })).rejects.toThrow(ValidationError);
    }
    // A function the policy cannot see into: the database refuses its write.
    const sneaky = readDatabase({ type: "postgresql", uri: pgUrl, query: `SELECT ${S}.sneaky()` });
    await expect(sneaky).rejects.toThrow(DataSourceError);
    await expect(sneaky).rejects.toThrow(/read-only transaction/);
    // Past the policy (the reader called directly), a write cannot even be wrapped into the read.
    await expect(readPostgres(pgUrl, `DELETE FROM ${S}."we""ird.tab" RETURNING a`)).rejects.toThrow(DataSourceError);
    expect(await rowsOfWeird()).toBe(2);
  });

  test("a table name with quotes, dots and spaces is quoted, never interpolated", async () => {
    const frame = await readDatabase({ type: "postgresql", uri: pgUrl, table: `${S}."we""ird.tab"` });
    expect(frame.getColumn("a").toArray()).toEqual([1, 2]);
    const hostile = readDatabase({ type: "postgresql", uri: pgUrl, table: `${S}.x"; DROP SCHEMA x; --` });
    await expect(hostile).rejects.toThrow(ValidationError); // an unquoted name may not hold a quote
    const inside = readDatabase({ type: "postgresql", uri: pgUrl, table: `${S}."x; DROP TABLE ""we""""ird.tab"""` });
    await expect(inside).rejects.toThrow(/does not exist/);
    expect(await rowsOfWeird()).toBe(2);
  });

  test("maxRows limits on the server: an endless query ends", async () => {
    // The query never ends by itself: that the read does is what the limit does.
    const query = "WITH RECURSIVE c(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM c) SELECT g FROM c";
    const frame = await readDatabase({ type: "postgresql", uri: pgUrl, query, maxRows: 5 });
    expect(frame.getColumn("g").toArray()).toEqual([1, 2, 3, 4, 5]);
  });

  /** Weft's sessions running a statement that holds `text` (a LIKE pattern). */
  const runningWith = async (text: string) =>
    Number(
      (
        await admin.unsafe(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'weft' AND state = 'active' AND query LIKE '${text}'`,
        )
      )[0].n,
    );

  for (const [what, make] of [
    ["a query that has sent no row yet", counting.postgresql.total],
    ["a query streaming rows", counting.postgresql.values],
  ] as const) {
    test(
      `aborting ${what} stops it on the server`,
      async () => {
        // Without the abort, the query would outlast the test a hundred times, on any machine.
        expect(await serverCountingMs(admin, "postgresql", SERVER_SLOW_COUNT)).toBeGreaterThan(100 * TEST_MS);
        const column = `weft_abort_${process.pid}`;
        const reading = `COPY%${column}%`; // the read itself, not the description of its columns before it
        const controller = new AbortController();
        const reason = new Error("user cancelled");
        const query = make(SERVER_SLOW_COUNT, column);
        const outcome = readDatabase({ type: "postgresql", uri: pgUrl, query, signal: controller.signal }).then(
          () => "resolved",
          (error: unknown) => error,
        );
        try {
          await waitUntil(async () => (await runningWith(reading)) === 1, "the query to run on the server");
          controller.abort(reason);
          expect(await outcome).toBe(reason);
          await waitUntil(async () => (await runningWith(reading)) === 0, "the query to stop on the server");
        } finally {
          // A failing test must leave nothing running.
          await admin.unsafe(
            `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE application_name = 'weft' AND query LIKE '%${column}%'`,
          );
        }
      },
      TEST_MS,
    );
  }

  test("connection problems are DataSourceErrors that never repeat the password", async () => {
    const url = new URL(pgUrl);
    url.password = "wrong-secret-password";
    const wrong = readDatabase({ type: "postgresql", uri: url.toString(), query: "SELECT 1" });
    await expect(wrong).rejects.toThrow(DataSourceError);
    await wrong.catch((error: Error) => expect(error.message).not.toContain("wrong-secret-password"));
    const refused = readDatabase({ type: "postgresql", uri: "postgres://u:secret@127.0.0.1:1/db", query: "SELECT 1" });
    await expect(refused).rejects.toThrow(/PostgreSQL at 127\.0\.0\.1:1\/db/);
    const scheme = readDatabase({ type: "postgresql", uri: "mysql://u:secret@127.0.0.1/db", query: "SELECT 1" });
    await expect(scheme).rejects.toThrow("must start with postgres:// or postgresql:// (got mysql://)");
  });
});
