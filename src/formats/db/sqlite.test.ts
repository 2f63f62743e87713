import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pl from "nodejs-polars";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { daysOf, exactValues, microsText, shownType } from "./db-values.fixture";
import { describeDatabase, readDatabase } from "./read-database";
import { readSqlite } from "./sqlite";

const dir = mkdtempSync(join(tmpdir(), "weft-sqlite-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A fresh database file made by `setup` with a read-write connection of its own. */
function database(setup: (db: Database) => void): string {
  const path = join(dir, `db${files++}.sqlite`);
  const db = new Database(path, { create: true, safeIntegers: true });
  setup(db);
  db.close();
  return path;
}

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);
const EVERY_TYPE = `CREATE TABLE every (
  id INTEGER, small SMALLINT, flag BOOLEAN, ratio REAL, price DECIMAL(10,2), label TEXT, code VARCHAR(10),
  payload BLOB, born DATE, seen DATETIME, seen_utc TIMESTAMP, alarm TIME, extra)`;
const ROWS: unknown[][] = [
  [
    9223372036854775807n,
    -32768,
    1,
    1.5,
    12.34,
    "héllo 🎉 日本",
    "",
    ALL_BYTES,
    "2024-02-29",
    "2024-01-02 03:04:05.123456",
    "2024-01-02T03:04:05Z",
    "23:59:59.999999",
    "x",
  ],
  [
    -9223372036854775808n,
    0,
    0,
    Number.POSITIVE_INFINITY,
    0,
    "",
    `a'b"c`,
    new Uint8Array(0),
    "0001-01-01",
    "1969-12-31 23:59:59.999999",
    "2024-06-01T12:00:00+02:00",
    "00:00",
    42,
  ],
  Array(13).fill(null),
];
const everyPath = database((db) => {
  db.run(EVERY_TYPE);
  const insert = db.prepare(`INSERT INTO every VALUES (${Array(13).fill("?").join(", ")})`);
  for (const row of ROWS) insert.run(...(row as never[]));
});

const column = (frame: pl.DataFrame, name: string) => exactValues(frame.getColumn(name));

describe("SQLite: types", () => {
  test("every declared type, with nulls, unicode and extremes, reads exactly", async () => {
    const frame = await readDatabase({ type: "sqlite", uri: `sqlite:${everyPath}`, table: "every" });
    const types = Object.fromEntries(frame.getColumns().map((s) => [s.name, shownType(s)]));
    expect(types).toEqual({
      id: "i64",
      small: "i64",
      flag: "bool",
      ratio: "f64",
      price: "f64",
      label: "str",
      code: "str",
      payload: "binary",
      born: "date",
      seen: "datetime[μs]",
      seen_utc: "datetime[μs, UTC]",
      alarm: "time",
      extra: "str",
    });
    expect(column(frame, "id")).toEqual(["9223372036854775807", "-9223372036854775808", null]);
    expect(column(frame, "small")).toEqual(["-32768", "0", null]);
    expect(column(frame, "flag")).toEqual([true, false, null]);
    expect(column(frame, "ratio")).toEqual([1.5, Number.POSITIVE_INFINITY, null]);
    expect(column(frame, "price")).toEqual([12.34, 0, null]);
    expect(column(frame, "label")).toEqual(["héllo 🎉 日本", "", null]);
    expect(column(frame, "code")).toEqual(["", `a'b"c`, null]);
    expect(column(frame, "payload")).toEqual([Array.from(ALL_BYTES), [], null]);
    expect(column(frame, "born")).toEqual([daysOf("2024-02-29"), daysOf("0001-01-01"), null]);
    expect(column(frame, "seen")).toEqual([
      microsText("2024-01-02T03:04:05.123Z", 456),
      microsText("1969-12-31T23:59:59.999Z", 999),
      null,
    ]);
    expect(column(frame, "seen_utc")).toEqual([
      microsText("2024-01-02T03:04:05.000Z"),
      microsText("2024-06-01T10:00:00.000Z"),
      null,
    ]);
    expect(column(frame, "alarm")).toEqual([String((86_400 * 1_000_000 - 1) * 1000), "0", null]);
    expect(column(frame, "extra")).toEqual(["x", "42", null]);
  });

  test("values that disagree with the declared type widen the column, never change a value", async () => {
    const path = database((db) => {
      db.run("CREATE TABLE w (n INTEGER, b BOOLEAN, d DATE, r REAL, dt DATETIME, t TEXT, i INT)");
      db.run("INSERT INTO w VALUES (1, 1, '2024-01-01', 1, '2024-01-01 00:00:00', 'a', 7)");
      db.run("INSERT INTO w VALUES (2.5, 2, 'soon', 'text', '2024-01-01T00:00:00+01:00', 5, 'seven')");
    });
    const frame = await readDatabase({ type: "sqlite", uri: path, table: "w" });
    expect(frame.getColumns().map(shownType)).toEqual(["f64", "i64", "str", "str", "str", "str", "str"]);
    expect(column(frame, "n")).toEqual([1, 2.5]);
    expect(column(frame, "b")).toEqual(["1", "2"]);
    expect(column(frame, "d")).toEqual(["2024-01-01", "soon"]);
    expect(column(frame, "r")).toEqual(["1.0", "text"]); // REAL affinity stored 1 as 1.0
    expect(column(frame, "dt")).toEqual(["2024-01-01 00:00:00", "2024-01-01T00:00:00+01:00"]);
    expect(column(frame, "t")).toEqual(["a", "5"]); // TEXT affinity stored 5 as '5'
    expect(column(frame, "i")).toEqual(["7", "seven"]);
  });

  test("expressions are typed by their values, after leading nulls too", async () => {
    const query = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 70000)
      SELECT CASE WHEN x < 66000 THEN NULL ELSE x END AS late, NULL AS empty, x * 0.5 AS half,
        CASE WHEN x % 2 = 0 THEN x ELSE 'odd' END AS mixed,
        CASE x WHEN 69998 THEN 1e20 WHEN 69999 THEN 0.1 WHEN 70000 THEN 'end' ELSE x END AS widened FROM c`;
    const frame = await readDatabase({ type: "sqlite", uri: everyPath, query });
    expect(frame.getColumns().map(shownType)).toEqual(["i64", "str", "f64", "str", "str"]);
    const xs = Array.from({ length: 70000 }, (_, i) => i + 1);
    expect(column(frame, "late")).toEqual(xs.map((x) => (x < 66000 ? null : String(x))));
    expect(frame.getColumn("empty").nullCount()).toBe(70000);
    expect(column(frame, "half")).toEqual(xs.map((x) => x * 0.5));
    expect(column(frame, "mixed")).toEqual(xs.map((x) => (x % 2 === 0 ? String(x) : "odd")));
    // Integers in a first chunk, then reals, then text: every earlier value is kept as text.
    const widened = { 69998: "100000000000000000000.0", 69999: "0.1", 70000: "end" } as Record<number, string>;
    expect(column(frame, "widened")).toEqual(xs.map((x) => widened[x] ?? String(x)));
  });

  test("JSON is its text; timestamps with offsets east and west are instants in UTC", async () => {
    const path = database((db) => {
      db.run("CREATE TABLE j (doc JSON, at TIMESTAMP)");
      const insert = db.prepare("INSERT INTO j VALUES (?, ?)");
      insert.run(`{"b": 1,  "a": [1, 2.50, "é🚀"]}`, "2024-01-02T08:34:05.123456+05:30");
      insert.run("[]", "2024-01-01 22:04:05.5-05:00");
      insert.run(null, null);
    });
    const query = `SELECT doc, at, json_object('k', doc ->> '$.a[2]') AS built FROM j`;
    const frame = await readDatabase({ type: "sqlite", uri: path, query });
    expect(frame.getColumns().map(shownType)).toEqual(["str", "datetime[μs, UTC]", "str"]);
    expect(column(frame, "doc")).toEqual([`{"b": 1,  "a": [1, 2.50, "é🚀"]}`, "[]", null]);
    expect(column(frame, "at")).toEqual([
      microsText("2024-01-02T03:04:05.123Z", 456),
      microsText("2024-01-02T03:04:05.500Z"),
      null,
    ]);
    expect(column(frame, "built")).toEqual([`{"k":"é🚀"}`, `{"k":null}`, `{"k":null}`]);
  });

  test("a DECIMAL(p,0) column of whole numbers is Int64, every digit kept, extremes and nulls too", async () => {
    // NUMERIC affinity stores a whole number as INTEGER; Float64 would make 2^53 + 1 into 2^53.
    const values = [9007199254740993n, -(2n ** 63n), 2n ** 63n - 1n, 0n, null, -9007199254740993n];
    const path = database((db) => {
      db.run("CREATE TABLE big (n DECIMAL(20,0), m NUMERIC(19), o BIGDECIMAL(25, 00))");
      const insert = db.prepare("INSERT INTO big VALUES (?, ?, ?)");
      for (const value of values) insert.run(value, value, value);
    });
    const frame = await readDatabase({ type: "sqlite", uri: path, table: "big" });
    const expected = values.map((v) => (v === null ? null : v.toString()));
    expect(frame.getColumns().map(shownType)).toEqual(["i64", "i64", "i64"]);
    for (const name of ["n", "m", "o"]) expect([name, column(frame, name)]).toEqual([name, expected]);
    const described = await describeDatabase({ type: "sqlite", uri: path, table: "big" });
    expect(described.frame.getColumns().map(shownType)).toEqual(["i64", "i64", "i64"]);
  });

  test("a NUMERIC column is Float64 while every integer fits a double exactly, else String of exact values", async () => {
    const two53 = 2n ** 53n;
    const path = database((db) => {
      db.run("CREATE TABLE n (whole_only NUMERIC, in_range DECIMAL(10,2), edge DECIMAL(20,0), past DECIMAL(20,0))");
      const insert = db.prepare("INSERT INTO n VALUES (?, ?, ?, ?)");
      insert.run(9007199254740993n, 12.5, two53, two53 + 1n);
      insert.run(-(2n ** 63n), 3n, -two53, 0.5);
      insert.run(2n ** 63n - 1n, null, 0.25, null);
      insert.run(null, -0.1, null, -(2n ** 63n));
    });
    const frame = await readDatabase({ type: "sqlite", uri: path, table: "n" });
    expect(frame.getColumns().map(shownType)).toEqual(["str", "f64", "f64", "str"]);
    // NUMERIC stays at least Float64 (its description), so integers past 2^53 make it text.
    expect(column(frame, "whole_only")).toEqual([
      "9007199254740993",
      "-9223372036854775808",
      "9223372036854775807",
      null,
    ]);
    expect(column(frame, "in_range")).toEqual([12.5, 3, null, -0.1]);
    expect(column(frame, "edge")).toEqual([2 ** 53, -(2 ** 53), 0.25, null]);
    expect(column(frame, "past")).toEqual(["9007199254740993", "0.5", null, "-9223372036854775808"]);
    const described = await describeDatabase({ type: "sqlite", uri: path, table: "n" });
    expect(described.frame.getColumns().map(shownType)).toEqual(["f64", "f64", "i64", "i64"]);
  });

  test("a large integer after reals, or a real after large integers, makes text; small integers stay digits", async () => {
    const path = database((db) => {
      db.run("CREATE TABLE late (i INTEGER, d DECIMAL(12,2), t NUMERIC)");
      const insert = db.prepare("INSERT INTO late VALUES (?, ?, ?)");
      insert.run(9223372036854775807n, 1.5, 1.5);
      insert.run(2.5, 7n, 7n);
      insert.run(null, 9007199254740993n, "n/a");
    });
    const frame = await readDatabase({ type: "sqlite", uri: path, table: "late" });
    expect(frame.getColumns().map(shownType)).toEqual(["str", "str", "str"]);
    expect(column(frame, "i")).toEqual(["9223372036854775807", "2.5", null]);
    expect(column(frame, "d")).toEqual(["1.5", "7", "9007199254740993"]);
    expect(column(frame, "t")).toEqual(["1.5", "7", "n/a"]);
  });

  test("an expression mixing reals, integers and a large integer across batches keeps every value", async () => {
    const query = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 70000)
      SELECT CASE WHEN x = 70000 THEN -9007199254740993 WHEN x % 2 = 0 THEN x ELSE x * 0.5 END AS v,
        CASE WHEN x % 2 = 0 THEN x ELSE x * 0.5 END AS fits FROM c`;
    const frame = await readDatabase({ type: "sqlite", uri: everyPath, query });
    expect(frame.getColumns().map(shownType)).toEqual(["str", "f64"]);
    const xs = Array.from({ length: 70000 }, (_, i) => i + 1);
    expect(column(frame, "v")).toEqual(
      xs.map((x) => (x === 70000 ? "-9007199254740993" : x % 2 === 0 ? String(x) : String(x * 0.5))),
    );
    expect(column(frame, "fits")).toEqual(xs.map((x) => (x % 2 === 0 ? x : x * 0.5)));
  });

  test("a column holding both BLOB and text is refused, naming it", async () => {
    const path = database((db) => {
      db.run("CREATE TABLE m (v)");
      db.run("INSERT INTO m VALUES ('text'), (x'00')");
    });
    const read = readDatabase({ type: "sqlite", uri: path, table: "m" });
    await expect(read).rejects.toThrow(DataSourceError);
    await expect(read).rejects.toThrow(/column "v" holds both BLOB and other values \(row 2\)/);
  });

  test("an empty result keeps the declared types; zero rows are not an error", async () => {
    const frame = await readDatabase({ type: "sqlite", uri: everyPath, query: "SELECT * FROM every WHERE id = 5" });
    expect(frame.height).toBe(0);
    expect(frame.getColumns().map(shownType)).toEqual([
      "i64",
      "i64",
      "bool",
      "f64",
      "f64",
      "str",
      "str",
      "binary",
      "date",
      "datetime[μs]",
      "datetime[μs]",
      "time",
      "str",
    ]);
  });

  test("repeated column names get suffixes, in order", async () => {
    const frame = await readDatabase({ type: "sqlite", uri: everyPath, query: "SELECT 1 AS a, 2 AS a, 3 AS a_1" });
    expect(frame.columns).toEqual(["a", "a_2", "a_1"]);
    expect(frame.row(0)).toEqual([1, 2, 3]);
  });
});

describe("SQLite: the two walls", () => {
  const count = (path: string) => {
    const db = new Database(path, { readonly: true });
    const n = (db.query("SELECT count(*) AS n FROM every").get() as { n: number }).n;
    db.close();
    return n;
  };

  test("a write query is refused by the policy and changes nothing", async () => {
    for (const query of ["DELETE FROM every", "SELECT 1; DROP TABLE every", "WITH x AS (DELETE FROM every) SELECT 1"]) {
      await expect(readDatabase({ type: "sqlite", uri: everyPath, query })).rejects.toThrow(ValidationError);
    }
    expect(count(everyPath)).toBe(3);
  });

  test("past the policy, the read-only connection refuses writes, also to the temp database", async () => {
    await expect(readSqlite(everyPath, "DELETE FROM every")).rejects.toThrow(/readonly|query_only|read-only/i);
    await expect(readSqlite(everyPath, "CREATE TEMP TABLE t (a)")).rejects.toThrow(DataSourceError);
    expect(count(everyPath)).toBe(3);
  });

  test("a table name is quoted: quotes and dots stay in the name, never become SQL", async () => {
    const path = database((db) => {
      db.run(`CREATE TABLE "we""ird.tab" (a INT)`);
      db.run(`INSERT INTO "we""ird.tab" VALUES (1), (2)`);
      db.run("CREATE TABLE keep (a INT)");
    });
    for (const table of [`"we""ird.tab"`, `main."we""ird.tab"`]) {
      const frame = await readDatabase({ type: "sqlite", uri: path, table });
      expect(column(frame, "a")).toEqual(["1", "2"]);
    }
    const hostile = readDatabase({ type: "sqlite", uri: path, table: "keep; DROP TABLE keep" });
    await expect(hostile).rejects.toThrow(/no such table: keep; DROP TABLE keep/);
    const frame = await readDatabase({ type: "sqlite", uri: path, table: "keep" });
    expect(frame.height).toBe(0);
  });
});

describe("SQLite: limits, cancellation, description", () => {
  const numbers = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c";

  test("maxRows stops reading there, even in an endless query", async () => {
    const frame = await readDatabase({ type: "sqlite", uri: everyPath, query: numbers, maxRows: 7 });
    expect(column(frame, "x")).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    const none = await readDatabase({ type: "sqlite", uri: everyPath, table: "every", maxRows: 0 });
    expect(none.height).toBe(0);
    expect(none.columns).toHaveLength(13);
  });

  test("an aborted endless query stops promptly with the signal's reason", async () => {
    const controller = new AbortController();
    const reason = new Error("stop now");
    setTimeout(() => controller.abort(reason), 200);
    const started = performance.now();
    const read = readDatabase({ type: "sqlite", uri: everyPath, query: numbers, signal: controller.signal });
    await expect(read).rejects.toBe(reason);
    // The query is endless: only the abort ends it (the margin is for a busy machine).
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test("describe types declared columns without rows and samples only the expressions", async () => {
    const declared = await describeDatabase({ type: "sqlite", uri: everyPath, table: "every" });
    expect(declared.columns.map((c) => c.databaseType)).toEqual([
      "INTEGER",
      "SMALLINT",
      "BOOLEAN",
      "REAL",
      "DECIMAL(10,2)",
      "TEXT",
      "VARCHAR(10)",
      "BLOB",
      "DATE",
      "DATETIME",
      "TIMESTAMP",
      "TIME",
      "",
    ]);
    expect(declared.frame.height).toBe(0);
    expect(shownType(declared.frame.getColumn("payload"))).toBe("binary");
    // An endless query: describing it must not run it to the end.
    const endless = await describeDatabase({ type: "sqlite", uri: everyPath, query: `${numbers} -- a comment` });
    expect(endless.columns).toEqual([{ name: "x", databaseType: "" }]);
    expect(shownType(endless.frame.getColumn("x"))).toBe("i64");
  });

  test("EXPLAIN runs as it is", async () => {
    const frame = await readDatabase({
      type: "sqlite",
      uri: everyPath,
      query: "EXPLAIN QUERY PLAN SELECT * FROM every",
    });
    expect(frame.height).toBeGreaterThan(0);
    expect(frame.columns).toContain("detail");
  });
});

describe("SQLite: files", () => {
  test("sqlite: URIs and plain paths name the same file", async () => {
    for (const uri of [everyPath, `sqlite:${everyPath}`, `sqlite://${everyPath}`, `sqlite:${everyPath}?mode=ro`]) {
      const frame = await readDatabase({ type: "sqlite", uri, query: "SELECT count(*) AS n FROM every" });
      expect(column(frame, "n")).toEqual(["3"]);
    }
  });

  test("a missing file or a file that is not a database is a DataSourceError naming it", async () => {
    const missing = join(dir, "missing.sqlite");
    await expect(readDatabase({ type: "sqlite", uri: missing, table: "t" })).rejects.toThrow(DataSourceError);
    await expect(readDatabase({ type: "sqlite", uri: missing, table: "t" })).rejects.toThrow(missing);
    const text = join(dir, "text.sqlite");
    writeFileSync(text, "this is not a database, just some text that is long enough to have a header");
    await expect(readDatabase({ type: "sqlite", uri: text, table: "t" })).rejects.toThrow(/not a database/);
  });
});
