import { afterAll, describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { collect, tempFolder } from "../../../tests/helpers/format-samples";
import { avroFile } from "./avro-files.fixture";
import { scanAvro } from "./reader";

const tmp = tempFolder("avro-types");
afterAll(tmp.cleanup);

/**
 * Each test writes a file with avsc (an independent encoder) from plain JS records, reads it
 * back, and compares with values computed here from the same records.
 */
function read(fields: { name: string; type: unknown }[], records: Record<string, unknown>[], wrapUnions = false) {
  const schema = { type: "record", name: "T", namespace: "test", fields };
  return collect(scanAvro(tmp.file("t.avro", avroFile(schema, records, { blockSize: 2, wrapUnions })), {}));
}

/** A column as text computed by Polars (exact for 64-bit ints and decimals). */
function texts(frame: pl.DataFrame, column: string): (string | null)[] {
  return frame.select(pl.col(column).cast(pl.Utf8)).getColumn(column).toArray() as (string | null)[];
}

/** A column's physical integers as text (dates: days; datetimes and times: their unit since the epoch / midnight). */
function physical(frame: pl.DataFrame, column: string): (string | null)[] {
  return frame.select(pl.col(column).toPhysical().cast(pl.Utf8)).getColumn(column).toArray() as (string | null)[];
}

/** A Binary column in base64 (nodejs-polars hands Binary values to JS only as lists of bytes). */
function base64(frame: pl.DataFrame, column: string): (string | null)[] {
  const lists = frame
    .select(pl.col(column).cast(pl.List(pl.UInt8)))
    .getColumn(column)
    .toArray() as unknown as (number[] | null)[];
  return lists.map((bytes) => (bytes === null ? null : Buffer.from(bytes).toString("base64")));
}

function dtype(frame: pl.DataFrame, column: string): string {
  return String(frame.getColumn(column).dtype);
}

const INT32 = [-2147483648, -1, 0, 2147483647];
const INT64 = [-9223372036854775808n, -9007199254740993n, 0n, 9223372036854775807n];

describe("Avro primitives", () => {
  test("int → Int32, long → Int64 (exact at the int64 extremes), boolean, float, double, string", () => {
    const records = INT32.map((i, k) => ({
      i,
      l: INT64[k],
      b: k % 2 === 0,
      f: [1.5, -0, 3.4e38, Number.NaN][k],
      d: [0.1, -1e-300, Number.POSITIVE_INFINITY, Number.NaN][k],
      s: ["", "plain", "日本語 🚀", 'quote " and\nnew line'][k],
    }));
    const frame = read(
      [
        { name: "i", type: "int" },
        { name: "l", type: "long" },
        { name: "b", type: "boolean" },
        { name: "f", type: "float" },
        { name: "d", type: "double" },
        { name: "s", type: "string" },
      ],
      records,
    );
    expect(frame.columns.map((c) => dtype(frame, c))).toEqual([
      "DataType(Int32)",
      "DataType(Int64)",
      "DataType(Bool)",
      "DataType(Float32)",
      "DataType(Float64)",
      "DataType(String)",
    ]);
    expect(frame.getColumn("i").toArray() as unknown[]).toEqual(INT32);
    expect(texts(frame, "l")).toEqual(INT64.map(String));
    expect(frame.getColumn("b").toArray() as unknown[]).toEqual(records.map((r) => r.b));
    expect(frame.getColumn("f").toArray() as unknown[]).toEqual(records.map((r) => Math.fround(r.f as number)));
    expect(frame.getColumn("d").toArray() as unknown[]).toEqual(records.map((r) => r.d));
    expect(frame.getColumn("s").toArray() as unknown[]).toEqual(records.map((r) => r.s));
  });

  test("bytes and fixed → Binary; enum → String (its symbols)", () => {
    const records = [
      { by: Buffer.from([0, 1, 255]), fx: Buffer.from("abcd"), e: "B" },
      { by: Buffer.alloc(0), fx: Buffer.from([0, 0, 0, 0]), e: "A" },
      { by: Buffer.from("é"), fx: Buffer.from([9, 8, 7, 6]), e: "C" },
    ];
    const frame = read(
      [
        { name: "by", type: "bytes" },
        { name: "fx", type: { type: "fixed", name: "Four", size: 4 } },
        { name: "e", type: { type: "enum", name: "Letter", symbols: ["A", "B", "C"] } },
      ],
      records,
    );
    expect(base64(frame, "by")).toEqual(records.map((r) => r.by.toString("base64")));
    expect(base64(frame, "fx")).toEqual(records.map((r) => r.fx.toString("base64")));
    expect(dtype(frame, "e")).toBe("DataType(String)");
    expect(frame.getColumn("e").toArray() as unknown[]).toEqual(["B", "A", "C"]);
  });

  test('["null", T] and [T, "null"] are nullable T; a "null" field is an all-null String', () => {
    const records = [
      { a: null, b: 5n, n: null },
      { a: "x", b: null, n: null },
      { a: "", b: -9223372036854775808n, n: null },
    ];
    const frame = read(
      [
        { name: "a", type: ["null", "string"] },
        { name: "b", type: ["long", "null"] },
        { name: "n", type: "null" },
      ],
      records,
    );
    expect(frame.getColumn("a").toArray() as unknown[]).toEqual([null, "x", ""]);
    expect(dtype(frame, "b")).toBe("DataType(Int64)");
    expect(texts(frame, "b")).toEqual(records.map((r) => (r.b === null ? null : String(r.b))));
    expect(dtype(frame, "n")).toBe("DataType(String)");
    expect(frame.getColumn("n").toArray() as unknown[]).toEqual([null, null, null]);
  });

  test("a schema that is not a record: one column named value", () => {
    const values = [1n, -9223372036854775808n, 42n];
    const path = tmp.file("longs.avro", avroFile("long", values));
    const frame = collect(scanAvro(path, {}));
    expect(frame.columns).toEqual(["value"]);
    expect(texts(frame, "value")).toEqual(values.map(String));
  });
});

describe("Avro unions of several types", () => {
  test("[int, long] → Int64; [null, int, double] → Float64", () => {
    // avsc writes a union value as {branch: value} (wrapped unions).
    const records = [
      { il: { int: 7 }, nid: null },
      { il: { long: -9223372036854775808n }, nid: { int: -3 } },
      { il: { int: -1 }, nid: { double: 2.5 } },
    ];
    const frame = read(
      [
        { name: "il", type: ["int", "long"] },
        { name: "nid", type: ["null", "int", "double"] },
      ],
      records,
      true,
    );
    expect(dtype(frame, "il")).toBe("DataType(Int64)");
    expect(texts(frame, "il")).toEqual(["7", "-9223372036854775808", "-1"]);
    expect(dtype(frame, "nid")).toBe("DataType(Float64)");
    expect(frame.getColumn("nid").toArray() as unknown[]).toEqual([null, -3, 2.5]);
  });

  test("other unions → String: text as is, numbers in decimal, bytes in base64, records as JSON", () => {
    const point = { type: "record", name: "Point", fields: [{ name: "x", type: "long" }] };
    const records = [
      { u: null },
      { u: { string: "héllo" } },
      { u: { long: 9223372036854775807n } },
      { u: { bytes: Buffer.from([1, 2]) } },
      { u: { "test.Point": { x: -9223372036854775808n } } },
      { u: { boolean: true } },
    ];
    const frame = read([{ name: "u", type: ["null", "string", "long", "bytes", point, "boolean"] }], records, true);
    expect(dtype(frame, "u")).toBe("DataType(String)");
    expect(frame.getColumn("u").toArray() as unknown[]).toEqual([
      null,
      "héllo",
      "9223372036854775807",
      Buffer.from([1, 2]).toString("base64"),
      '{"x":-9223372036854775808}',
      "true",
    ]);
  });
});

describe("Avro complex types", () => {
  test("arrays → List: of ints, of nullable longs, of arrays", () => {
    const records = [
      { a: [1, 2, 3], nl: [null, 9223372036854775807n], aa: [[], ["x"]] },
      { a: [], nl: [], aa: [] },
      { a: [-1], nl: [0n], aa: [["y", "z"]] },
    ];
    const frame = read(
      [
        { name: "a", type: { type: "array", items: "int" } },
        { name: "nl", type: { type: "array", items: ["null", "long"] } },
        { name: "aa", type: { type: "array", items: { type: "array", items: "string" } } },
      ],
      records,
    );
    expect(dtype(frame, "a")).toBe("DataType(List(DataType(Int32)))");
    expect(frame.getColumn("a").toArray() as unknown[]).toEqual(records.map((r) => r.a));
    expect(dtype(frame, "nl")).toBe("DataType(List(DataType(Int64)))");
    const nl = frame.select(pl.col("nl").explode().cast(pl.Utf8)).getColumn("nl").toArray() as unknown[];
    // Exploding turns an empty list into one null.
    expect(nl).toEqual([null, "9223372036854775807", null, "0"]);
    expect(frame.getColumn("aa").toArray() as unknown[]).toEqual(records.map((r) => r.aa));
  });

  test("maps → List of Struct{key, value} in file order; records → Struct; a null record stays null", () => {
    const inner = {
      type: "record",
      name: "Inner",
      fields: [
        { name: "x", type: "int" },
        { name: "s", type: ["null", "string"] },
      ],
    };
    const records = [
      { m: { a: 1, ключ: 2 }, r: { x: 1, s: null }, nr: null },
      { m: {}, r: { x: -2, s: "two" }, nr: { x: 3, s: "three" } },
    ];
    const frame = read(
      [
        { name: "m", type: { type: "map", values: "int" } },
        { name: "r", type: inner },
        { name: "nr", type: ["null", "Inner"] },
      ],
      records,
    );
    expect(frame.getColumn("m").toArray() as unknown[]).toEqual(
      records.map((r) => Object.entries(r.m).map(([key, value]) => ({ key, value }))),
    );
    expect(frame.getColumn("r").toArray() as unknown[]).toEqual(records.map((r) => r.r));
    expect(frame.select(pl.col("nr").isNull()).getColumn("nr").toArray() as unknown[]).toEqual([true, false]);
    expect(frame.select(pl.col("nr").struct.field("s")).getColumn("s").toArray() as unknown[]).toEqual([null, "three"]);
  });

  test("arrays of records with nullable items", () => {
    const item = { type: "record", name: "Item", fields: [{ name: "k", type: "string" }] };
    const records = [{ items: [{ k: "a" }, null, { k: "ü" }] }, { items: [] }];
    const frame = read([{ name: "items", type: { type: "array", items: ["null", item] } }], records);
    const exploded = frame.select(pl.col("items").explode());
    expect(exploded.select(pl.col("items").isNull()).getColumn("items").toArray() as unknown[]).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(exploded.select(pl.col("items").struct.field("k")).getColumn("k").toArray() as unknown[]).toEqual([
      "a",
      null,
      "ü",
      null,
    ]);
  });

  test("a recursive record keeps its first level as columns; the recursion is JSON text", () => {
    const node = {
      type: "record",
      name: "Node",
      fields: [
        { name: "v", type: "int" },
        { name: "next", type: ["null", "Node"] },
      ],
    };
    const records = [
      { v: 1, next: { "test.Node": { v: 2, next: { "test.Node": { v: 3, next: null } } } } },
      { v: 4, next: null },
    ];
    const path = tmp.file("list.avro", avroFile({ ...node, namespace: "test" }, records, { wrapUnions: true }));
    const frame = collect(scanAvro(path, {}));
    expect(frame.getColumn("v").toArray() as unknown[]).toEqual([1, 4]);
    expect(frame.getColumn("next").toArray() as unknown[]).toEqual(['{"v":2,"next":{"v":3,"next":null}}', null]);
  });
});

describe("Avro logical types", () => {
  const day = 86_400_000;

  test("date → Date; time-millis/micros → Time; timestamp-millis/micros/nanos → Datetime UTC; local-* → naive", () => {
    const records = [
      {
        d: -1,
        tm: 3_600_001,
        tu: 86_399_999_999n,
        ts: -1n,
        tu2: 1_700_000_000_123_456n,
        tn: 1_700_000_000_123_456_789n,
        lt: 5n,
      },
      { d: 19_000, tm: 0, tu: 0n, ts: 1_700_000_000_123n, tu2: -1n, tn: -1n, lt: -86_400_000n },
    ];
    const frame = read(
      [
        { name: "d", type: { type: "int", logicalType: "date" } },
        { name: "tm", type: { type: "int", logicalType: "time-millis" } },
        { name: "tu", type: { type: "long", logicalType: "time-micros" } },
        { name: "ts", type: { type: "long", logicalType: "timestamp-millis" } },
        { name: "tu2", type: { type: "long", logicalType: "timestamp-micros" } },
        { name: "tn", type: { type: "long", logicalType: "timestamp-nanos" } },
        { name: "lt", type: { type: "long", logicalType: "local-timestamp-millis" } },
      ],
      records,
    );
    expect(frame.columns.map((c) => dtype(frame, c))).toEqual([
      "DataType(Date)",
      "DataType(Time)",
      "DataType(Time)",
      "DataType(Datetime(ms,UTC))",
      "DataType(Datetime(us,UTC))",
      "DataType(Datetime(ns,UTC))",
      "DataType(Datetime(ms,))",
    ]);
    expect(texts(frame, "d")).toEqual(records.map((r) => new Date(r.d * day).toISOString().slice(0, 10)));
    // Polars' Time counts nanoseconds since midnight.
    expect(physical(frame, "tm")).toEqual(records.map((r) => String(BigInt(r.tm) * 1_000_000n)));
    expect(physical(frame, "tu")).toEqual(records.map((r) => String(r.tu * 1000n)));
    for (const column of ["ts", "tu2", "tn", "lt"] as const) {
      expect(physical(frame, column)).toEqual(records.map((r) => String(r[column])));
    }
  });

  test("decimal on bytes and fixed → Decimal(precision, scale); past 38 digits → exact text", () => {
    // Two's-complement big-endian unscaled values.
    const unscaled = [-123n, 0n, 99999999999999999999999999999999999999n];
    const toBytes = (v: bigint, size?: number) => {
      let hex = BigInt.asUintN(8 * (size ?? 17), v).toString(16);
      hex = hex.padStart(2 * (size ?? 17), "0");
      return Buffer.from(hex, "hex");
    };
    const records = unscaled.map((v) => ({ b: toBytes(v), f: toBytes(v, 20), big: toBytes(v * 10n ** 5n, 24) }));
    const frame = read(
      [
        { name: "b", type: { type: "bytes", logicalType: "decimal", precision: 38, scale: 2 } },
        { name: "f", type: { type: "fixed", name: "D20", size: 20, logicalType: "decimal", precision: 38, scale: 0 } },
        {
          name: "big",
          type: { type: "fixed", name: "D24", size: 24, logicalType: "decimal", precision: 50, scale: 7 },
        },
      ],
      records,
    );
    const scaled = (v: bigint, scale: number) => {
      const digits = (v < 0n ? -v : v).toString().padStart(scale + 1, "0");
      const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
      return v < 0n ? `-${text}` : text;
    };
    expect(dtype(frame, "b")).toBe("DataType(Decimal(38,2))");
    expect(texts(frame, "b")).toEqual(unscaled.map((v) => scaled(v, 2)));
    expect(texts(frame, "f")).toEqual(unscaled.map((v) => scaled(v, 0)));
    expect(dtype(frame, "big")).toBe("DataType(String)");
    expect(frame.getColumn("big").toArray() as unknown[]).toEqual(unscaled.map((v) => scaled(v * 10n ** 5n, 7)));
  });

  test("uuid (string and fixed 16) → String; duration → Struct{months, days, milliseconds}", () => {
    const uuid = "123e4567-e89b-12d3-a456-426614174000";
    const duration = Buffer.alloc(12);
    duration.writeUInt32LE(14, 0);
    duration.writeUInt32LE(3, 4);
    duration.writeUInt32LE(4_294_967_295, 8);
    const records = [{ us: uuid, uf: Buffer.from(uuid.replace(/-/g, ""), "hex"), du: duration }];
    const frame = read(
      [
        { name: "us", type: { type: "string", logicalType: "uuid" } },
        { name: "uf", type: { type: "fixed", name: "U", size: 16, logicalType: "uuid" } },
        { name: "du", type: { type: "fixed", name: "Dur", size: 12, logicalType: "duration" } },
      ],
      records,
    );
    expect(frame.getColumn("us").toArray() as unknown[]).toEqual([uuid]);
    expect(frame.getColumn("uf").toArray() as unknown[]).toEqual([uuid]);
    expect(frame.getColumn("du").toArray() as unknown[]).toEqual([
      { months: 14, days: 3, milliseconds: 4_294_967_295 },
    ]);
  });

  test("an unknown or invalid logical type reads as its underlying type", () => {
    const records = [{ a: 5, b: Buffer.from([1]) }];
    const frame = read(
      [
        { name: "a", type: { type: "int", logicalType: "made-up" } },
        { name: "b", type: { type: "bytes", logicalType: "decimal", precision: 2, scale: 3 } },
      ],
      records,
    );
    expect(dtype(frame, "a")).toBe("DataType(Int32)");
    expect(base64(frame, "b")).toEqual(["AQ=="]);
  });

  test("dates inside lists and structs, a nullable timestamp", () => {
    const records = [
      { ds: [0, -719162], st: { when: 1n }, nt: null },
      { ds: [], st: { when: -1n }, nt: 2n },
    ];
    const frame = read(
      [
        { name: "ds", type: { type: "array", items: { type: "int", logicalType: "date" } } },
        {
          name: "st",
          type: {
            type: "record",
            name: "S",
            fields: [{ name: "when", type: { type: "long", logicalType: "timestamp-micros" } }],
          },
        },
        { name: "nt", type: ["null", { type: "long", logicalType: "timestamp-millis" }] },
      ],
      records,
    );
    expect(dtype(frame, "ds")).toBe("DataType(List(DataType(Date)))");
    expect(frame.select(pl.col("ds").explode().cast(pl.Utf8)).getColumn("ds").toArray() as unknown[]).toEqual([
      "1970-01-01",
      "0001-01-01",
      null,
    ]);
    expect(
      frame.select(pl.col("st").struct.field("when").toPhysical().cast(pl.Utf8)).getColumn("when").toArray(),
    ).toEqual(["1", "-1"]);
    expect(physical(frame, "nt")).toEqual([null, "2"]);
  });
});
