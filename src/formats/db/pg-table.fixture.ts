import { daysOf, microsText } from "./db-values.fixture";

const DAY = 86_400_000_000;

/**
 * For the PostgreSQL tests: the table of every type: per column its SQL type and, per row, the literal inserted and the
 * value expected back (exactValues' form), written here from the literal, not by the reader.
 * Row 4 is all NULL. Its types `tenths` (a domain over numeric(5,1)) and `mood` (an enum)
 * are made with it (PG_TEST_TYPES). `described` is the description's type where it differs
 * from the read's (a numeric without typmod is typed by its values).
 */
export const PG_TEST_COLUMNS: {
  name: string;
  type: string;
  shown: string;
  described?: string;
  rows: [string, unknown][];
}[] = [
  {
    name: "i2",
    type: "int2",
    shown: "i16",
    rows: [
      ["-32768", -32768],
      ["32767", 32767],
      ["0", 0],
    ],
  },
  {
    name: "i4",
    type: "int4",
    shown: "i32",
    rows: [
      ["-2147483648", -2147483648],
      ["2147483647", 2147483647],
      ["7", 7],
    ],
  },
  {
    name: "i8",
    type: "int8",
    shown: "i64",
    rows: [
      ["-9223372036854775808", "-9223372036854775808"],
      ["9223372036854775807", "9223372036854775807"],
      ["9007199254740993", "9007199254740993"],
    ],
  },
  {
    name: "f4",
    type: "float4",
    shown: "f32",
    rows: [
      ["0.1", Math.fround(0.1)],
      ["'-Infinity'", Number.NEGATIVE_INFINITY],
      ["'NaN'", Number.NaN],
    ],
  },
  {
    name: "f8",
    type: "float8",
    shown: "f64",
    rows: [
      ["0.1", 0.1],
      ["1e308", 1e308],
      ["'NaN'", Number.NaN],
    ],
  },
  {
    name: "ok",
    type: "boolean",
    shown: "bool",
    rows: [
      ["true", true],
      ["false", false],
      ["true", true],
    ],
  },
  {
    name: "dec",
    type: "numeric(12,3)",
    shown: "decimal[12,3]",
    rows: [
      ["-123456789.125", "-123456789.125"],
      ["0.5", "0.500"],
      ["0", "0.000"],
    ],
  },
  {
    name: "dec38",
    type: "numeric(38,10)",
    shown: "decimal[38,10]",
    rows: [
      ["1234567890123456789012345678.0123456789", "1234567890123456789012345678.0123456789"],
      ["-0.0000000001", "-0.0000000001"],
      ["10000", "10000.0000000000"],
    ],
  },
  {
    // The largest scale Polars holds.
    name: "dmax",
    type: "numeric(38,38)",
    shown: "decimal[38,38]",
    rows: [
      ["0.99999999999999999999999999999999999999", "0.99999999999999999999999999999999999999"],
      ["-0.00000000000000000000000000000000000001", "-0.00000000000000000000000000000000000001"],
      ["0", `0.${"0".repeat(38)}`],
    ],
  },
  {
    // A negative scale (PostgreSQL 15) rounds to thousands: at most 99000, Decimal(5, 0).
    name: "dneg",
    type: "numeric(2,-3)",
    shown: "decimal[5,0]",
    rows: [
      ["98765", "99000"],
      ["-1499", "-1000"],
      ["0", "0"],
    ],
  },
  {
    // A scale above the precision: below 0.001, Decimal(5, 5).
    name: "dsmall",
    type: "numeric(3,5)",
    shown: "decimal[5,5]",
    rows: [
      ["0.00999", "0.00999"],
      ["-0.000014", "-0.00001"],
      ["0", "0.00000"],
    ],
  },
  {
    // Declared wider than Polars' 38 digits: PostgreSQL's text, with all 5 fraction digits.
    name: "wide",
    type: "numeric(50,5)",
    shown: "str",
    rows: [
      ["123456789012345678901234567890123456789012345.12345", "123456789012345678901234567890123456789012345.12345"],
      ["1.5", "1.50000"],
      ["-0.00001", "-0.00001"],
    ],
  },
  {
    // No typmod: typed by its values; NaN and -Infinity have no Decimal form, so String.
    name: "free",
    type: "numeric",
    shown: "str",
    described: "decimal[38,0]",
    rows: [
      ["'NaN'", "NaN"],
      ["3.14159265358979323846264338327950288", "3.14159265358979323846264338327950288"],
      ["'-Infinity'", "-Infinity"],
    ],
  },
  {
    // No typmod, every value a number: Decimal(38, s), s the most fraction digits shown.
    name: "freed",
    type: "numeric",
    shown: "decimal[38,4]",
    described: "decimal[38,0]",
    rows: [
      ["0.1", "0.1000"],
      ["-12345678901234567890123456789012.1234", "-12345678901234567890123456789012.1234"],
      ["7", "7.0000"],
    ],
  },
  {
    name: "txt",
    type: "text",
    shown: "str",
    rows: [
      ["'héllo 🎉 日本'", "héllo 🎉 日本"],
      ["''", ""],
      ["E'tab\\there\\nline'", "tab\there\nline"],
    ],
  },
  {
    name: "vc",
    type: "varchar(20)",
    shown: "str",
    rows: [
      [`'a''b"c'`, `a'b"c`],
      ["'x'", "x"],
      ["'ß'", "ß"],
    ],
  },
  {
    name: "ch",
    type: "char(5)",
    shown: "str",
    rows: [
      ["'ab'", "ab   "],
      ["''", "     "],
      ["'abcde'", "abcde"],
    ],
  },
  {
    name: "js",
    type: "json",
    shown: "str",
    rows: [
      [`'{"b": 1,  "a": [1, 2]}'`, `{"b": 1,  "a": [1, 2]}`],
      ["'null'", "null"],
      [`'"é"'`, `"é"`],
    ],
  },
  {
    name: "jb",
    type: "jsonb",
    shown: "str",
    rows: [
      [`'{"b": 1,  "a": [1, 2]}'`, `{"a": [1, 2], "b": 1}`],
      ["'null'", "null"],
      ["'[]'", "[]"],
    ],
  },
  {
    name: "blob",
    type: "bytea",
    shown: "binary",
    rows: [
      [
        `'\\x${Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0")).join("")}'`,
        Array.from({ length: 256 }, (_, i) => i),
      ],
      ["'\\x'", []],
      ["'\\x00'", [0]],
    ],
  },
  {
    name: "uid",
    type: "uuid",
    shown: "str",
    rows: [
      ["'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"],
      ["'00000000-0000-0000-0000-000000000000'", "00000000-0000-0000-0000-000000000000"],
      ["'ffffffff-ffff-ffff-ffff-ffffffffffff'", "ffffffff-ffff-ffff-ffff-ffffffffffff"],
    ],
  },
  {
    name: "d",
    type: "date",
    shown: "date",
    rows: [
      ["'2024-02-29'", daysOf("2024-02-29")],
      ["'0044-03-15 BC'", Math.round(Date.parse("-000043-03-15T00:00:00Z") / 864e5)],
      ["'infinity'", null],
    ],
  },
  {
    name: "ts",
    type: "timestamp",
    shown: "datetime[μs]",
    rows: [
      ["'2024-01-02 03:04:05.123456'", microsText("2024-01-02T03:04:05.123Z", 456)],
      ["'1900-01-01 00:00:00.000001'", microsText("1900-01-01T00:00:00.000Z", 1)],
      ["'-infinity'", null],
    ],
  },
  {
    name: "tstz",
    type: "timestamptz",
    shown: "datetime[μs, UTC]",
    rows: [
      ["'2024-01-02 03:04:05.123456+02'", microsText("2024-01-02T01:04:05.123Z", 456)],
      ["'1970-01-01 00:00:00+00'", "0"],
      ["'1969-12-31 23:59:59.999999-00'", "-1"],
    ],
  },
  {
    name: "t",
    type: "time",
    shown: "time",
    rows: [
      ["'23:59:59.999999'", String((DAY - 1) * 1000)],
      ["'00:00'", "0"],
      ["'12:00:00.5'", String((DAY / 2 + 500_000) * 1000)],
    ],
  },
  {
    name: "iv",
    type: "interval",
    shown: "duration[μs]",
    rows: [
      ["'1 month 2 days 03:04:05.000006'", String(32 * DAY + (3 * 3600 + 4 * 60 + 5) * 1_000_000 + 6)],
      ["'-1 year'", String(-12 * 30 * DAY)],
      ["'100000 years'", String(BigInt(1_200_000 * 30) * BigInt(DAY))],
    ],
  },
  {
    name: "ai",
    type: "int4[]",
    shown: "list[i32]",
    rows: [
      ["'{1,NULL,3}'", [1, null, 3]],
      ["'{}'", []],
      ["'{-2147483648}'", [-2147483648]],
    ],
  },
  {
    name: "a8",
    type: "int8[]",
    shown: "list[i64]",
    rows: [
      ["'{9223372036854775807,-1}'", ["9223372036854775807", "-1"]],
      ["'{NULL}'", [null]],
      ["'{}'", []],
    ],
  },
  {
    name: "at",
    type: "text[]",
    shown: "list[str]",
    rows: [
      [`'{"a,b","","ü"}'`, ["a,b", "", "ü"]],
      ["'{NULL}'", [null]],
      ["'{x}'", ["x"]],
    ],
  },
  {
    name: "atz",
    type: "timestamptz[]",
    shown: "list[datetime[μs, UTC]]",
    rows: [
      [`'{"2024-01-02 03:04:05.5+00",infinity}'`, [microsText("2024-01-02T03:04:05.500Z"), null]],
      ["'{}'", []],
      ["'{NULL}'", [null]],
    ],
  },
  {
    name: "adec",
    type: "numeric(6,2)[]",
    shown: "list[decimal[6,2]]",
    rows: [
      ["'{1.5,NULL}'", ["1.50", null]],
      ["'{}'", []],
      ["'{-9999.99}'", ["-9999.99"]],
    ],
  },
  {
    name: "ad",
    type: "date[]",
    shown: "list[date]",
    rows: [
      ["'{2024-01-01,infinity}'", [daysOf("2024-01-01"), null]],
      ["'{}'", []],
      ["'{1970-01-01}'", [0]],
    ],
  },
  {
    name: "net",
    type: "inet",
    shown: "str",
    rows: [
      ["'192.168.0.1/24'", "192.168.0.1/24"],
      ["'::1'", "::1/128"],
      ["'10.0.0.1'", "10.0.0.1/32"],
    ],
  },
  {
    // lc_monetary's 2 fraction digits: numeric(19,2) holds every money value.
    name: "m",
    type: "money",
    shown: "decimal[19,2]",
    rows: [
      ["92233720368547758.07", "92233720368547758.07"],
      ["-0.01", "-0.01"],
      ["0", "0.00"],
    ],
  },
  {
    name: "dom",
    type: "tenths",
    shown: "decimal[5,1]",
    rows: [
      ["1234.5", "1234.5"],
      ["-0.1", "-0.1"],
      ["7", "7.0"],
    ],
  },
  {
    name: "mood",
    type: "mood",
    shown: "str",
    rows: [
      ["'happy'", "happy"],
      ["'sad'", "sad"],
      ["'happy'", "happy"],
    ],
  },
];

/** The types the table needs first. */
export const PG_TEST_TYPES = "CREATE DOMAIN tenths AS numeric(5,1); CREATE TYPE mood AS ENUM ('sad', 'happy');";
