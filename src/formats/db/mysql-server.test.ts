import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { daysOf, exactValues, microsText, shownType } from "./db-values.fixture";
import { describeDatabase, readDatabase } from "./read-database";

// The golden type test against a real MariaDB (CI starts 10.11): every type inserted as SQL
// literals and read back exactly, with a NULL in every column; queries, limits, descriptions
// and the walls. What needs no server is in mysql.test.ts.

const url = process.env.WEFT_TEST_MYSQL_URL ?? "";
const table = `weft_types_${process.pid}`;

const ALL_BYTES = Array.from({ length: 256 }, (_, i) => i);
const hex = (bytes: number[]) => `x'${bytes.map((b) => b.toString(16).padStart(2, "0")).join("")}'`;
/** Microseconds of a TIME: sign, hours, minutes, seconds, microseconds. */
const timeMicros = (sign: 1 | -1, h: number, m: number, s: number, us: number) =>
  String(sign * (((h * 60 + m) * 60 + s) * 1_000_000 + us));

/**
 * Per column: its SQL type, the Polars type shown, and three rows of [literal, expected value
 * in exactValues' form], written from the literal by hand. Row 4 is NULL in every column.
 * TIMESTAMP literals are inserted by a session at +05:30; the reader's session is UTC.
 */
const COLUMNS: { name: string; type: string; shown: string; rows: [string, unknown][] }[] = [
  {
    name: "i8",
    type: "TINYINT",
    shown: "i8",
    rows: [
      ["-128", -128],
      ["127", 127],
      ["0", 0],
    ],
  },
  {
    name: "u8",
    type: "TINYINT UNSIGNED",
    shown: "u8",
    rows: [
      ["255", 255],
      ["0", 0],
      ["7", 7],
    ],
  },
  {
    name: "i16",
    type: "SMALLINT",
    shown: "i16",
    rows: [
      ["-32768", -32768],
      ["32767", 32767],
      ["0", 0],
    ],
  },
  {
    name: "u16",
    type: "SMALLINT UNSIGNED",
    shown: "u16",
    rows: [
      ["65535", 65535],
      ["0", 0],
      ["1", 1],
    ],
  },
  {
    name: "i24",
    type: "MEDIUMINT",
    shown: "i32",
    rows: [
      ["-8388608", -8388608],
      ["8388607", 8388607],
      ["0", 0],
    ],
  },
  {
    name: "u24",
    type: "MEDIUMINT UNSIGNED",
    shown: "u32",
    rows: [
      ["16777215", 16777215],
      ["0", 0],
      ["1", 1],
    ],
  },
  {
    name: "i32",
    type: "INT",
    shown: "i32",
    rows: [
      ["-2147483648", -2147483648],
      ["2147483647", 2147483647],
      ["0", 0],
    ],
  },
  {
    name: "u32",
    type: "INT UNSIGNED",
    shown: "u32",
    rows: [
      ["4294967295", 4294967295],
      ["0", 0],
      ["1", 1],
    ],
  },
  {
    name: "i64",
    type: "BIGINT",
    shown: "i64",
    rows: [
      ["-9223372036854775808", "-9223372036854775808"],
      ["9223372036854775807", "9223372036854775807"],
      ["9007199254740993", "9007199254740993"],
    ],
  },
  {
    name: "u64",
    type: "BIGINT UNSIGNED",
    shown: "u64",
    rows: [
      ["18446744073709551615", "18446744073709551615"],
      ["0", "0"],
      ["9007199254740993", "9007199254740993"],
    ],
  },
  {
    name: "amount",
    type: "DECIMAL(12,3)",
    shown: "decimal[12,3]",
    rows: [
      ["-123456789.125", "-123456789.125"],
      ["0.5", "0.500"],
      ["0", "0.000"],
    ],
  },
  {
    name: "dec38",
    type: "DECIMAL(38,0)",
    shown: "decimal[38,0]",
    rows: [
      ["99999999999999999999999999999999999999", "99999999999999999999999999999999999999"],
      ["-99999999999999999999999999999999999999", "-99999999999999999999999999999999999999"],
      ["0", "0"],
    ],
  },
  {
    // MariaDB's largest scale (MySQL's is 30).
    name: "scale38",
    type: "DECIMAL(38,38)",
    shown: "decimal[38,38]",
    rows: [
      ["0.99999999999999999999999999999999999999", "0.99999999999999999999999999999999999999"],
      ["-0.00000000000000000000000000000000000001", "-0.00000000000000000000000000000000000001"],
      ["0", `0.${"0".repeat(38)}`],
    ],
  },
  {
    // ZEROFILL: MySQL writes leading zeros (`00000001.50`).
    name: "zf",
    type: "DECIMAL(10,2) UNSIGNED ZEROFILL",
    shown: "decimal[10,2]",
    rows: [
      ["1.5", "1.50"],
      ["99999999.99", "99999999.99"],
      ["0", "0.00"],
    ],
  },
  {
    // More digits than Polars' 38: the text, as MySQL writes it.
    name: "dec65",
    type: "DECIMAL(65,30)",
    shown: "str",
    rows: [
      [
        "12345678901234567890123456789012345.123456789012345678901234567890",
        "12345678901234567890123456789012345.123456789012345678901234567890",
      ],
      ["-1.5", `-1.5${"0".repeat(29)}`],
      ["0", `0.${"0".repeat(30)}`],
    ],
  },
  {
    // MariaDB writes a FLOAT's text with 6 digits (16777200): the reader asks for a DOUBLE.
    name: "f",
    type: "FLOAT",
    shown: "f32",
    rows: [
      ["0.1", Math.fround(0.1)],
      ["16777217", 16777216],
      ["-3.4028234e38", Math.fround(-3.4028234e38)],
    ],
  },
  {
    name: "dbl",
    type: "DOUBLE",
    shown: "f64",
    rows: [
      ["0.30000000000000004", 0.30000000000000004],
      ["1.7976931348623157e308", 1.7976931348623157e308],
      ["-5e-324", -5e-324],
    ],
  },
  {
    // A zero date is NULL, as MySQL's own drivers read it.
    name: "d",
    type: "DATE",
    shown: "date",
    rows: [
      ["'2024-02-29'", daysOf("2024-02-29")],
      ["'1000-01-01'", daysOf("1000-01-01")],
      ["'0000-00-00'", null],
    ],
  },
  {
    // No zone: the wall-clock text, whatever the session's zone.
    name: "dt",
    type: "DATETIME(6)",
    shown: "datetime[μs]",
    rows: [
      ["'2024-01-02 03:04:05.123456'", microsText("2024-01-02T03:04:05.123Z", 456)],
      ["'9999-12-31 23:59:59.999999'", microsText("9999-12-31T23:59:59.999Z", 999)],
      ["'1000-01-01 00:00:00.000001'", microsText("1000-01-01T00:00:00.000Z", 1)],
    ],
  },
  {
    // Written at +05:30: the instants are 5 h 30 min earlier in UTC.
    name: "ts",
    type: "TIMESTAMP(6) NULL DEFAULT NULL",
    shown: "datetime[μs, UTC]",
    rows: [
      ["'2024-01-02 08:34:05.123456'", microsText("2024-01-02T03:04:05.123Z", 456)],
      ["'1970-01-01 05:30:01'", "1000000"],
      ["'2038-01-19 08:44:07.999999'", microsText("2038-01-19T03:14:07.999Z", 999)],
    ],
  },
  {
    name: "t",
    type: "TIME(6)",
    shown: "duration[μs]",
    rows: [
      ["'-838:59:59.999999'", timeMicros(-1, 838, 59, 59, 999_999)],
      ["'838:59:59'", timeMicros(1, 838, 59, 59, 0)],
      ["'00:00:00.000001'", "1"],
    ],
  },
  {
    name: "y",
    type: "YEAR",
    shown: "i16",
    rows: [
      ["1901", 1901],
      ["2155", 2155],
      ["0", 0],
    ],
  },
  // BOOLEAN is TINYINT(1), which can hold -128..127: it stays the integer it is.
  {
    name: "ok",
    type: "BOOLEAN",
    shown: "i8",
    rows: [
      ["TRUE", 1],
      ["FALSE", 0],
      ["-1", -1],
    ],
  },
  {
    name: "bit1",
    type: "BIT(1)",
    shown: "u64",
    rows: [
      ["b'1'", "1"],
      ["b'0'", "0"],
      ["b'1'", "1"],
    ],
  },
  {
    name: "bit64",
    type: "BIT(64)",
    shown: "u64",
    rows: [
      [`b'${"1".repeat(64)}'`, "18446744073709551615"],
      ["b'100000000'", "256"],
      ["b'0'", "0"],
    ],
  },
  {
    name: "js",
    type: "JSON",
    shown: "str",
    rows: [
      [`'{"b": 1,  "a": [1, 2.50, "é🚀"]}'`, `{"b": 1,  "a": [1, 2.50, "é🚀"]}`],
      ["'null'", "null"],
      ["'[]'", "[]"],
    ],
  },
  {
    name: "vb",
    type: "VARBINARY(16)",
    shown: "binary",
    rows: [
      ["x'00ff'", [0, 255]],
      ["x''", []],
      ["x'ff00ff'", [255, 0, 255]],
    ],
  },
  // BINARY(n) pads with zero bytes.
  {
    name: "bn",
    type: "BINARY(4)",
    shown: "binary",
    rows: [
      ["x'01'", [1, 0, 0, 0]],
      ["x'ffffffff'", [255, 255, 255, 255]],
      ["x''", [0, 0, 0, 0]],
    ],
  },
  {
    name: "bl",
    type: "BLOB",
    shown: "binary",
    rows: [
      [hex(ALL_BYTES), ALL_BYTES],
      ["x''", []],
      ["x'00'", [0]],
    ],
  },
  // CHAR drops its trailing spaces when read (MySQL's default, without PAD_CHAR_TO_FULL_LENGTH).
  {
    name: "ch",
    type: "CHAR(5)",
    shown: "str",
    rows: [
      ["'ab'", "ab"],
      ["'é🚀'", "é🚀"],
      ["''", ""],
    ],
  },
  {
    name: "vc",
    type: "VARCHAR(20)",
    shown: "str",
    rows: [
      ["'José «ü» 🚀'", "José «ü» 🚀"],
      [`'a''b"c'`, `a'b"c`],
      ["''", ""],
    ],
  },
  {
    name: "tx",
    type: "TEXT",
    shown: "str",
    rows: [
      ["'héllo 🎉 日本'", "héllo 🎉 日本"],
      ["'ß'", "ß"],
      ["' '", " "],
    ],
  },
  // A _bin collation sets the binary flag too, but the character set tells it from binary: text.
  {
    name: "tb",
    type: "VARCHAR(10) COLLATE utf8mb4_bin",
    shown: "str",
    rows: [
      ["'é'", "é"],
      ["'a'", "a"],
      ["''", ""],
    ],
  },
  {
    name: "tbl",
    type: "TEXT COLLATE utf8mb4_bin",
    shown: "str",
    rows: [
      ["'日本 🚀'", "日本 🚀"],
      ["'B'", "B"],
      ["''", ""],
    ],
  },
  {
    name: "en",
    type: "ENUM('sad','happy','😀')",
    shown: "str",
    rows: [
      ["'happy'", "happy"],
      ["'😀'", "😀"],
      ["'sad'", "sad"],
    ],
  },
  {
    name: "st",
    type: "SET('a','b','c')",
    shown: "str",
    rows: [
      ["'c,a'", "a,c"],
      ["''", ""],
      ["'b'", "b"],
    ],
  },
];

describe.skipIf(!url)(
  `MariaDB reads${url ? "" : " (skipped: WEFT_TEST_MYSQL_URL is not set; .ci/run sets it)"}`,
  () => {
    const sql = new SQL({ url, max: 1 });
    beforeAll(async () => {
      await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      const columns = COLUMNS.map((c) => `${c.name} ${c.type}`).join(", ");
      await sql.unsafe(`CREATE TABLE ${table} (id INT PRIMARY KEY, ${columns}) DEFAULT CHARSET=utf8mb4`);
      // One connection (max: 1), so the zone holds for the inserts.
      await sql.unsafe("SET time_zone = '+05:30'");
      for (let row = 0; row < 3; row++) {
        const values = COLUMNS.map((c) => c.rows[row]?.[0]).join(", ");
        await sql.unsafe(`INSERT INTO ${table} VALUES (${row + 1}, ${values})`);
      }
      await sql.unsafe(`INSERT INTO ${table} (id) VALUES (4)`);
    });
    afterAll(async () => {
      await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      await sql.close();
    });

    test("every type reads exactly, with a NULL in every column", async () => {
      const frame = await readDatabase({ type: "mysql", uri: url, table });
      expect(frame.height).toBe(4);
      expect(exactValues(frame.getColumn("id"))).toEqual([1, 2, 3, 4]);
      for (const column of COLUMNS) {
        const series = frame.getColumn(column.name);
        expect([column.name, shownType(series)]).toEqual([column.name, column.shown]);
        expect([column.name, exactValues(series)]).toEqual([column.name, [...column.rows.map((r) => r[1]), null]]);
      }
    });

    test("describe gives the read's types without rows, and MySQL's type names", async () => {
      const read = await readDatabase({ type: "mysql", uri: url, table });
      const description = await describeDatabase({ type: "mysql", uri: url, table });
      expect(description.frame.height).toBe(0);
      expect(description.frame.getColumns().map(shownType)).toEqual(read.getColumns().map(shownType));
      const names = Object.fromEntries(description.columns.map((c) => [c.name, c.databaseType]));
      expect(names).toMatchObject({
        id: "INT",
        u64: "BIGINT UNSIGNED",
        amount: "DECIMAL(12,3)",
        scale38: "DECIMAL(38,38)",
        zf: "DECIMAL(10,2) UNSIGNED",
        dec65: "DECIMAL(65,30)",
        f: "FLOAT",
        ts: "TIMESTAMP",
        vb: "VARBINARY",
        bl: "BLOB",
        tx: "TEXT",
        tb: "VARCHAR",
        tbl: "TEXT",
        bn: "BINARY",
        en: "ENUM",
        st: "SET",
      });
    });

    test("a query: expressions keep exact decimals; all-NULL and empty results keep their scale", async () => {
      const query = `SELECT id, amount * 2 AS twice, (SELECT SUM(amount) FROM ${table}) AS total,
        CAST(amount AS DECIMAL(38,10)) AS wide, CAST(NULL AS DECIMAL(7,3)) AS nothing,
        f AS \`f "x\`\`y\` FROM ${table} WHERE id <> 3 ORDER BY id -- a trailing comment`;
      const frame = await readDatabase({ type: "mysql", uri: url, query });
      expect(frame.columns).toEqual(["id", "twice", "total", "wide", "nothing", 'f "x`y']);
      // MariaDB's rules: p1 + p2 for a product (2 is DECIMAL(1,0)), p + 22 for SUM.
      const types = ["i32", "decimal[13,3]", "decimal[34,3]", "decimal[38,10]", "decimal[7,3]", "f32"];
      expect(frame.getColumns().map(shownType)).toEqual(types);
      const total = "-123456788.625"; // -123456789.125 + 0.5 + 0
      expect(frame.getColumns().map(exactValues)).toEqual([
        [1, 2, 4],
        ["-246913578.250", "1.000", null],
        [total, total, total],
        ["-123456789.1250000000", "0.5000000000", null],
        [null, null, null],
        [Math.fround(0.1), 16777216, null],
      ]);
      const empty = await readDatabase({ type: "mysql", uri: url, query: query.replace("id <> 3", "id > 100") });
      expect(empty.height).toBe(0);
      expect(empty.getColumns().map(shownType)).toEqual(types);
      const described = await describeDatabase({ type: "mysql", uri: url, query });
      expect(described.frame.getColumns().map(shownType)).toEqual(types);
    });

    test("maxRows limits the read on the server; 0 rows keep every type", async () => {
      const two = await readDatabase({
        type: "mysql",
        uri: url,
        query: `SELECT * FROM ${table} ORDER BY id`,
        maxRows: 2,
      });
      expect(exactValues(two.getColumn("id"))).toEqual([1, 2]);
      expect(exactValues(two.getColumn("amount"))).toEqual(["-123456789.125", "0.500"]);
      const none = await readDatabase({ type: "mysql", uri: url, table, maxRows: 0 });
      expect(none.height).toBe(0);
      expect(none.getColumns().map(shownType)).toEqual(["i32", ...COLUMNS.map((c) => c.shown)]);
      // Only NULLs: the scale still comes from the column's type.
      const nulls = await readDatabase({
        type: "mysql",
        uri: url,
        query: `SELECT amount, dec65 FROM ${table} WHERE id = 4`,
      });
      expect(nulls.getColumns().map(shownType)).toEqual(["decimal[12,3]", "str"]);
    });

    test("SHOW runs as it is, in the reader's session, whose zone is UTC", async () => {
      const show = await readDatabase({ type: "mysql", uri: url, query: "SHOW VARIABLES LIKE 'time_zone'" });
      expect(show.toRecords()).toEqual([{ Variable_name: "time_zone", Value: "+00:00" }]);
    });

    test("a write is refused and the table is unchanged", async () => {
      for (const query of [`DELETE FROM ${table}`, `UPDATE ${table} SET id = 9`, `SELECT 1; DROP TABLE ${table}`]) {
        await expect(readDatabase({ type: "mysql", uri: url, query })).rejects.toBeInstanceOf(ValidationError);
      }
      const [row] = await sql.unsafe(`SELECT COUNT(*) AS n, SUM(id) AS s FROM ${table}`);
      expect(Number(row.n)).toBe(4);
      expect(Number(row.s)).toBe(10);
    });

    test("an unknown table is a DataSourceError naming the server", async () => {
      const read = readDatabase({ type: "mysql", uri: url, table: "no_such_table_here" });
      await expect(read).rejects.toThrow(DataSourceError);
      await read.catch((error: Error) => {
        const server = new URL(url);
        expect(error.message).toStartWith(`MySQL at ${server.host}${server.pathname}: `);
        expect(error.message).toContain("no_such_table_here");
      });
    });
  },
);
