import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { DataSourceError } from "../../shared/errors";
import { exactValues, shownType } from "./db-values.fixture";
import { describeDatabase, readDatabase } from "./read-database";

// numeric without a typmod (typed by its values), numeric wider than 38 digits (String), and
// money, against a real PostgreSQL. The rules are in README.md ("Types"); every expected
// value is written here from the inserted literals, not read back from PostgreSQL.

const pgUrl = process.env.WEFT_TEST_PG_URL ?? "";
const S = `"weft dbread numeric.${process.pid}"`;
let admin: SQL;

/** `units` of 10^-scale as decimal text: unitsText(-5n, 2) is `-0.05`. */
function unitsText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** A text with its fraction padded to `scale` digits: `1.5` at 3 is `1.500`. */
function padded(text: string, scale: number): string {
  const [whole, fraction = ""] = text.split(".");
  return scale === 0 ? (whole as string) : `${whole}.${fraction.padEnd(scale, "0")}`;
}

describe.skipIf(!pgUrl)(`PostgreSQL${pgUrl ? "" : " (skipped: WEFT_TEST_PG_URL is not set; .ci/run sets it)"}`, () => {
  const read = (query: string) => readDatabase({ type: "postgresql", uri: pgUrl, query });

  beforeAll(async () => {
    admin = new SQL({ url: pgUrl, max: 1 });
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${S} CASCADE; CREATE SCHEMA ${S};
      CREATE TABLE ${S}.nums (id int, wide numeric(45,5), free numeric, fat numeric, special numeric,
        al numeric[], awide numeric(45,5)[]);
      INSERT INTO ${S}.nums VALUES
        (1, 1234567890123456789012345678901234567890.12345, 0.1, 1234567890123456789012345678901234567890,
          1.5, '{1.5,NULL}', '{1234567890123456789012345678901234567890.1}'),
        (2, -0.5, 123456789012345678901234567890.123, 0.5, 'Infinity', '{}', '{}'),
        (3, 0, -42.5, -1, '-Infinity', '{-0.001}', '{-1}'),
        (4, -9999999999999999999999999999999999999999.99999, 0, 0, 'NaN', NULL, '{NULL}'),
        (5, NULL, NULL, NULL, NULL, '{NULL,7}', NULL);
      CREATE TABLE ${S}.sales (region text, amount numeric(12,2), cash money);
      INSERT INTO ${S}.sales VALUES ('a', 1.50, 1.50), ('a', 2.25, 2.25),
        ('c', 1.00, 1), ('c', 1.00, 1), ('c', 2.00, 2), ('d', 100.10, -0.01), ('d', 100.30, 0);
      INSERT INTO ${S}.sales SELECT 'b', 9999999999.99, 9999999999.99 FROM generate_series(1, 99999);`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
    await admin.close();
  });

  test("numeric declared wider than 38 digits is PostgreSQL's exact text, its scale's digits and all", async () => {
    const frame = await read(`SELECT wide, awide FROM ${S}.nums ORDER BY id`);
    expect(frame.getColumns().map(shownType)).toEqual(["str", "list[str]"]);
    expect(exactValues(frame.getColumn("wide"))).toEqual([
      "1234567890123456789012345678901234567890.12345",
      "-0.50000",
      "0.00000",
      "-9999999999999999999999999999999999999999.99999",
      null,
    ]);
    expect(exactValues(frame.getColumn("awide"))).toEqual([
      ["1234567890123456789012345678901234567890.10000"],
      [],
      ["-1.00000"],
      [null],
      null,
    ]);
  });

  test("numeric without a typmod is Decimal(38, s), s the most fraction digits its values show", async () => {
    const frame = await read(`SELECT free, al FROM ${S}.nums ORDER BY id`);
    expect(frame.getColumns().map(shownType)).toEqual(["decimal[38,3]", "list[decimal[38,3]]"]);
    const free = ["0.1", "123456789012345678901234567890.123", "-42.5", "0", null];
    expect(exactValues(frame.getColumn("free"))).toEqual(free.map((v) => (v === null ? null : padded(v, 3))));
    expect(exactValues(frame.getColumn("al"))).toEqual([["1.500", null], [], ["-0.001"], null, [null, "7.000"]]);
  });

  test("trailing zeros give way when 38 digits need it; a nonzero digit never does", async () => {
    const query = `SELECT 12345678901234567890123456789012345.5 AS v UNION ALL SELECT 1.500000000000`;
    const frame = await read(query);
    expect(shownType(frame.getColumn("v"))).toBe("decimal[38,3]");
    expect(exactValues(frame.getColumn("v"))).toEqual(["12345678901234567890123456789012345.500", "1.500"]);
    const tooWide = await read(`SELECT 12345678901234567890123456789012345.5 AS v UNION ALL SELECT 1.0001`);
    expect(shownType(tooWide.getColumn("v"))).toBe("str");
    expect(exactValues(tooWide.getColumn("v"))).toEqual(["12345678901234567890123456789012345.5", "1.0001"]);
  });

  test("values no Decimal(38, s) holds make the column String: 40 digits, NaN, ±Infinity", async () => {
    const frame = await read(`SELECT fat, special FROM ${S}.nums ORDER BY id`);
    expect(frame.getColumns().map(shownType)).toEqual(["str", "str"]);
    expect(exactValues(frame.getColumn("fat"))).toEqual([
      "1234567890123456789012345678901234567890",
      "0.5",
      "-1",
      "0",
      null,
    ]);
    expect(exactValues(frame.getColumn("special"))).toEqual(["1.5", "Infinity", "-Infinity", "NaN", null]);
    const list = await read(`SELECT ARRAY[1.5, 'NaN', 'Infinity']::numeric[] AS l`);
    expect(exactValues(list.getColumn("l"))).toEqual([["1.5", "NaN", "Infinity"]]);
  });

  test("sum() and avg() over numeric(12,2) are exact, past what a double holds", async () => {
    const query = `SELECT region, sum(amount) AS total, avg(amount) AS mean, sum(cash) AS cash
      FROM ${S}.sales GROUP BY region ORDER BY region`;
    const frame = await read(query);
    // sum keeps the scale 2; avg divides to 16 significant digits (scale 16 near 1, 8 for
    // 9999999999.99), and the column takes the most: 16. sum(money) is money: numeric(19,2).
    expect(frame.getColumns().map(shownType)).toEqual(["str", "decimal[38,2]", "decimal[38,16]", "decimal[19,2]"]);
    const cents: Record<string, bigint[]> = {
      a: [150n, 225n],
      b: Array.from({ length: 99_999 }, () => 999_999_999_999n),
      c: [100n, 100n, 200n],
      d: [10_010n, 10_030n],
    };
    const regions = Object.keys(cents).sort();
    const sums = regions.map((r) => (cents[r] as bigint[]).reduce((a, b) => a + b, 0n));
    expect(exactValues(frame.getColumn("total"))).toEqual(sums.map((sum) => unitsText(sum, 2)));
    expect(unitsText(sums[1] as bigint, 2)).toBe("999989999999000.01"); // Number() of it is ...000
    const means = regions.map((r, i) => {
      const count = BigInt((cents[r] as bigint[]).length);
      const scaled = (sums[i] as bigint) * 10n ** 14n; // hundredths to 16 fraction digits
      // c's mean is 4/3, which PostgreSQL rounds at 16 digits; the others divide exactly there.
      if (r === "c") return `1.${"3".repeat(16)}`;
      expect(scaled % count).toBe(0n);
      return unitsText(scaled / count, 16);
    });
    expect(exactValues(frame.getColumn("mean"))).toEqual(means);
    const cash = [375n, 999_999_999_999n * 99_999n, 400n, -1n];
    expect(exactValues(frame.getColumn("cash"))).toEqual(cash.map((c) => unitsText(c, 2)));
  });

  test("a description, with no values, says Decimal(38, 0), as a read of no rows does; wide is String", async () => {
    const query = `SELECT sum(amount) AS total, avg(amount) AS mean, min(cash) AS cash FROM ${S}.sales`;
    const described = await describeDatabase({ type: "postgresql", uri: pgUrl, query });
    expect(described.frame.getColumns().map(shownType)).toEqual(["decimal[38,0]", "decimal[38,0]", "decimal[19,2]"]);
    expect(described.columns.map((c) => c.databaseType)).toEqual(["numeric", "numeric", "money"]);
    const none = await read(`SELECT * FROM (${query}) q WHERE false`);
    expect(none.getColumns().map(shownType)).toEqual(["decimal[38,0]", "decimal[38,0]", "decimal[19,2]"]);
    const nulls = await read(`SELECT free FROM ${S}.nums WHERE free IS NULL`);
    expect([shownType(nulls.getColumn("free")), exactValues(nulls.getColumn("free"))]).toEqual([
      "decimal[38,0]",
      [null],
    ]);
    const table = await describeDatabase({ type: "postgresql", uri: pgUrl, table: `${S}.nums` });
    expect(table.frame.getColumns().map(shownType)).toEqual([
      "i32",
      "str",
      "decimal[38,0]",
      "decimal[38,0]",
      "decimal[38,0]",
      "list[decimal[38,0]]",
      "list[str]",
    ]);
  });

  test("across batches, every value is kept and the column is cast once", async () => {
    const n = 70_000;
    const query = `SELECT CASE WHEN g % 9 = 0 THEN NULL ELSE g * 0.125 END AS eighth,
      CASE WHEN g = ${n} THEN 1e40 ELSE g * 0.125 END AS late FROM generate_series(1, ${n}) g`;
    const frame = await read(query);
    expect(frame.getColumns().map(shownType)).toEqual(["decimal[38,3]", "str"]);
    const thousandths = (g: number) => unitsText(BigInt(g * 125), 3);
    const gs = Array.from({ length: n }, (_, i) => i + 1);
    expect(exactValues(frame.getColumn("eighth"))).toEqual(gs.map((g) => (g % 9 === 0 ? null : thousandths(g))));
    expect(exactValues(frame.getColumn("late"))).toEqual(
      gs.map((g) => (g === n ? `1${"0".repeat(40)}` : thousandths(g))),
    );
  });

  test("NaN in a numeric(p,s) list is an error naming the column and row", async () => {
    const query = `SELECT x FROM (VALUES (1, '{1.5}'::numeric(6,2)[]), (2, '{NaN}')) v(id, x) ORDER BY id`;
    // An expression's array has no typmod: by values, String.
    expect(exactValues((await read(query)).getColumn("x"))).toEqual([["1.50"], ["NaN"]]);
    await admin.unsafe(`CREATE TABLE ${S}.nan_list (id int, x numeric(6,2)[]);
      INSERT INTO ${S}.nan_list VALUES (1, '{1.5}'), (2, '{2,NaN}')`);
    const failing = read(`SELECT x FROM ${S}.nan_list ORDER BY id`);
    await expect(failing).rejects.toThrow(DataSourceError);
    await expect(failing).rejects.toThrow(`Column "x" at row 2 holds NaN, which a Decimal list cannot hold`);
  });
});
