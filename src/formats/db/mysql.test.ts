import { describe, expect, test } from "bun:test";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { daysOf, exactValues, microsText, shownType } from "./db-test-values";
import { MYSQL_TYPE, MysqlValueError, mysqlColumnReader, parseMysqlTime } from "./mysql-types";
import { readDatabase } from "./read-database";

// What needs no server (the text-protocol parsing of each type code, URIs, the policy,
// connection errors); mysql-server.test.ts reads a real MariaDB.

const UNSIGNED = 32;
const BINARY = 128;
const text = (value: string) => new TextEncoder().encode(value);

/** The column a reader makes from values as MySQL's text protocol sends them (null for NULL). */
function column(type: number, flags: number, values: (string | Uint8Array | null)[]) {
  const reader = mysqlColumnReader("c", type, flags);
  for (const value of values) {
    if (value === null) reader.builder.pushNull();
    else reader.read(typeof value === "string" ? text(value) : value);
  }
  return reader.builder.finish();
}

describe("MySQL text protocol values", () => {
  test("integers by width and sign, exactly", () => {
    const cases: [number, number, string[], string, unknown[]][] = [
      [MYSQL_TYPE.tiny, 0, ["-128", "127"], "i8", [-128, 127]],
      [MYSQL_TYPE.tiny, UNSIGNED, ["255"], "u8", [255]],
      [MYSQL_TYPE.short, 0, ["-32768"], "i16", [-32768]],
      [MYSQL_TYPE.short, UNSIGNED, ["65535"], "u16", [65535]],
      [MYSQL_TYPE.int24, UNSIGNED, ["16777215"], "u32", [16777215]],
      [MYSQL_TYPE.long, 0, ["-2147483648"], "i32", [-2147483648]],
      [MYSQL_TYPE.long, UNSIGNED, ["4294967295"], "u32", [4294967295]],
      [
        MYSQL_TYPE.longlong,
        0,
        ["-9223372036854775808", "9007199254740993"],
        "i64",
        ["-9223372036854775808", "9007199254740993"],
      ],
      [MYSQL_TYPE.longlong, UNSIGNED, ["18446744073709551615"], "u64", ["18446744073709551615"]],
      [MYSQL_TYPE.year, UNSIGNED, ["2024"], "i16", [2024]],
    ];
    for (const [type, flags, values, shown, expected] of cases) {
      const series = column(type, flags, [...values, null]);
      expect([type, shownType(series), exactValues(series)]).toEqual([type, shown, [...expected, null]]);
    }
  });

  test("floats, decimals (Float64 for now), text, binary and bits", () => {
    expect(column(MYSQL_TYPE.float, 0, ["0.1", null]).toArray() as unknown[]).toEqual([Math.fround(0.1), null]);
    expect(column(MYSQL_TYPE.double, 0, ["-1.5e300"]).toArray()).toEqual([-1.5e300]);
    const decimal = column(MYSQL_TYPE.newdecimal, 0, ["12345.67"]);
    expect([shownType(decimal), decimal.toArray()]).toEqual(["f64", [12345.67]]);
    expect(column(MYSQL_TYPE.varString, 0, ["héllo 🎉", "", null]).toArray() as unknown[]).toEqual([
      "héllo 🎉",
      "",
      null,
    ]);
    expect(column(MYSQL_TYPE.json, BINARY, [`{"a": 1}`]).toArray()).toEqual([`{"a": 1}`]);
    const blob = column(MYSQL_TYPE.blob, BINARY, [new Uint8Array([0, 255, 10]), new Uint8Array(0), null]);
    expect([shownType(blob), exactValues(blob)]).toEqual(["binary", [[0, 255, 10], [], null]]);
    expect(
      exactValues(
        column(MYSQL_TYPE.bit, UNSIGNED, [
          new Uint8Array([1, 0]),
          new Uint8Array([255, 255, 255, 255, 255, 255, 255, 255]),
        ]),
      ),
    ).toEqual(["256", "18446744073709551615"]);
  });

  test("dates, date-times, timestamps (UTC) and times (durations); zero dates are null", () => {
    const dates = column(MYSQL_TYPE.date, 0, ["2024-02-29", "0000-00-00", "1000-01-01", null]);
    expect([shownType(dates), exactValues(dates)]).toEqual([
      "date",
      [daysOf("2024-02-29"), null, daysOf("1000-01-01"), null],
    ]);
    const stamps = column(MYSQL_TYPE.datetime, 0, [
      "2024-01-02 03:04:05.123456",
      "0000-00-00 00:00:00",
      "9999-12-31 23:59:59",
    ]);
    expect([shownType(stamps), exactValues(stamps)]).toEqual([
      "datetime[μs]",
      [microsText("2024-01-02T03:04:05.123Z", 456), null, microsText("9999-12-31T23:59:59.000Z")],
    ]);
    expect(shownType(column(MYSQL_TYPE.timestamp, 0, ["2024-01-02 03:04:05"]))).toBe("datetime[μs, UTC]");
    const times = column(MYSQL_TYPE.time, 0, ["-838:59:59.000000", "01:02:03.5", "00:00:00"]);
    expect([shownType(times), exactValues(times)]).toEqual([
      "duration[μs]",
      [String(-((838 * 60 + 59) * 60 + 59) * 1e6), "3723500000", "0"],
    ]);
    expect(() => column(MYSQL_TYPE.date, 0, ["2024-02-30"])).toThrow(MysqlValueError);
  });

  test("parseMysqlTime", () => {
    expect(parseMysqlTime("838:59:59")).toBe(((838 * 60 + 59) * 60 + 59) * 1e6);
    expect(parseMysqlTime("-00:00:00.000001")).toBe(-1);
    expect(parseMysqlTime("1:00:00")).toBeNull();
  });
});

describe("MySQL reads without a server", () => {
  test("a write is refused before any connection", async () => {
    const read = readDatabase({ type: "mysql", uri: "mysql://u:p@127.0.0.1:1/db", query: "UPDATE t SET a = 1" });
    await expect(read).rejects.toThrow(ValidationError);
  });

  test("a wrong scheme or an unreachable server is a DataSourceError without the password", async () => {
    const scheme = readDatabase({ type: "mysql", uri: "postgres://u:secret@127.0.0.1/db", table: "t" });
    await expect(scheme).rejects.toThrow("must start with mysql:// or mysql2:// or mariadb:// (got postgres://)");
    const refused = readDatabase({ type: "mysql", uri: "mysql://u:secret@127.0.0.1:1/db", table: "t" });
    await expect(refused).rejects.toThrow(DataSourceError);
    await refused.catch((error: Error) => {
      expect(error.message).toStartWith("MySQL at 127.0.0.1:1/db: ");
      expect(error.message).not.toContain("secret");
    });
  });
});
