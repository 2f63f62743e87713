import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import pl from "nodejs-polars";
import { ValidationError } from "../../shared/errors";
import { readDatabase } from "./read-database";

const url = process.env.WEFT_TEST_MYSQL_URL;
const table = `weft_types_${process.pid}`;

describe.skipIf(!url)(
  `MariaDB reads${url ? "" : " (skipped: WEFT_TEST_MYSQL_URL is not set; .ci/run sets it)"}`,
  () => {
    const sql = new SQL(String(url));
    beforeAll(async () => {
      await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      await sql.unsafe(
        `CREATE TABLE ${table} (id INT, big BIGINT, tiny TINYINT, u INT UNSIGNED, name VARCHAR(40),
          price DOUBLE, d DATE, ts DATETIME(3), ok BOOLEAN)`,
      );
      await sql.unsafe(
        `INSERT INTO ${table} VALUES
          (1, 9007199254740993, -128, 4294967295, 'José «ü» 🚀', 1.5, '2024-02-29', '2024-01-02 03:04:05.678', TRUE),
          (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
          (3, -9223372036854775808, 127, 0, '', -0.25, '1969-12-31', '1970-01-01 00:00:00.000', FALSE)`,
      );
    });
    afterAll(async () => {
      await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      await sql.close();
    });

    test("every column type comes back with its inserted values", async () => {
      const frame = await readDatabase({
        type: "mysql",
        uri: String(url),
        query: `SELECT * FROM ${table} ORDER BY id`,
      });
      // MariaDB's BOOLEAN is TINYINT(1): it comes back as the integer it is.
      expect<string[]>(frame.dtypes.map((d) => d.variant)).toEqual([
        "Int32",
        "Int64",
        "Int8",
        "UInt32",
        "String",
        "Float64",
        "Date",
        "Datetime",
        "Int8",
      ]);
      // Cast in Polars: JS numbers would round the 64-bit values on the way out.
      expect(frame.getColumn("big").cast(pl.String).toArray() as unknown[]).toEqual([
        "9007199254740993",
        null,
        "-9223372036854775808",
      ]);
      expect(frame.getColumn("name").toArray() as unknown[]).toEqual(["José «ü» 🚀", null, ""]);
      expect(frame.getColumn("u").toArray() as unknown[]).toEqual([4294967295, null, 0]);
      const days = frame.getColumn("d").toArray() as unknown as (Date | null)[];
      expect(days.map((d) => d?.toISOString().slice(0, 10) ?? null)).toEqual(["2024-02-29", null, "1969-12-31"]);
      const stamps = frame.getColumn("ts").toArray() as unknown as (Date | null)[];
      expect(stamps.map((d) => d?.toISOString() ?? null)).toEqual([
        "2024-01-02T03:04:05.678Z",
        null,
        "1970-01-01T00:00:00.000Z",
      ]);
      expect((frame.getColumn("ok").toArray() as unknown[]).map((v) => (v === null ? null : Number(v)))).toEqual([
        1,
        null,
        0,
      ]);
    });

    test("a write is refused and the table is unchanged", async () => {
      for (const query of [`DELETE FROM ${table}`, `UPDATE ${table} SET id = 9`, `SELECT 1; DROP TABLE ${table}`]) {
        await expect(readDatabase({ type: "mysql", uri: String(url), query })).rejects.toBeInstanceOf(ValidationError);
      }
      const [row] = await sql.unsafe(`SELECT COUNT(*) AS n, SUM(id) AS s FROM ${table}`);
      expect(Number(row.n)).toBe(3);
      expect(Number(row.s)).toBe(6);
    });
  },
);
