import { describe, expect, test } from "bun:test";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { BATCH_ROWS, decimalDigits } from "./column-builders";
import { daysOf, exactValues, microsText, shownType } from "./db-test-values";
import {
  MYSQL_TYPE,
  MysqlValueError,
  mysqlColumnReader,
  mysqlDecimalType,
  mysqlTypeName,
  parseMysqlTime,
} from "./mysql-types";
import { readDatabase } from "./read-database";

// What needs no server (the text-protocol parsing of each type code, URIs, the policy,
// connection errors); mysql-server.test.ts reads a real MariaDB.

const UNSIGNED = 32;
const BINARY = 128;
const text = (value: string) => new TextEncoder().encode(value);

/**
 * The column a reader makes from values as MySQL's text protocol sends them (null for NULL);
 * `length` is the column's display length (a DECIMAL(p,s)'s p, +1 for a point, +1 for a sign).
 */
function column(type: number, flags: number, values: (string | Uint8Array | null)[], length = 0) {
  const reader = mysqlColumnReader("c", type, flags, length);
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

  test("floats, text, binary and bits", () => {
    expect(column(MYSQL_TYPE.float, 0, ["0.1", null]).toArray() as unknown[]).toEqual([Math.fround(0.1), null]);
    expect(column(MYSQL_TYPE.double, 0, ["-1.5e300"]).toArray()).toEqual([-1.5e300]);
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

  test("DECIMAL(p,s) is Decimal(p,s), exactly: p from the display length, s from the values", () => {
    const cases: [number, number, (string | null)[], string, (string | null)[]][] = [
      // DECIMAL(10,2): 10 digits, a point and a sign.
      [12, 0, ["1.50", "-0.01", "0.00", null], "decimal[10,2]", ["1.50", "-0.01", "0.00", null]],
      // UNSIGNED ZEROFILL: no sign in the length; leading zeros in the text.
      [11, 32 | 64, ["00000001.50", "99999999.99"], "decimal[10,2]", ["1.50", "99999999.99"]],
      [
        39,
        0,
        ["-99999999999999999999999999999999999999", "0"],
        "decimal[38,0]",
        ["-99999999999999999999999999999999999999", "0"],
      ],
      [
        40,
        0,
        ["-0.99999999999999999999999999999999999999"],
        "decimal[38,38]",
        ["-0.99999999999999999999999999999999999999"],
      ],
      [2, 0, ["-9", "0"], "decimal[1,0]", ["-9", "0"]],
      // Values that disagree on their fraction digits: the most, the others padded.
      [12, 0, ["1.5", "1.25", "-3", null], "decimal[10,2]", ["1.50", "1.25", "-3.00", null]],
      // Values wider than the length says (not seen from a server) widen the type.
      [6, 0, ["123.45", "1.5"], "decimal[5,2]", ["123.45", "1.50"]],
      // Past 38 declared digits: MySQL's text, whatever the values.
      [
        67,
        0,
        ["-1.500", "12345678901234567890123456789012345.123456789012345678901234567890"],
        "str",
        ["-1.500", "12345678901234567890123456789012345.123456789012345678901234567890"],
      ],
      [67, 0, ["0.000"], "str", ["0.000"]],
      // A value of more than 38 digits where the length allows fewer (no length known here).
      [0, 0, ["123456789012345678901234567890123456789", "1"], "str", ["123456789012345678901234567890123456789", "1"]],
    ];
    for (const [length, flags, values, shown, expected] of cases) {
      const series = column(MYSQL_TYPE.newdecimal, flags, values, length);
      expect([length, values, shownType(series), exactValues(series)]).toEqual([length, values, shown, expected]);
    }
    expect(shownType(column(MYSQL_TYPE.decimal, 0, ["1.5"], 4))).toBe("decimal[2,1]");
    expect(() => column(MYSQL_TYPE.newdecimal, 0, ["1e5"], 12)).toThrow(MysqlValueError);
    expect(() => column(MYSQL_TYPE.newdecimal, 0, ["-"], 12)).toThrow(MysqlValueError);
  });

  test("a DECIMAL column with no value: its scale from a value read elsewhere, else 0", () => {
    const learned = mysqlColumnReader("c", MYSQL_TYPE.newdecimal, 0, 12);
    learned.builder.pushNull();
    learned.decimal?.note("0.00");
    const series = learned.builder.finish();
    expect([shownType(series), exactValues(series)]).toEqual(["decimal[10,2]", [null]]);
    // Unknown scale: 0, and the whole length is the precision (one more digit than it may be).
    expect(shownType(column(MYSQL_TYPE.newdecimal, 0, [null], 12))).toBe("decimal[11,0]");
    expect(shownType(column(MYSQL_TYPE.newdecimal, 0, [], 40))).toBe("str");
  });

  test("decimals keep their scale across batches", () => {
    const reader = mysqlColumnReader("c", MYSQL_TYPE.newdecimal, 0, 9); // DECIMAL(7,2)
    const n = BATCH_ROWS + 10;
    const texts = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? null : i < BATCH_ROWS ? `${i}.5` : `-${i}.25`));
    for (const [i, text] of texts.entries()) {
      if (text === null) reader.builder.pushNull();
      else reader.read(new TextEncoder().encode(text));
      if ((i + 1) % BATCH_ROWS === 0) reader.builder.flush();
    }
    const series = reader.builder.finish();
    expect(shownType(series)).toBe("decimal[7,2]");
    expect(exactValues(series)).toEqual(
      texts.map((text) => (text === null || text.endsWith("25") ? text : `${text}0`)),
    );
  });

  test("mysqlDecimalType and decimalDigits", () => {
    expect(mysqlDecimalType(12, false, { integer: 3, fraction: 2 })).toEqual({ precision: 10, scale: 2 });
    expect(mysqlDecimalType(11, true, { integer: 8, fraction: 2 })).toEqual({ precision: 10, scale: 2 });
    expect(mysqlDecimalType(40, false, { integer: 0, fraction: 38 })).toEqual({ precision: 38, scale: 38 });
    expect(mysqlDecimalType(41, false, { integer: 0, fraction: 38 })).toBeNull(); // DECIMAL(39,38)
    expect(mysqlDecimalType(66, true, { integer: 1, fraction: 30 })).toBeNull(); // DECIMAL(65,30) UNSIGNED
    expect(decimalDigits("-0012.50")).toEqual({ integer: 2, fraction: 2 });
    expect(decimalDigits("0")).toEqual({ integer: 0, fraction: 0 });
    expect(decimalDigits(".5")).toEqual({ integer: 0, fraction: 1 });
    for (const bad of ["", "-", ".", "1.", "1e5", "1.2.3", " 1", "NaN"])
      expect([bad, decimalDigits(bad)]).toEqual([bad, null]);
  });

  test("mysqlTypeName", () => {
    expect(mysqlTypeName(MYSQL_TYPE.newdecimal, 0, 12, 2)).toBe("DECIMAL(10,2)");
    expect(mysqlTypeName(MYSQL_TYPE.newdecimal, 32 | 64, 11, 2)).toBe("DECIMAL(10,2) UNSIGNED");
    expect(mysqlTypeName(MYSQL_TYPE.longlong, 32, 20)).toBe("BIGINT UNSIGNED");
    expect(mysqlTypeName(MYSQL_TYPE.year, 32 | 64, 4)).toBe("YEAR");
    expect(mysqlTypeName(MYSQL_TYPE.blob, 16 | BINARY, 65535)).toBe("BLOB");
    expect(mysqlTypeName(MYSQL_TYPE.blob, 16, 262140)).toBe("TEXT");
    expect(mysqlTypeName(MYSQL_TYPE.string, 256, 4)).toBe("ENUM");
    expect(mysqlTypeName(MYSQL_TYPE.string, 2048, 4)).toBe("SET");
    expect(mysqlTypeName(MYSQL_TYPE.string, BINARY, 4)).toBe("BINARY");
    expect(mysqlTypeName(MYSQL_TYPE.varString, 0, 80)).toBe("VARCHAR");
    expect(mysqlTypeName(200, 0, 1)).toBe("type 200");
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
