import { describe, expect, test } from "bun:test";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { BATCH_ROWS, decimalDigits } from "./column-builders";
import { daysOf, exactValues, microsText, shownType } from "./db-values.fixture";
import { connectionOptions } from "./mysql-connection";
import { parseMysqlTime } from "./mysql-text";
import {
  MYSQL_TYPE,
  type MysqlColumn,
  MysqlValueError,
  mysqlColumnReader,
  mysqlDecimalType,
  mysqlTypeName,
} from "./mysql-types";
import { readDatabase } from "./read-database";

// What needs no server (the text-protocol parsing of each type code, URIs, the policy,
// connection errors); mysql-server.test.ts and mysql-session.test.ts read a real MariaDB.

const UNSIGNED = 32;
const BINARY_FLAG = 128;
/** Character sets: binary, and utf8mb4_general_ci. */
const BINARY = 63;
const UTF8 = 45;
const text = (value: string) => Buffer.from(value, "utf8");

/** A column description; text columns are utf8mb4 unless `charset` says otherwise. */
function described(type: number, flags: number, length = 0, decimals = 0, charset = UTF8): MysqlColumn {
  return { type, flags, length, decimals, charset };
}

/**
 * The column a reader makes from values as MySQL's text protocol sends them (null for NULL);
 * `length` is the column's display length (a DECIMAL(p,s)'s p, +1 for a point, +1 for a sign),
 * `decimals` its scale.
 */
function column(
  type: number,
  flags: number,
  values: (string | Uint8Array | null)[],
  length = 0,
  decimals = 0,
  charset = UTF8,
) {
  const reader = mysqlColumnReader("c", described(type, flags, length, decimals, charset));
  for (const value of values) {
    if (value === null) reader.builder.pushNull();
    else reader.read(typeof value === "string" ? text(value) : Buffer.from(value));
  }
  return reader.builder.finish();
}

describe("MySQL text protocol values", () => {
  test("integers by width and sign, exactly", () => {
    const cases: [number, number, string[], string, unknown[]][] = [
      [MYSQL_TYPE.tiny, 0, ["-128", "127"], "i8", [-128, 127]],
      [MYSQL_TYPE.tiny, UNSIGNED, ["255"], "u8", [255]],
      [MYSQL_TYPE.short, 0, ["-32768"], "i16", [-32768]],
      [MYSQL_TYPE.short, UNSIGNED, ["65535", "0"], "u16", [65535, 0]],
      [MYSQL_TYPE.int24, UNSIGNED, ["16777215"], "u32", [16777215]],
      [MYSQL_TYPE.long, 0, ["-2147483648"], "i32", [-2147483648]],
      [MYSQL_TYPE.long, UNSIGNED, ["4294967295"], "u32", [4294967295]],
      [
        MYSQL_TYPE.longlong,
        0,
        ["-9223372036854775808", "9223372036854775807", "9007199254740993", "-999999999999999", "0"],
        "i64",
        ["-9223372036854775808", "9223372036854775807", "9007199254740993", "-999999999999999", "0"],
      ],
      [MYSQL_TYPE.longlong, UNSIGNED, ["18446744073709551615"], "u64", ["18446744073709551615"]],
      [MYSQL_TYPE.year, UNSIGNED, ["2024"], "i16", [2024]],
    ];
    for (const [type, flags, values, shown, expected] of cases) {
      const series = column(type, flags, [...values, null], 0, 0, BINARY);
      expect([type, shownType(series), exactValues(series)]).toEqual([type, shown, [...expected, null]]);
    }
  });

  test("an integer out of its type's range or not an integer is an error, never a wrapped value", () => {
    const bad: [number, number, string][] = [
      [MYSQL_TYPE.tiny, 0, "128"],
      [MYSQL_TYPE.tiny, UNSIGNED, "-1"],
      [MYSQL_TYPE.short, UNSIGNED, "65536"],
      [MYSQL_TYPE.long, 0, "2147483648"],
      [MYSQL_TYPE.long, 0, "1.5"],
      [MYSQL_TYPE.long, 0, ""],
      [MYSQL_TYPE.long, 0, "-"],
      [MYSQL_TYPE.longlong, 0, "9223372036854775808"],
      [MYSQL_TYPE.longlong, 0, "-9223372036854775809"],
      [MYSQL_TYPE.longlong, 0, "12345678901234567x"],
      [MYSQL_TYPE.double, 0, "abc"],
    ];
    const thrown = bad.map(([type, flags, value]) => {
      try {
        column(type, flags, [value]);
        return [type, value, "no error"];
      } catch (error) {
        return [type, value, error instanceof MysqlValueError ? "MysqlValueError" : String(error)];
      }
    });
    expect(thrown).toEqual(bad.map(([type, , value]) => [type, value, "MysqlValueError"]));
  });

  test("floats, text, binary by character set, and bits", () => {
    expect(column(MYSQL_TYPE.float, 0, ["0.1", null]).toArray() as unknown[]).toEqual([Math.fround(0.1), null]);
    expect(column(MYSQL_TYPE.double, 0, ["-1.5e300", "-0"]).toArray()).toEqual([-1.5e300, -0]);
    expect(column(MYSQL_TYPE.varString, 0, ["héllo 🎉", "", null]).toArray() as unknown[]).toEqual([
      "héllo 🎉",
      "",
      null,
    ]);
    // MySQL's JSON has the binary character set, and is text.
    expect(column(MYSQL_TYPE.json, BINARY_FLAG, [`{"a": "é"}`], 0, 0, BINARY).toArray()).toEqual([`{"a": "é"}`]);
    const blob = column(
      MYSQL_TYPE.blob,
      BINARY_FLAG,
      [new Uint8Array([0, 255, 10]), new Uint8Array(0), null],
      0,
      0,
      BINARY,
    );
    expect([shownType(blob), exactValues(blob)]).toEqual(["binary", [[0, 255, 10], [], null]]);
    // Text with a _bin collation (utf8mb4_bin, 46) has the binary flag, but is text.
    const collated = column(MYSQL_TYPE.varString, BINARY_FLAG, ["é🚀", ""], 0, 0, 46);
    expect([shownType(collated), exactValues(collated)]).toEqual(["str", ["é🚀", ""]]);
    const bytes = column(MYSQL_TYPE.string, BINARY_FLAG, [new Uint8Array([0xc3, 0x28])], 0, 0, BINARY);
    expect(exactValues(bytes)).toEqual([[0xc3, 0x28]]);
    expect(
      exactValues(
        column(MYSQL_TYPE.bit, UNSIGNED, [
          new Uint8Array([1, 0]),
          new Uint8Array([255, 255, 255, 255, 255, 255, 255, 255]),
        ]),
      ),
    ).toEqual(["256", "18446744073709551615"]);
  });

  test("DECIMAL(p,s) is Decimal(p,s), exactly: p from the display length, s from the description", () => {
    const cases: [number, number, number, (string | null)[], string, (string | null)[]][] = [
      // DECIMAL(10,2): 10 digits, a point and a sign.
      [12, 2, 0, ["1.50", "-0.01", "0.00", null], "decimal[10,2]", ["1.50", "-0.01", "0.00", null]],
      // UNSIGNED ZEROFILL: no sign in the length; leading zeros in the text.
      [11, 2, 32 | 64, ["00000001.50", "99999999.99"], "decimal[10,2]", ["1.50", "99999999.99"]],
      [
        39,
        0,
        0,
        ["-99999999999999999999999999999999999999", "0"],
        "decimal[38,0]",
        ["-99999999999999999999999999999999999999", "0"],
      ],
      [
        40,
        38,
        0,
        ["-0.99999999999999999999999999999999999999"],
        "decimal[38,38]",
        ["-0.99999999999999999999999999999999999999"],
      ],
      [2, 0, 0, ["-9", "0"], "decimal[1,0]", ["-9", "0"]],
      // Values with fewer fraction digits than the scale (not seen from a server): padded.
      [12, 2, 0, ["1.5", "1.25", "-3", null], "decimal[10,2]", ["1.50", "1.25", "-3.00", null]],
      // Values wider than the description (not seen from a server) widen the type, never round.
      [6, 2, 0, ["123.45", "1.5"], "decimal[5,2]", ["123.45", "1.50"]],
      [12, 2, 0, ["1.255", "-2"], "decimal[11,3]", ["1.255", "-2.000"]],
      // A scale the description does not fix (NOT_FIXED_DEC, 39 in MariaDB): the values' most.
      [12, 39, 0, ["1.5", "-2.25"], "decimal[10,2]", ["1.50", "-2.25"]],
      // Past 38 declared digits: MySQL's text, whatever the values.
      [
        67,
        30,
        0,
        ["-1.500", "12345678901234567890123456789012345.123456789012345678901234567890"],
        "str",
        ["-1.500", "12345678901234567890123456789012345.123456789012345678901234567890"],
      ],
      [67, 30, 0, ["0.000"], "str", ["0.000"]],
      // A value of more than 38 digits where the length allows fewer (no length known here).
      [
        0,
        0,
        0,
        ["123456789012345678901234567890123456789", "1"],
        "str",
        ["123456789012345678901234567890123456789", "1"],
      ],
    ];
    for (const [length, decimals, flags, values, shown, expected] of cases) {
      const series = column(MYSQL_TYPE.newdecimal, flags, values, length, decimals, BINARY);
      expect([length, values, shownType(series), exactValues(series)]).toEqual([length, values, shown, expected]);
    }
    expect(shownType(column(MYSQL_TYPE.decimal, 0, ["1.5"], 4, 1))).toBe("decimal[2,1]");
    expect(() => column(MYSQL_TYPE.newdecimal, 0, ["1e5"], 12, 2)).toThrow(MysqlValueError);
    expect(() => column(MYSQL_TYPE.newdecimal, 0, ["-"], 12, 2)).toThrow(MysqlValueError);
  });

  test("a DECIMAL column with no value has the type of its description", () => {
    for (const [length, decimals, shown] of [
      [12, 2, "decimal[10,2]"],
      [40, 38, "decimal[38,38]"],
      [39, 0, "decimal[38,0]"],
      [67, 30, "str"],
    ] as const) {
      expect([length, shownType(column(MYSQL_TYPE.newdecimal, 0, [null], length, decimals))]).toEqual([length, shown]);
      expect([length, shownType(column(MYSQL_TYPE.newdecimal, 0, [], length, decimals))]).toEqual([length, shown]);
    }
  });

  test("decimals keep their scale across batches", () => {
    const reader = mysqlColumnReader("c", described(MYSQL_TYPE.newdecimal, 0, 9, 2)); // DECIMAL(7,2)
    const n = BATCH_ROWS + 10;
    const texts = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? null : i < BATCH_ROWS ? `${i}.5` : `-${i}.25`));
    for (const [i, text] of texts.entries()) {
      if (text === null) reader.builder.pushNull();
      else reader.read(Buffer.from(text));
      if ((i + 1) % BATCH_ROWS === 0) reader.builder.flush();
    }
    const series = reader.builder.finish();
    expect(shownType(series)).toBe("decimal[7,2]");
    expect(exactValues(series)).toEqual(
      texts.map((text) => (text === null || text.endsWith("25") ? text : `${text}0`)),
    );
  });

  test("mysqlDecimalType and decimalDigits", () => {
    const none = { integer: 0, fraction: -1 };
    expect(mysqlDecimalType(12, false, 2, { integer: 3, fraction: 2 })).toEqual({ precision: 10, scale: 2 });
    expect(mysqlDecimalType(12, false, 2, none)).toEqual({ precision: 10, scale: 2 });
    expect(mysqlDecimalType(11, true, 2, { integer: 8, fraction: 2 })).toEqual({ precision: 10, scale: 2 });
    expect(mysqlDecimalType(40, false, 38, none)).toEqual({ precision: 38, scale: 38 });
    expect(mysqlDecimalType(11, false, 0, none)).toEqual({ precision: 10, scale: 0 });
    expect(mysqlDecimalType(12, false, -1, none)).toEqual({ precision: 11, scale: 0 });
    expect(mysqlDecimalType(41, false, 38, none)).toBeNull(); // DECIMAL(39,38)
    expect(mysqlDecimalType(66, true, 30, { integer: 1, fraction: 30 })).toBeNull(); // DECIMAL(65,30) UNSIGNED
    expect(mysqlDecimalType(40, false, 38, { integer: 1, fraction: 38 })).toBeNull(); // a value past 38 digits
    expect(decimalDigits("-0012.50")).toEqual({ integer: 2, fraction: 2 });
    expect(decimalDigits("0")).toEqual({ integer: 0, fraction: 0 });
    expect(decimalDigits(".5")).toEqual({ integer: 0, fraction: 1 });
    for (const bad of ["", "-", ".", "1.", "1e5", "1.2.3", " 1", "NaN"])
      expect([bad, decimalDigits(bad)]).toEqual([bad, null]);
  });

  test("mysqlTypeName", () => {
    const name = (type: number, flags: number, length: number, decimals = 0, charset = BINARY) =>
      mysqlTypeName(described(type, flags, length, decimals, charset));
    expect(name(MYSQL_TYPE.newdecimal, 0, 12, 2)).toBe("DECIMAL(10,2)");
    expect(name(MYSQL_TYPE.newdecimal, 32 | 64, 11, 2)).toBe("DECIMAL(10,2) UNSIGNED");
    expect(name(MYSQL_TYPE.newdecimal, 0, 40, 38)).toBe("DECIMAL(38,38)");
    expect(name(MYSQL_TYPE.longlong, 32, 20)).toBe("BIGINT UNSIGNED");
    expect(name(MYSQL_TYPE.year, 32 | 64, 4)).toBe("YEAR");
    expect(name(MYSQL_TYPE.blob, 16 | BINARY_FLAG, 65535)).toBe("BLOB");
    expect(name(MYSQL_TYPE.blob, 16, 262140, 0, UTF8)).toBe("TEXT");
    expect(name(MYSQL_TYPE.blob, 16 | BINARY_FLAG, 262140, 0, 46)).toBe("TEXT");
    expect(name(MYSQL_TYPE.string, 256, 4, 0, UTF8)).toBe("ENUM");
    expect(name(MYSQL_TYPE.string, 2048, 4, 0, UTF8)).toBe("SET");
    expect(name(MYSQL_TYPE.string, BINARY_FLAG, 4)).toBe("BINARY");
    expect(name(MYSQL_TYPE.varString, 0, 80, 0, UTF8)).toBe("VARCHAR");
    expect(name(MYSQL_TYPE.varString, BINARY_FLAG, 80, 0, 46)).toBe("VARCHAR");
    expect(name(200, 0, 1)).toBe("type 200");
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

  test("connection options come from the URI's parts, %-decoded; its options are not handed to the driver", () => {
    const { options, server } = connectionOptions("mariadb://us%40er:p%40ss%3Aw%2Frd%25@[::1]:3307/my%20db");
    expect(server).toBe("[::1]:3307/my%20db");
    expect(options).toMatchObject({
      host: "::1",
      port: 3307,
      user: "us@er",
      password: "p@ss:w/rd%",
      database: "my db",
    });
    expect(options).toMatchObject({ connectTimeout: 15_000, multipleStatements: false });
    expect(options.flags).toEqual(["-LOCAL_FILES", "-MULTI_STATEMENTS", "-IGNORE_SPACE"]);
    const plain = connectionOptions("mysql://u@db.example").options;
    expect([plain.host, plain.port, plain.password, plain.database, plain.ssl]).toEqual([
      "db.example",
      3306,
      "",
      undefined,
      undefined,
    ]);
    expect(connectionOptions("mysql://u:p@h/d?sslmode=require").options.ssl).toEqual({ rejectUnauthorized: false });
    expect(connectionOptions("mysql://u:p@h/d?sslmode=verify-full").options.ssl).toEqual({ rejectUnauthorized: true });
    expect(connectionOptions("mysql://u:p@h/d?sslmode=disable").options.ssl).toBeUndefined();
    expect(() => connectionOptions("mysql://u:p@h/d?multipleStatements=true")).toThrow(
      'The mysql connection URI for h/d has an unknown option "multipleStatements" (known: sslmode)',
    );
    expect(() => connectionOptions("mysql://u:p@h/d?sslmode=allow")).toThrow(DataSourceError);
    expect(() => connectionOptions("mysql://u:p%ZZ@h/d")).toThrow("badly %-encoded password");
  });
});
