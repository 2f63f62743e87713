import { describe, expect, test } from "bun:test";
import { createRequire } from "node:module";
import pl from "nodejs-polars";
import { daysOf, exactValues, microsText, shownType } from "./db-values.fixture";
import { float32Text, installExactValues, markExact } from "./mssql-exact";
import {
  colMetadataToken,
  DONE,
  doneToken,
  nbcRowToken,
  rowToken,
  type TdsColumn,
  tdsType,
  type VariantValue,
} from "./mssql-tds.fixture";
import {
  MssqlValueError,
  mssqlColumnReader,
  type TediousColumnMetadata,
  typeOfDescription,
  typeOfMetadata,
  valueText,
} from "./mssql-types";

// Every value below goes through tedious's real token parser (tedious/lib/token/stream-parser)
// from TDS bytes written in mssql-tds.fixture.ts, then through Weft's column readers. The
// expected values are computed here, from the same plain inputs, without Polars.

const require = createRequire(import.meta.url);
type Token = { name: string; columns: (TediousColumnMetadata & { value?: unknown })[] };
const Parser = require("tedious/lib/token/stream-parser") as {
  parseTokens(chunks: Iterable<Buffer>, options: object, colMetadata: unknown[]): AsyncIterable<Token>;
};

/** Parses a result (metadata, rows, DONE) in 7-byte chunks, so values cross chunk edges. */
async function parseResult(columns: TdsColumn[], rows: unknown[][], { exact = true, nbc = false } = {}) {
  installExactValues();
  const options = { tdsVersion: "7_4", useUTC: true, lowerCaseGuids: false, useColumnNames: false };
  if (exact) markExact(options);
  const bytes = Buffer.concat([
    colMetadataToken(columns),
    ...rows.map((row, i) => (nbc && i % 2 === 1 ? nbcRowToken(columns, row) : rowToken(columns, row))),
    doneToken(DONE.count, rows.length),
  ]);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 7) chunks.push(bytes.subarray(at, at + 7));
  let metadata: TediousColumnMetadata[] = [];
  const values: unknown[][] = [];
  for await (const token of Parser.parseTokens(chunks, options, [])) {
    if (token.name === "COLMETADATA") metadata = token.columns;
    if (token.name === "ROW" || token.name === "NBCROW") values.push(token.columns.map((c) => c.value));
  }
  return { metadata, values };
}

/** What Weft's reader makes of one column's values: the Series. */
async function readColumn(column: TdsColumn, inputs: unknown[], nbc = false): Promise<pl.Series> {
  const { metadata, values } = await parseResult(
    [column],
    inputs.map((value) => [value]),
    { nbc },
  );
  const meta = metadata[0] as TediousColumnMetadata;
  const reader = mssqlColumnReader(meta.colName ?? "", typeOfMetadata(meta));
  for (const [value] of values) {
    if (value === null) reader.builder.pushNull();
    else reader.read(value);
  }
  return reader.builder.finish();
}

/** Microseconds since 1970 of `YYYY-MM-DD hh:mm:ss[.fffffff][ ±hh:mm]`; the 7th digit is dropped. */
function micros(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(?: ([+-]\d{2}:\d{2}))?$/.exec(text);
  if (!m) throw new Error(text);
  const fraction = (m[3] ?? "").padEnd(7, "0");
  const seconds = (m[2] as string).length === 5 ? `${m[2]}:00` : m[2];
  return microsText(`${m[1]}T${seconds}.${fraction.slice(0, 3)}${m[4] ?? "Z"}`, Number(fraction.slice(3, 6)));
}

/** Nanoseconds since midnight of `hh:mm:ss[.fffffff]`. */
function nanos(text: string): string {
  const [h, m, s] = text.split(":");
  const [whole, fraction = ""] = (s as string).split(".");
  const seconds = (BigInt(h as string) * 60n + BigInt(m as string)) * 60n + BigInt(whole as string);
  return String(seconds * 1_000_000_000n + BigInt(fraction.padEnd(9, "0")));
}

const nullable = <T>(values: T[], map: (value: T) => unknown) => [...values.map(map), null] as unknown[];

interface Case {
  column: TdsColumn;
  inputs: unknown[];
  dtype: string;
  expected: unknown[];
}

const BIGINTS = ["-9223372036854775808", "9223372036854775807", "0", "9007199254740993", "-9007199254740993"];
const DECIMAL_38_10 = [
  "9235717715.7560103758",
  "-0.0000000001",
  "-9999999999999999999999999999.9999999999",
  "0.0000000000",
];
const NINES_38 = "9".repeat(38);
const DATETIME2 = [
  "0001-01-01 00:00:00.0000000",
  "1969-12-31 23:59:59.9999999",
  "1970-01-01 00:00:00.0000001",
  "2024-02-29 13:45:01.1234567",
  "9999-12-31 23:59:59.9999999",
];
const TEXT = ["", "plain", "café ß", "日本語 ✓ 😀 𝄞", "a\u0000b", "line\r\nbreak"];
const UUID = "6f9619ff-8b86-d011-b42d-00c04fc964ff";

const cases: Record<string, Case> = {
  bit: { column: tdsType.bit("c"), inputs: [true, false, null], dtype: "bool", expected: [true, false, null] },
  "bit not null": { column: tdsType.bitNotNull("c"), inputs: [true, false], dtype: "bool", expected: [true, false] },
  tinyint: { column: tdsType.tinyint("c"), inputs: [0, 255, null], dtype: "u8", expected: [0, 255, null] },
  smallint: {
    column: tdsType.smallint("c"),
    inputs: [-32768, 32767, null],
    dtype: "i16",
    expected: [-32768, 32767, null],
  },
  int: {
    column: tdsType.int("c"),
    inputs: [-2147483648, 2147483647, 0, null],
    dtype: "i32",
    expected: [-2147483648, 2147483647, 0, null],
  },
  "int not null": { column: tdsType.intNotNull("c"), inputs: [7, -7], dtype: "i32", expected: [7, -7] },
  bigint: { column: tdsType.bigint("c"), inputs: [...BIGINTS, null], dtype: "i64", expected: [...BIGINTS, null] },
  "bigint not null": { column: tdsType.bigintNotNull("c"), inputs: BIGINTS, dtype: "i64", expected: BIGINTS },
  real: {
    column: tdsType.real("c"),
    inputs: [0.1, -3.4028234663852886e38, 1.401298464324817e-45, null],
    dtype: "f32",
    expected: [Math.fround(0.1), -3.4028234663852886e38, 1.401298464324817e-45, null],
  },
  float: {
    column: tdsType.float("c"),
    inputs: [0.1, Number.MAX_VALUE, -5e-324, null],
    dtype: "f64",
    expected: [0.1, Number.MAX_VALUE, -5e-324, null],
  },
  "float not null": { column: tdsType.floatNotNull("c"), inputs: [1.5], dtype: "f64", expected: [1.5] },
  "decimal(38,0)": {
    column: tdsType.decimal("c", 38, 0),
    inputs: [NINES_38, `-${NINES_38}`, "0", "12345678901234567890", null],
    dtype: "decimal[38,0]",
    expected: [NINES_38, `-${NINES_38}`, "0", "12345678901234567890", null],
  },
  "decimal(38,10)": {
    column: tdsType.decimal("c", 38, 10),
    inputs: [...DECIMAL_38_10, null],
    dtype: "decimal[38,10]",
    expected: [...DECIMAL_38_10, null],
  },
  "decimal(38,38)": {
    column: tdsType.decimal("c", 38, 38),
    inputs: [`0.${NINES_38}`, `-0.${"0".repeat(37)}1`],
    dtype: "decimal[38,38]",
    expected: [`0.${NINES_38}`, `-0.${"0".repeat(37)}1`],
  },
  "decimal(9,2) (4-byte magnitude)": {
    column: tdsType.decimal("c", 9, 2),
    inputs: ["9999999.99", "-0.01", null],
    dtype: "decimal[9,2]",
    expected: ["9999999.99", "-0.01", null],
  },
  "decimal(19,4) (8 bytes)": {
    column: tdsType.decimal("c", 19, 4),
    inputs: ["999999999999999.9999", "-123456789012345.6789"],
    dtype: "decimal[19,4]",
    expected: ["999999999999999.9999", "-123456789012345.6789"],
  },
  "numeric(28,6) (12 bytes)": {
    column: tdsType.decimal("c", 28, 6, true),
    inputs: ["9999999999999999999999.999999", "-1.000001"],
    dtype: "decimal[28,6]",
    expected: ["9999999999999999999999.999999", "-1.000001"],
  },
  money: {
    column: tdsType.money("c"),
    inputs: ["922337203685477.5807", "-922337203685477.5808", "0.0001", "-0.0001", "0", null],
    dtype: "decimal[19,4]",
    expected: ["922337203685477.5807", "-922337203685477.5808", "0.0001", "-0.0001", "0.0000", null],
  },
  "money not null": {
    column: tdsType.moneyNotNull("c"),
    inputs: ["-12.5"],
    dtype: "decimal[19,4]",
    expected: ["-12.5000"],
  },
  smallmoney: {
    column: tdsType.smallmoney("c"),
    inputs: ["214748.3647", "-214748.3648", null],
    dtype: "decimal[10,4]",
    expected: ["214748.3647", "-214748.3648", null],
  },
  "smallmoney not null": {
    column: tdsType.smallmoneyNotNull("c"),
    inputs: ["1.0001"],
    dtype: "decimal[10,4]",
    expected: ["1.0001"],
  },
  date: {
    column: tdsType.date("c"),
    inputs: ["0001-01-01", "1969-12-31", "1970-01-01", "2024-02-29", "9999-12-31", null],
    dtype: "date",
    expected: nullable(["0001-01-01", "1969-12-31", "1970-01-01", "2024-02-29", "9999-12-31"], daysOf),
  },
  "datetime2(7)": {
    column: tdsType.datetime2("c", 7),
    inputs: [...DATETIME2, null],
    dtype: "datetime[μs]",
    expected: nullable(DATETIME2, micros),
  },
  "datetime2(0)": {
    column: tdsType.datetime2("c", 0),
    inputs: ["1899-12-31 23:59:59", "2262-04-12 00:00:00"],
    dtype: "datetime[μs]",
    expected: [micros("1899-12-31 23:59:59"), micros("2262-04-12 00:00:00")],
  },
  "datetime2(3)": {
    column: tdsType.datetime2("c", 3),
    inputs: ["1600-06-15 10:20:30.456"],
    dtype: "datetime[μs]",
    expected: [micros("1600-06-15 10:20:30.456")],
  },
  "datetimeoffset(7)": {
    column: tdsType.datetimeoffset("c", 7),
    inputs: [
      "2024-02-29 13:45:01.1234567 +05:30",
      "2000-01-01 00:00:00.0000000 -08:00",
      "9999-12-31 09:59:59.9999999 -14:00",
      null,
    ],
    dtype: "datetime[μs, UTC]",
    expected: nullable(
      [
        "2024-02-29 13:45:01.1234567 +05:30",
        "2000-01-01 00:00:00.0000000 -08:00",
        "9999-12-31 09:59:59.9999999 -14:00",
      ],
      micros,
    ),
  },
  datetime: {
    column: tdsType.datetime("c"),
    // 1/300 s ticks: .003 and .997 are how SQL Server shows 1 and 299 ticks.
    inputs: [
      "1753-01-01 00:00:00.000",
      "1969-12-31 23:59:59.997",
      "2024-01-01 12:00:00.003",
      "9999-12-31 23:59:59.997",
      null,
    ],
    dtype: "datetime[μs]",
    expected: nullable(
      ["1753-01-01 00:00:00.000", "1969-12-31 23:59:59.997", "2024-01-01 12:00:00.003", "9999-12-31 23:59:59.997"],
      micros,
    ),
  },
  "datetime not null": {
    column: tdsType.datetimeNotNull("c"),
    inputs: ["1900-01-01 00:00:00.000"],
    dtype: "datetime[μs]",
    expected: [micros("1900-01-01 00:00:00.000")],
  },
  smalldatetime: {
    column: tdsType.smalldatetime("c"),
    inputs: ["1900-01-01 00:00", "2079-06-06 23:59", null],
    dtype: "datetime[μs]",
    expected: nullable(["1900-01-01 00:00", "2079-06-06 23:59"], micros),
  },
  "time(7)": {
    column: tdsType.time("c", 7),
    inputs: ["00:00:00.0000000", "23:59:59.9999999", "12:34:56.1234567", null],
    dtype: "time",
    expected: nullable(["00:00:00.0000000", "23:59:59.9999999", "12:34:56.1234567"], nanos),
  },
  "time(0)": { column: tdsType.time("c", 0), inputs: ["23:59:59"], dtype: "time", expected: [nanos("23:59:59")] },
  "time(3)": {
    column: tdsType.time("c", 3),
    inputs: ["01:02:03.456"],
    dtype: "time",
    expected: [nanos("01:02:03.456")],
  },
  "char(5) (padded)": {
    column: tdsType.char("c", 5),
    inputs: ["ab   ", "café ", null],
    dtype: "str",
    expected: ["ab   ", "café ", null],
  },
  "varchar (code page 1252)": {
    column: tdsType.varchar("c", 20),
    inputs: ["", "café ß ÿ", null],
    dtype: "str",
    expected: ["", "café ß ÿ", null],
  },
  "varchar (UTF-8 collation)": {
    column: tdsType.varcharUtf8("c"),
    inputs: [...TEXT, null],
    dtype: "str",
    expected: [...TEXT, null],
  },
  "varchar(max)": {
    column: tdsType.varcharMax("c"),
    inputs: ["x".repeat(10_000), "é😀".repeat(500), "", null],
    dtype: "str",
    expected: ["x".repeat(10_000), "é😀".repeat(500), "", null],
  },
  nchar: { column: tdsType.nchar("c", 3), inputs: ["é  ", null], dtype: "str", expected: ["é  ", null] },
  nvarchar: { column: tdsType.nvarchar("c", 50), inputs: [...TEXT, null], dtype: "str", expected: [...TEXT, null] },
  "nvarchar(max)": {
    column: tdsType.nvarcharMax("c"),
    inputs: ["𝄞".repeat(3000), null],
    dtype: "str",
    expected: ["𝄞".repeat(3000), null],
  },
  text: { column: tdsType.text("c"), inputs: ["old text", null], dtype: "str", expected: ["old text", null] },
  ntext: { column: tdsType.ntext("c"), inputs: ["ünï 😀", null], dtype: "str", expected: ["ünï 😀", null] },
  xml: {
    column: tdsType.xml("c"),
    inputs: ['<a b="1">é</a>', null],
    dtype: "str",
    expected: ['<a b="1">é</a>', null],
  },
  uniqueidentifier: {
    column: tdsType.uniqueidentifier("c"),
    inputs: [UUID, "00000000-0000-0000-0000-000000000000", null],
    dtype: "str",
    expected: [UUID.toUpperCase(), "00000000-0000-0000-0000-000000000000", null],
  },
  binary: {
    column: tdsType.binary("c", 4),
    inputs: [new Uint8Array([0, 1, 0x7f, 0xff]), null],
    dtype: "binary",
    expected: [[0, 1, 0x7f, 0xff], null],
  },
  varbinary: {
    column: tdsType.varbinary("c", 10),
    inputs: [new Uint8Array([]), new Uint8Array([9]), null],
    dtype: "binary",
    expected: [[], [9], null],
  },
  "varbinary(max)": {
    column: tdsType.varbinaryMax("c"),
    inputs: [new Uint8Array(1000).map((_, i) => i % 256), null],
    dtype: "binary",
    expected: [Array.from({ length: 1000 }, (_, i) => i % 256), null],
  },
  image: {
    column: tdsType.image("c"),
    inputs: [new Uint8Array([1, 2, 3]), null],
    dtype: "binary",
    expected: [[1, 2, 3], null],
  },
  "rowversion (timestamp)": {
    column: tdsType.rowversion("c"),
    inputs: [new Uint8Array([0, 0, 0, 0, 0, 0, 0x07, 0xd1])],
    dtype: "binary",
    expected: [[0, 0, 0, 0, 0, 0, 0x07, 0xd1]],
  },
  "geography (CLR type)": {
    column: tdsType.geography("c"),
    inputs: [new Uint8Array([0xe6, 0x10, 0, 0, 1, 0x0c]), null],
    dtype: "binary",
    expected: [[0xe6, 0x10, 0, 0, 1, 0x0c], null],
  },
  "NULL type": { column: tdsType.null("c"), inputs: [null, null], dtype: "str", expected: [null, null] },
};

describe("SQL Server types through tedious's parser", () => {
  for (const [name, { column, inputs, dtype, expected }] of Object.entries(cases)) {
    test(`${name} → ${dtype}`, async () => {
      const series = await readColumn(column, inputs);
      expect(shownType(series)).toBe(dtype);
      expect(exactValues(series)).toEqual(expected);
      // The same values with every other row an NBCROW (nulls in a bitmap).
      expect(exactValues(await readColumn(column, inputs, true))).toEqual(expected);
    });
  }

  test("many columns in one row, nulls in NBCROW and ROW", async () => {
    const columns = [
      tdsType.int("a"),
      tdsType.nvarchar("b", 10),
      tdsType.decimal("c", 20, 2),
      tdsType.datetime2("d", 7),
    ];
    const rows = [
      [1, "x", "-1.50", "2024-01-01 00:00:00.0000005"],
      [null, null, null, null],
      [3, null, "0.01", null],
    ];
    const { metadata, values } = await parseResult(columns, rows, { nbc: true });
    expect(metadata.map((m) => m.colName)).toEqual(["a", "b", "c", "d"]);
    const readers = metadata.map((m) => mssqlColumnReader(m.colName ?? "", typeOfMetadata(m)));
    for (const row of values) {
      row.forEach((value, i) => {
        const reader = readers[i];
        if (value === null) reader?.builder.pushNull();
        else reader?.read(value);
      });
    }
    const frame = pl.DataFrame(readers.map((r) => r.builder.finish()));
    expect(frame.getColumns().map(exactValues)).toEqual([
      [1, null, 3],
      ["x", null, null],
      ["-1.50", null, "0.01"],
      [micros("2024-01-01 00:00:00.0000005"), null, null],
    ]);
  });
});

describe("the exact-value hook", () => {
  test("only connections marked exact get decimal text; others keep tedious's numbers", async () => {
    const column = tdsType.decimal("c", 38, 10);
    const stock = await parseResult([column], [["9235717715.7560103758"], ["0.5"]], { exact: false });
    expect(stock.values).toEqual([[9235717715.75601], [0.5]]);
    const exact = await parseResult([column], [["9235717715.7560103758"], ["0.5"]]);
    expect(exact.values).toEqual([["9235717715.7560103758"], ["0.5000000000"]]);
  });

  test("installing twice wraps once", async () => {
    installExactValues();
    installExactValues();
    const { values } = await parseResult([tdsType.money("m")], [["-1.5"]]);
    expect(values).toEqual([["-1.5000"]]);
  });
});

describe("sql_variant → String", () => {
  const variants: [VariantValue, string][] = [
    [{ type: "int", value: -42 }, "-42"],
    [{ type: "bigint", value: "-9223372036854775808" }, "-9223372036854775808"],
    [{ type: "bit", value: true }, "1"],
    [{ type: "bit", value: false }, "0"],
    [{ type: "real", value: 0.1 }, "0.1"],
    [{ type: "float", value: 1e300 }, "1e+300"],
    [{ type: "decimal", precision: 38, scale: 10, value: "-9235717715.7560103758" }, "-9235717715.7560103758"],
    [{ type: "money", value: "922337203685477.5807" }, "922337203685477.5807"],
    [{ type: "date", value: "0001-01-01" }, "0001-01-01"],
    [{ type: "datetime", value: "1969-12-31 23:59:59.997" }, "1969-12-31 23:59:59.997"],
    [{ type: "smalldatetime", value: "2079-06-06 23:59" }, "2079-06-06 23:59:00"],
    [{ type: "datetime2", scale: 7, value: "9999-12-31 23:59:59.9999999" }, "9999-12-31 23:59:59.9999999"],
    [{ type: "datetime2", scale: 2, value: "2024-02-29 01:02:03.45" }, "2024-02-29 01:02:03.45"],
    [{ type: "time", scale: 7, value: "12:34:56.1234567" }, "12:34:56.1234567"],
    [{ type: "time", scale: 0, value: "23:59:59" }, "23:59:59"],
    [
      { type: "datetimeoffset", scale: 7, value: "2024-02-29 13:45:01.1234567 +05:30" },
      "2024-02-29 13:45:01.1234567 +05:30",
    ],
    [{ type: "datetimeoffset", scale: 0, value: "2000-01-01 00:00:00 -08:00" }, "2000-01-01 00:00:00 -08:00"],
    [{ type: "nvarchar", value: "日本語 😀" }, "日本語 😀"],
    [{ type: "varbinary", value: new Uint8Array([0xde, 0xad, 0x01]) }, "0xDEAD01"],
    [{ type: "uniqueidentifier", value: UUID }, UUID.toUpperCase()],
  ];
  test("each base type's text, and null", async () => {
    const series = await readColumn(tdsType.variant("v"), [...variants.map(([value]) => value), null]);
    expect(shownType(series)).toBe("str");
    expect(series.toArray() as unknown).toEqual([...variants.map(([, text]) => text), null]);
  });
});

describe("types from sp_describe_first_result_set agree with the read's", () => {
  const described: [string, number, number | null, number | null, keyof typeof tdsType, unknown[]][] = [
    ["bit", 104, 1, 0, "bit", []],
    ["tinyint", 48, 3, 0, "tinyint", []],
    ["smallint", 52, 5, 0, "smallint", []],
    ["int", 56, 10, 0, "int", []],
    ["bigint", 127, 19, 0, "bigint", []],
    ["real", 59, 24, 0, "real", []],
    ["float", 62, 53, 0, "float", []],
    ["decimal(20,5)", 106, 20, 5, "decimal", [20, 5]],
    ["numeric(38,0)", 108, 38, 0, "decimal", [38, 0, true]],
    ["money", 60, 19, 4, "money", []],
    ["smallmoney", 122, 10, 4, "smallmoney", []],
    ["date", 40, 10, 0, "date", []],
    ["datetime", 61, 23, 3, "datetime", []],
    ["smalldatetime", 58, 16, 0, "smalldatetime", []],
    ["datetime2(7)", 42, 27, 7, "datetime2", [7]],
    ["datetimeoffset(3)", 43, 30, 3, "datetimeoffset", [3]],
    ["time(7)", 41, 16, 7, "time", [7]],
    ["char(5)", 175, 0, 0, "char", [5]],
    ["varchar(max)", 167, 0, 0, "varcharMax", []],
    ["nvarchar(50)", 231, 0, 0, "nvarchar", [50]],
    ["ntext", 99, 0, 0, "ntext", []],
    ["xml", 241, 0, 0, "xml", []],
    ["uniqueidentifier", 36, 0, 0, "uniqueidentifier", []],
    ["varbinary(10)", 165, 0, 0, "varbinary", [10]],
    ["image", 34, 0, 0, "image", []],
    ["timestamp", 189, 0, 0, "rowversion", []],
    ["sql_variant", 98, 0, 0, "variant", []],
    ["geography", 240, 0, 0, "geography", []],
  ];
  for (const [name, id, precision, scale, kind, args] of described) {
    test(name, async () => {
      const type = typeOfDescription({ system_type_name: name, system_type_id: id, precision, scale });
      const description = mssqlColumnReader("c", type).builder.finish();
      const make = tdsType[kind] as (name: string, ...rest: unknown[]) => TdsColumn;
      const read = await readColumn(make("c", ...args), []);
      expect(description.len()).toBe(0);
      expect(shownType(description)).toBe(shownType(read));
    });
  }
});

describe("unknown and mistyped values", () => {
  test("an unknown type is String of its values, by valueText's rules", () => {
    const type = typeOfMetadata({ type: { name: "TVP" } });
    expect(type).toEqual({ name: "tvp" });
    const reader = mssqlColumnReader("x", type);
    const values = [
      "s",
      1.5,
      12n,
      true,
      false,
      new Date(Date.UTC(1969, 6, 20, 20, 17)),
      new Uint8Array([0xab, 1]),
      { a: 1 },
    ];
    for (const value of values) reader.read(value);
    reader.builder.pushNull();
    expect(reader.builder.finish().toArray() as unknown).toEqual([
      "s",
      "1.5",
      "12",
      "1",
      "0",
      "1969-07-20T20:17:00.000Z",
      "0xAB01",
      '{"a":1}',
      null,
    ]);
    expect(valueText(undefined)).toBe("undefined");
  });

  test("a value of the wrong JS type is an MssqlValueError naming it", () => {
    const reader = (name: string, extra: object = {}) => mssqlColumnReader("c", { name, ...extra });
    expect(() => reader("decimal", { precision: 10, scale: 2 }).read(1.5)).toThrow(MssqlValueError);
    expect(() => reader("decimal", { precision: 10, scale: 2 }).read(1.5)).toThrow(
      "is number 1.5, not exact decimal text",
    );
    expect(() => reader("bigint").read(2 ** 60)).toThrow("not a 64-bit integer");
    expect(() => reader("bigint").read("12x")).toThrow("not a 64-bit integer");
    expect(() => reader("int").read("12")).toThrow("is string 12, not a number");
    expect(() => reader("bit").read(1)).toThrow("not a boolean");
    expect(() => reader("date").read("2024-01-01")).toThrow("not a date");
    expect(() => reader("varbinary").read("ab")).toThrow("not bytes");
  });

  test("typeOfMetadata: nullable wire types by their length, rowversion by its user type", () => {
    const of = (name: string, extra: Partial<TediousColumnMetadata> = {}) =>
      typeOfMetadata({ type: { name }, ...extra }).name;
    expect([1, 2, 4, 8].map((dataLength) => of("IntN", { dataLength }))).toEqual([
      "tinyint",
      "smallint",
      "int",
      "bigint",
    ]);
    expect([4, 8].map((dataLength) => of("FloatN", { dataLength }))).toEqual(["real", "float"]);
    expect([4, 8].map((dataLength) => of("MoneyN", { dataLength }))).toEqual(["smallmoney", "money"]);
    expect([4, 8].map((dataLength) => of("DateTimeN", { dataLength }))).toEqual(["smalldatetime", "datetime"]);
    expect(of("VarBinary", { userType: 0x50 })).toBe("timestamp");
    expect(of("VarBinary", { userType: 0 })).toBe("varbinary");
    expect(typeOfMetadata({ type: { name: "NumericN" }, precision: 12, scale: 3 })).toEqual({
      name: "numeric",
      precision: 12,
      scale: 3,
    });
  });

  test("float32Text is the shortest text that reads back as the same float", () => {
    expect([0.1, 1 / 3, 16777216, 1e-45, 3.4e38].map((v) => float32Text(Math.fround(v)))).toEqual([
      "0.1",
      "0.33333334",
      "16777216",
      "1e-45",
      "3.4e+38",
    ]);
  });
});
