import { afterAll, describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { collect, tempFolder } from "../../../tests/helpers/format-samples";
import { dtypeName, seriesDtype } from "../../tools/dtype";
import { type BuildField, type BuildOptions, type BuildValue, buildYxdb } from "./build-yxdb.fixture";
import { countYxdbRows, scanYxdb } from "./reader";

const tmp = tempFolder("yxdb-types");
afterAll(tmp.cleanup);

let files = 0;
function readBack(fields: BuildField[], rows: BuildValue[][], options?: BuildOptions, maxRows?: number) {
  const path = tmp.file(`t${files++}.yxdb`, buildYxdb(fields, rows, options));
  return { df: collect(scanYxdb(path, {}, { maxRows })), path };
}
const column = (df: pl.DataFrame, name: string): unknown[] => df.getColumn(name).toArray();
/** A column as Polars' text, for types JS cannot take whole (Int64, Decimal, temporal). */
const textColumn = (df: pl.DataFrame, name: string): unknown[] =>
  df.select(pl.col(name).cast(pl.String)).getColumn(name).toArray();
/** A Binary column as lists of byte values (nodejs-polars cannot hand Binary to JS). */
const byteLists = (df: pl.DataFrame, name: string): unknown[] =>
  df
    .select(pl.col(name).cast(pl.List(pl.UInt8)))
    .getColumn(name)
    .toArray();
/** Per row: null, or whether the value is NaN. */
const nans = (df: pl.DataFrame, name: string): unknown[] => df.select(pl.col(name).isNan()).getColumn(name).toArray();
const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));

describe("every field type, with nulls", () => {
  const fields: BuildField[] = [
    { name: "bool", type: "Bool" },
    { name: "byte", type: "Byte" },
    { name: "i16", type: "Int16" },
    { name: "i32", type: "Int32" },
    { name: "i64", type: "Int64" },
    { name: "f32", type: "Float" },
    { name: "f64", type: "Double" },
    { name: "dec", type: "FixedDecimal", size: 12, scale: 3 },
    { name: "s", type: "String", size: 8 },
    { name: "w", type: "WString", size: 6 },
    { name: "vs", type: "V_String", size: 1000 },
    { name: "vw", type: "V_WString", size: 1000 },
    { name: "date", type: "Date" },
    { name: "time", type: "Time" },
    { name: "dt", type: "DateTime" },
    { name: "blob", type: "Blob", size: 2147483647 },
  ];
  const long = "é".repeat(300);
  const rows: BuildValue[][] = [
    [
      true,
      255,
      -32768,
      -2147483648,
      -9223372036854775808n,
      1.5,
      -0.1,
      "-12345.678",
      "café",
      "日本",
      "ab",
      "é😀",
      "0001-01-01",
      "00:00:00",
      "1969-12-31 23:59:59",
      bytesOf("00ff10"),
    ],
    [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
    [
      false,
      0,
      32767,
      2147483647,
      9223372036854775807n,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      "0.5",
      "",
      "",
      "",
      "",
      "9999-12-31",
      "23:59:59",
      "2020-02-29 12:34:56",
      bytesOf(""),
    ],
    [
      true,
      7,
      1,
      1,
      1n,
      -0,
      Number.NaN,
      "99999999.000",
      "exactly8",
      "sixsix",
      long,
      "€".repeat(200),
      "2000-02-29",
      "12:00:01",
      "2020-02-03 04:05:06",
      bytesOf("01".repeat(700)),
    ],
  ];
  const { df, path } = readBack(fields, rows);

  test("the count and the Polars types", () => {
    expect(countYxdbRows(path, {})).toBe(4);
    // Read as schemaOf does: nodejs-polars cannot hand a Binary dtype to JS itself.
    expect(df.getColumns().map((s) => dtypeName(seriesDtype(s)))).toEqual([
      "Boolean",
      "UInt8",
      "Int16",
      "Int32",
      "Int64",
      "Float32",
      "Float64",
      "Decimal(11, 3)",
      "String",
      "String",
      "String",
      "String",
      "Date",
      "Time",
      "Datetime(us)",
      "Binary",
    ]);
  });

  test("booleans and small integers", () => {
    expect(column(df, "bool")).toEqual([true, null, false, true]);
    expect(column(df, "byte")).toEqual([255, null, 0, 7]);
    expect(column(df, "i16")).toEqual([-32768, null, 32767, 1]);
    expect(column(df, "i32")).toEqual([-2147483648, null, 2147483647, 1]);
    expect(textColumn(df, "i64")).toEqual(["-9223372036854775808", null, "9223372036854775807", "1"]);
  });

  test("floats keep NaN and infinities apart from null", () => {
    expect(df.getColumn("f32").isNull().toArray()).toEqual([false, true, false, false]);
    expect(nans(df, "f32")).toEqual([false, null, true, false]);
    expect(column(df, "f32")[0]).toBe(1.5);
    expect(df.getColumn("f64").isNull().toArray()).toEqual([false, true, false, false]);
    expect(nans(df, "f64")).toEqual([false, null, false, true]);
    expect(column(df, "f64").slice(0, 3)).toEqual([-0.1, null, Number.POSITIVE_INFINITY]);
  });

  test("a FixedDecimal is an exact Decimal", () => {
    expect(textColumn(df, "dec")).toEqual(["-12345.678", null, "0.500", "99999999.000"]);
  });

  test("text: Latin-1 narrow, UTF-16 wide, fixed and variable, empty apart from null", () => {
    expect(column(df, "s")).toEqual(["café", null, "", "exactly8"]);
    expect(column(df, "w")).toEqual(["日本", null, "", "sixsix"]);
    expect(column(df, "vs")).toEqual(["ab", null, "", long]);
    expect(column(df, "vw")).toEqual(["é😀", null, "", "€".repeat(200)]);
  });

  test("dates, times and date-times without a time zone", () => {
    expect(textColumn(df, "date")).toEqual(["0001-01-01", null, "9999-12-31", "2000-02-29"]);
    expect(textColumn(df, "time")).toEqual(["00:00:00", null, "23:59:59", "12:00:01"]);
    expect(textColumn(df, "dt")).toEqual([
      "1969-12-31 23:59:59.000000",
      null,
      "2020-02-29 12:34:56.000000",
      "2020-02-03 04:05:06.000000",
    ]);
  });

  test("blobs are Binary, empty apart from null", () => {
    expect(byteLists(df, "blob")).toEqual([[0, 255, 16], null, [], Array(700).fill(1)]);
  });
});

describe("variable data in all its forms and records across blocks", () => {
  // Lengths 0-3 sit in the reference, up to 127 take a 1-byte length, longer a 4-byte one.
  const lengths = [0, 1, 2, 3, 4, 63, 127, 128, 1000, 70_000];
  const fields: BuildField[] = [
    { name: "id", type: "Int32" },
    { name: "vs", type: "V_String", size: 100_000 },
    { name: "vw", type: "V_WString", size: 100_000 },
  ];
  const rows: BuildValue[][] = lengths.map((n, i) => [i, "x".repeat(n), "ж".repeat(n)]);
  const expected = (df: pl.DataFrame) => {
    expect(column(df, "id")).toEqual(lengths.map((_, i) => i));
    expect((column(df, "vs") as string[]).map((s) => s.length)).toEqual(lengths);
    expect(column(df, "vs")).toEqual(lengths.map((n) => "x".repeat(n)));
    expect(column(df, "vw")).toEqual(lengths.map((n) => "ж".repeat(n)));
  };

  test("LZF blocks of 256 KiB", () => expected(readBack(fields, rows).df));
  test("tiny blocks, so every record spans several", () => expected(readBack(fields, rows, { blockSize: 37 }).df));
  test("blocks stored uncompressed (high bit of the length)", () =>
    expected(readBack(fields, rows, { blocks: "stored", blockSize: 1000 }).df));
  test("an uncompressed file (compression 0)", () => expected(readBack(fields, rows, { blocks: "none" }).df));

  test("a blob larger than a block", () => {
    const big = Uint8Array.from({ length: 600_000 }, (_, i) => (i * 7) % 256);
    const { df } = readBack([{ name: "b", type: "Blob" }], [[big], [null]]);
    const values = byteLists(df, "b");
    expect(values[1]).toBeNull();
    expect(Uint8Array.from(values[0] as number[])).toEqual(big);
  });

  test("maxRows stops in the middle of spanning records", () => {
    const { df } = readBack(fields, rows, { blockSize: 37 }, 4);
    expect(column(df, "vs")).toEqual(lengths.slice(0, 4).map((n) => "x".repeat(n)));
  });
});

describe("other layouts", () => {
  test("zero records: the columns and types, no rows", () => {
    const { df, path } = readBack(
      [
        { name: "a", type: "Int64" },
        { name: "b", type: "V_WString" },
        { name: "c", type: "Date" },
      ],
      [],
    );
    expect(countYxdbRows(path, {})).toBe(0);
    expect(df.height).toBe(0);
    expect(df.getColumns().map((s) => `${s.name}: ${String(s.dtype)}`)).toEqual([
      "a: DataType(Int64)",
      "b: DataType(String)",
      "c: DataType(Date)",
    ]);
  });

  test("a FixedDecimal wider than 38 digits is Float64", () => {
    const { df } = readBack([{ name: "d", type: "FixedDecimal", size: 45, scale: 2 }], [["-12.50"], [null]]);
    expect(String(df.getColumn("d").dtype)).toBe("DataType(Float64)");
    expect(column(df, "d")).toEqual([-12.5, null]);
  });

  test("a FixedDecimal with no scale", () => {
    const { df } = readBack([{ name: "d", type: "FixedDecimal", size: 5, scale: 0 }], [["-1234"], ["99999"]]);
    expect(String(df.getColumn("d").dtype)).toBe("DataType(Decimal(5,0))");
    expect(textColumn(df, "d")).toEqual(["-1234", "99999"]);
  });

  test("spatial objects: null, empty and a point", () => {
    const point = Buffer.alloc(20);
    point.writeInt32LE(1, 0);
    point.writeDoubleLE(2.5, 4);
    point.writeDoubleLE(-1, 12);
    const { df } = readBack([{ name: "g", type: "SpatialObj" }], [[null], [new Uint8Array(0)], [point]]);
    expect(column(df, "g")).toEqual([
      null,
      '{"type":"GeometryCollection","geometries":[]}',
      '{"type":"Point","coordinates":[2.5,-1]}',
    ]);
  });

  test("unicode field names", () => {
    const { df } = readBack([{ name: "prix € & 税", type: "Int16" }], [[3]]);
    expect(df.columns).toEqual(["prix € & 税"]);
  });

  test("a file id with a spatial index (…05) reads the same", () => {
    const { df } = readBack([{ name: "a", type: "Byte" }], [[1], [2]], { fileId: 0x00440205 });
    expect(column(df, "a")).toEqual([1, 2]);
  });
});
