import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { DataSourceError } from "../../shared/errors";
import { exactValues, microsText, shownType } from "./db-values.fixture";
import { CopyBinaryDecoder } from "./pg-copy-binary";
import { PG_TEST_COLUMNS, PG_TEST_TYPES } from "./pg-table.fixture";
import { PG_OID, pgColumnPlan } from "./pg-types";
import { describeDatabase, readDatabase } from "./read-database";

// Types: every PostgreSQL type the reader knows, read exactly. The walls, names, limits and
// cancellation are in postgres-safety.test.ts.

const pgUrl = process.env.WEFT_TEST_PG_URL ?? "";
const schema = `weft dbread types.${process.pid}`; // a space and a dot: the name must be quoted
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const S = q(schema);

let admin: SQL;

describe.skipIf(!pgUrl)(`PostgreSQL${pgUrl ? "" : " (skipped: WEFT_TEST_PG_URL is not set; .ci/run sets it)"}`, () => {
  beforeAll(async () => {
    admin = new SQL({ url: pgUrl, max: 1 });
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${S} CASCADE; CREATE SCHEMA ${S}; SET search_path = ${S};
      ${PG_TEST_TYPES}
      CREATE TABLE every (${PG_TEST_COLUMNS.map((c) => `${c.name} ${c.type}`).join(", ")});`);
    for (let row = 0; row < 3; row++) {
      await admin.unsafe(`INSERT INTO every VALUES (${PG_TEST_COLUMNS.map((c) => c.rows[row]?.[0]).join(", ")})`);
    }
    await admin.unsafe(`INSERT INTO every DEFAULT VALUES`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
    await admin.close();
  });

  test("every type reads exactly, with nulls and extremes", async () => {
    const frame = await readDatabase({ type: "postgresql", uri: pgUrl, table: `${S}.every` });
    expect(frame.height).toBe(4);
    for (const column of PG_TEST_COLUMNS) {
      const series = frame.getColumn(column.name);
      expect([column.name, shownType(series)]).toEqual([column.name, column.shown]);
      expect([column.name, exactValues(series)]).toEqual([column.name, [...column.rows.map((r) => r[1]), null]]);
    }
  });

  test("describe gives the read's types and the database's names, without rows", async () => {
    const description = await describeDatabase({ type: "postgresql", uri: pgUrl, table: `${S}.every` });
    expect(description.frame.height).toBe(0);
    expect(description.frame.getColumns().map(shownType)).toEqual(PG_TEST_COLUMNS.map((c) => c.described ?? c.shown));
    const names = Object.fromEntries(description.columns.map((c) => [c.name, c.databaseType]));
    expect(names).toMatchObject({ i4: "integer", dec: "numeric(12,3)", ai: "integer[]", ch: "character(5)" });
    expect(names.dom).toEndWith("tenths");
    expect(names.mood).toEndWith("mood");
  });

  test("an expression's numeric has no typmod: Decimal(38, s) by its values; repeated names get suffixes", async () => {
    const query = `SELECT dec * 2 AS x, 1.25::numeric(10,2) AS y, 1 AS x FROM ${S}.every WHERE i4 = 7 -- trailing comment`;
    const frame = await readDatabase({ type: "postgresql", uri: pgUrl, query });
    expect(frame.columns).toEqual(["x", "y", "x_1"]);
    expect(frame.getColumns().map(shownType)).toEqual(["decimal[38,3]", "decimal[38,2]", "i32"]);
    expect(frame.getColumns().map((series) => exactValues(series)[0])).toEqual(["0.000", "1.25", 1]);
  });

  test("numeric values are exact: each equals PostgreSQL's own text of it", async () => {
    await admin.unsafe(`CREATE TABLE ${S}.numbers (n numeric(38,12), f numeric);
      INSERT INTO ${S}.numbers SELECT v, v * 1.5 FROM (
        SELECT round(((random() - 0.5) * 10 ^ floor(random() * 27))::numeric, floor(random() * 13)::int) AS v
        FROM generate_series(1, 3000)
        UNION ALL VALUES (0.000000000001), (-0.000000000001), (99999999999999999999999999.999999999999), (0), (10000), (NULL)) t`);
    const expected: { n: string | null; f: string | null }[] = await admin.unsafe(
      `SELECT n::text AS n, f::text AS f FROM ${S}.numbers`,
    );
    const frame = await readDatabase({ type: "postgresql", uri: pgUrl, table: `${S}.numbers` });
    expect(shownType(frame.getColumn("n"))).toBe("decimal[38,12]");
    expect(exactValues(frame.getColumn("n"))).toEqual(expected.map((row) => row.n));
    // f has no typmod; 1.5 × 99999999999999999999999999.999999999999 needs 27 + 13 digits: String.
    expect(shownType(frame.getColumn("f"))).toBe("str");
    expect(exactValues(frame.getColumn("f"))).toEqual(expected.map((row) => row.f));
  });

  test("values a frame cannot hold are errors naming the column and row", async () => {
    await admin.unsafe(`CREATE TABLE ${S}.unheld (id int, n numeric(10,2), ts timestamp, t time);
      INSERT INTO ${S}.unheld VALUES (1, 1.5, '2024-01-01', '12:00'), (2, 'NaN', '294276-12-31 23:59:59', '24:00:00')`);
    const read = (column: string) =>
      readDatabase({ type: "postgresql", uri: pgUrl, query: `SELECT ${column} FROM ${S}.unheld ORDER BY id` });
    for (const [column, message] of [
      ["n", `Column "n" at row 2 is NaN, which Decimal(10, 2) cannot hold`],
      ["ts", `Column "ts" at row 2 is a timestamp past Polars' range (year 294247)`],
      ["t", `Column "t" at row 2 is 24:00:00, which Polars' Time cannot hold`],
    ] as const) {
      await expect(read(column)).rejects.toThrow(DataSourceError);
      await expect(read(column)).rejects.toThrow(message);
    }
  });

  test("a timestamptz is its instant, whatever zone wrote it; a timestamp is its wall clock", async () => {
    await admin.unsafe(`CREATE TABLE ${S}.zones (tz timestamptz, ts timestamp);
      SET TimeZone = 'Asia/Kolkata';
      INSERT INTO ${S}.zones VALUES ('2024-01-02 08:34:05.123456', '2024-01-02 08:34:05.123456');
      RESET TimeZone`);
    const frame = await readDatabase({ type: "postgresql", uri: pgUrl, table: `${S}.zones` });
    expect(frame.getColumns().map(shownType)).toEqual(["datetime[μs, UTC]", "datetime[μs]"]);
    expect(exactValues(frame.getColumn("tz"))).toEqual([microsText("2024-01-02T03:04:05.123Z", 456)]);
    expect(exactValues(frame.getColumn("ts"))).toEqual([microsText("2024-01-02T08:34:05.123Z", 456)]);
  });

  test("many rows cross batches exactly, nulls included", async () => {
    const n = 150_000;
    const query = `SELECT CASE WHEN g % 7 = 0 THEN NULL ELSE g * 3000000000 END AS big,
      CASE WHEN g % 5 = 0 THEN NULL ELSE 'v' || g END AS txt FROM generate_series(1, ${n}) g`;
    const frame = await readDatabase({ type: "postgresql", uri: pgUrl, query });
    const gs = Array.from({ length: n }, (_, i) => i + 1);
    expect(exactValues(frame.getColumn("big"))).toEqual(
      gs.map((g) => (g % 7 === 0 ? null : String(BigInt(g) * 3000000000n))),
    );
    expect(frame.getColumn("txt").toArray() as unknown[]).toEqual(gs.map((g) => (g % 5 === 0 ? null : `v${g}`)));
  });

  test("the COPY stream decodes the same in any chunking", async () => {
    const names = ["i8", "txt", "blob", "free", "ai", "tstz"];
    const oids = [PG_OID.int8, PG_OID.text, PG_OID.bytea, PG_OID.numeric, 1007, PG_OID.timestamptz];
    const query = admin.unsafe(`COPY (SELECT ${names.join(", ")} FROM ${S}.every) TO STDOUT (FORMAT binary)`);
    const bytes = new Uint8Array(await new Response(query.readable()).arrayBuffer());
    const decode = (size: number) => {
      const readers = names.map((name, i) => pgColumnPlan(oids[i] as number, -1).make(name));
      const decoder = new CopyBinaryDecoder(readers);
      for (let at = 0; at < bytes.length; at += size) decoder.push(bytes.slice(at, at + size));
      decoder.end();
      return readers.map((reader) => exactValues(reader.builder.finish()));
    };
    const whole = decode(bytes.length);
    expect(whole[0]).toEqual([...(PG_TEST_COLUMNS[2]?.rows.map((r) => r[1]) ?? []), null]);
    for (const size of [1, 2, 3, 7, 64]) expect(decode(size)).toEqual(whole);
    const cut = new CopyBinaryDecoder(names.map((name, i) => pgColumnPlan(oids[i] as number, -1).make(name)));
    cut.push(bytes.slice(0, bytes.length - 3));
    expect(() => cut.end()).toThrow(DataSourceError);
  });

  test("SHOW and EXPLAIN run as they are, as text", async () => {
    const show = await readDatabase({ type: "postgresql", uri: pgUrl, query: "SHOW default_transaction_read_only" });
    expect(show.toRecords()).toEqual([{ default_transaction_read_only: "on" }]);
    const plan = await readDatabase({ type: "postgresql", uri: pgUrl, query: "EXPLAIN (FORMAT JSON) SELECT 1" });
    expect(JSON.parse(String(plan.row(0)[0]))[0].Plan["Node Type"]).toBe("Result");
  });
});

test("every PostgreSQL column plan builds its empty column (no server needed)", () => {
  for (const oid of [
    ...Object.values(PG_OID),
    1000,
    1005,
    1007,
    1016,
    1028,
    1021,
    1022,
    1009,
    199,
    3807,
    2951,
    1231,
    1182,
    1115,
    1185,
    869,
  ]) {
    const series = pgColumnPlan(oid, -1).make("c").builder.finish();
    expect([oid, series.name, series.length]).toEqual([oid, "c", 0]);
  }
});
