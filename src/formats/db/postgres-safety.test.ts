import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { readPostgres } from "./postgres";
import { readDatabase } from "./read-database";

// The two walls of server.md rule 10, table names, maxRows, cancellation and connection
// errors, against a real PostgreSQL.

const pgUrl = process.env.WEFT_TEST_PG_URL ?? "";
const S = `"weft dbread safety.${process.pid}"`; // a space and a dot: the name must be quoted
let admin: SQL;

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
    const query = "WITH RECURSIVE c(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM c) SELECT g FROM c";
    const started = performance.now();
    const frame = await readDatabase({ type: "postgresql", uri: pgUrl, query, maxRows: 5 });
    expect(frame.getColumn("g").toArray()).toEqual([1, 2, 3, 4, 5]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  for (const [what, query] of [
    [
      "a query that has sent no row yet",
      "SELECT count(*) FROM generate_series(1, 2000000) a, generate_series(1, 1000) b",
    ],
    ["a query streaming rows", "SELECT a, b FROM generate_series(1, 2000000) a, generate_series(1, 1000) b"],
  ] as const) {
    test(`aborting ${what} stops it on the server, promptly`, async () => {
      const controller = new AbortController();
      const reason = new Error("user cancelled");
      setTimeout(() => controller.abort(reason), 400);
      const started = performance.now();
      const read = readDatabase({ type: "postgresql", uri: pgUrl, query, signal: controller.signal });
      await expect(read).rejects.toBe(reason);
      expect(performance.now() - started).toBeLessThan(2000);
      let running = 1;
      for (let i = 0; i < 20 && running > 0; i++) {
        const rows = await admin.unsafe(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'weft' AND state = 'active' AND query LIKE '%generate_series(1, 2000000)%'",
        );
        running = Number(rows[0].n);
        if (running > 0) await Bun.sleep(100);
      }
      expect(running).toBe(0);
    }, 10_000);
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
