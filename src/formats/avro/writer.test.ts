import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pl, { type DataType } from "nodejs-polars";
import {
  collect,
  expectDataSourceError,
  failingFrame,
  rowsOf,
  SAMPLE_ROWS,
  sampleFrame,
  tempFolder,
} from "../../../tests/helpers/format-samples";
import { avscRead } from "./avro-files.fixture";
import { AvroFile, readHeader } from "./container";
import { countAvroRows, scanAvro } from "./reader";
import { writeAvro } from "./writer";

const tmp = tempFolder("avro-write");
afterAll(tmp.cleanup);

/** Writes `frame` and reads it back with our reader. */
function roundTrip(frame: pl.DataFrame, name: string, compression?: string): pl.DataFrame {
  const path = join(tmp.dir, name);
  expect(writeAvro(frame.lazy(), path, compression ? { compression } : {})).toEqual({ rows: frame.height });
  return collect(scanAvro(path, {}));
}

/** Typed arrays of 64-bit ints build exact Int64/UInt64 series (the typings of pl.Series leave them out). */
function bigints(values: bigint[]): number[] {
  return new BigInt64Array(values) as unknown as number[];
}

function ubigints(values: bigint[]): number[] {
  return new BigUint64Array(values) as unknown as number[];
}

function dtypeOf(frame: pl.DataFrame, column: string): string {
  return String(frame.getColumn(column).dtype);
}

/** Physical values (days, epoch units, nanoseconds, integers) as exact text. */
function physical(frame: pl.DataFrame, column: string): unknown[] {
  return frame.select(pl.col(column).toPhysical().cast(pl.Utf8)).getColumn(column).toArray();
}

function codecOf(path: string): string {
  const file = new AvroFile(path, statSync(path).size);
  try {
    return readHeader(file).codec;
  } finally {
    file.close();
  }
}

describe("writeAvro round trips through the reader", () => {
  test("the sample rows come back equal, types included", () => {
    const back = roundTrip(sampleFrame(), "sample.avro");
    expect(rowsOf(back)).toEqual(SAMPLE_ROWS);
    expect(back.dtypes.map(String)).toEqual([
      "DataType(Int64)",
      "DataType(Float64)",
      "DataType(String)",
      "DataType(Bool)",
      "DataType(Date)",
      "DataType(Datetime(ms,))",
    ]);
  });

  test("ints of every width keep their values; Avro has int and long only, so narrow ones widen", () => {
    const columns: [string, DataType, (number | bigint | null)[], string][] = [
      ["i8", pl.Int8, [-128, 127, null], "Int32"],
      ["i16", pl.Int16, [-32768, 32767, null], "Int32"],
      ["i32", pl.Int32, [-2147483648, 2147483647, null], "Int32"],
      ["u8", pl.UInt8, [0, 255, null], "Int32"],
      ["u16", pl.UInt16, [0, 65535, null], "Int32"],
      ["u32", pl.UInt32, [0, 4294967295, null], "Int64"],
    ];
    const frame = pl
      .DataFrame(columns.map(([name, dtype, values]) => pl.Series(name, values, dtype)))
      .withColumns(
        pl.Series("i64", bigints([-9223372036854775808n, 9223372036854775807n, 0n])),
        pl.Series("u64", ubigints([0n, 9223372036854775807n, 1n])),
      );
    const back = roundTrip(frame, "ints.avro");
    for (const [name, , values, widened] of columns) {
      expect(dtypeOf(back, name)).toBe(`DataType(${widened})`);
      expect(physical(back, name)).toEqual(values.map((v) => (v === null ? null : String(v))));
    }
    expect(physical(back, "i64")).toEqual(["-9223372036854775808", "9223372036854775807", "0"]);
    expect(physical(back, "u64")).toEqual(["0", "9223372036854775807", "1"]);
  });

  test("floats, unicode text, booleans and nulls", () => {
    const f32 = [1.5, -0.25, null, 3.4e38];
    const f64 = [Number.NaN, Number.NEGATIVE_INFINITY, null, 1e-300];
    const text = ["日本語 🚀", "", null, 'quote " comma, new\nline'];
    const bools = [true, false, null, true];
    const frame = pl.DataFrame([
      pl.Series("f32", f32, pl.Float32),
      pl.Series("f64", f64, pl.Float64),
      pl.Series("s", text, pl.Utf8),
      pl.Series("b", bools, pl.Bool),
    ]);
    const back = roundTrip(frame, "floats.avro", "deflate");
    expect(back.dtypes.map(String)).toEqual([
      "DataType(Float32)",
      "DataType(Float64)",
      "DataType(String)",
      "DataType(Bool)",
    ]);
    expect(back.getColumn("f32").toArray() as unknown[]).toEqual(f32.map((v) => (v === null ? null : Math.fround(v))));
    expect(back.getColumn("f64").toArray() as unknown[]).toEqual(f64);
    expect(back.getColumn("s").toArray() as unknown[]).toEqual(text);
    expect(back.getColumn("b").toArray() as unknown[]).toEqual(bools);
  });

  test("dates and datetimes: naive stay naive, zoned become UTC instants, ns is exact, Time keeps µs", () => {
    const ms = [-2208988800000n, 0n, 1704110400123n];
    const ns = [-1n, 1704110400123456789n, 0n];
    const timeNs = [0n, 3723123456789n, 86399999999999n];
    const frame = pl.DataFrame([
      pl.Series("day", new Int32Array([-719162, 0, 19723])).cast(pl.Date),
      pl.Series("naive_ms", bigints(ms)).cast(pl.Datetime("ms")),
      pl.Series("naive_us", bigints(ms)).cast(pl.Datetime("us")),
      pl.Series("naive_ns", bigints(ns)).cast(pl.Datetime("ns")),
      pl.Series("utc_ms", bigints(ms)).cast(pl.Datetime("ms", "UTC")),
      pl.Series("berlin_us", bigints(ms)).cast(pl.Datetime("us", "Europe/Berlin")),
      pl.Series("utc_ns", bigints(ns)).cast(pl.Datetime("ns", "UTC")),
      pl.Series("time", bigints(timeNs)).cast(pl.Time),
    ]);
    const back = roundTrip(frame, "times.avro");
    expect(back.dtypes.map(String)).toEqual([
      "DataType(Date)",
      "DataType(Datetime(ms,))",
      "DataType(Datetime(us,))",
      "DataType(Datetime(ns,))",
      "DataType(Datetime(ms,UTC))",
      "DataType(Datetime(us,UTC))",
      "DataType(Datetime(ns,UTC))",
      "DataType(Time)",
    ]);
    expect(physical(back, "day")).toEqual(["-719162", "0", "19723"]);
    for (const column of ["naive_ms", "naive_us", "utc_ms", "berlin_us"]) {
      expect(physical(back, column)).toEqual(ms.map(String));
    }
    expect(physical(back, "naive_ns")).toEqual(ns.map(String));
    expect(physical(back, "utc_ns")).toEqual(ns.map(String));
    expect(physical(back, "time")).toEqual(timeNs.map((t) => String(t - (t % 1000n))));
  });

  test("lists and structs, nested conversions inside them, null structs staying null", () => {
    const base = pl.DataFrame([
      pl.Series("l8", [[1, -2], null, []], pl.List(pl.Int8)),
      pl.Series("ls", [["a", null], null, ["ü"]], pl.List(pl.Utf8)),
      pl.Series("a", [1, null, 3], pl.Int16),
      pl.Series("t", bigints([1n, 2n, 3n])).cast(pl.Datetime("ms", "UTC")),
    ]);
    const frame = base
      .withColumns(
        pl.struct([pl.col("a"), pl.col("t")]).alias("st"),
        pl.concatList([pl.struct([pl.col("a"), pl.col("t")])]).alias("lst"),
        pl
          .concatList([pl.col("a").cast(pl.Int8), pl.lit(7).cast(pl.Int8)])
          .cast(pl.FixedSizeList(pl.Int8, 2))
          .alias("fixed"),
      )
      .withColumns(pl.when(pl.col("a").isNull()).then(pl.lit(null)).otherwise(pl.col("st")).alias("st"));
    const back = roundTrip(frame, "nested.avro", "snappy");
    expect(dtypeOf(back, "l8")).toBe("DataType(List(DataType(Int32)))");
    expect(back.getColumn("l8").toArray() as unknown[]).toEqual([[1, -2], null, []]);
    expect(back.getColumn("ls").toArray() as unknown[]).toEqual([["a", null], null, ["ü"]]);
    expect(back.select(pl.col("st").isNull()).getColumn("st").toArray() as unknown[]).toEqual([false, true, false]);
    expect(dtypeOf(back, "st")).toBe(
      'DataType(Struct(Field("a", DataType(Int32)),Field("t", DataType(Datetime(ms,UTC)))))',
    );
    expect(dtypeOf(back, "fixed")).toBe("DataType(List(DataType(Int32)))");
    expect(back.getColumn("fixed").toArray() as unknown[]).toEqual([
      [1, 7],
      [null, 7],
      [3, 7],
    ]);
    const inner = back.select(pl.col("lst").explode().struct.field("t").toPhysical().cast(pl.Utf8));
    expect(inner.getColumn("t").toArray() as unknown[]).toEqual(["1", "2", "3"]);
  });

  test("categorical → String, a Null column → all-null String, Binary → Binary, Decimal → Decimal", () => {
    const frame = pl
      .DataFrame({ c: ["x", null, "y"], b64: ["AAH/", null, ""], d: ["1.25", null, "-99999999.99"] })
      .select(
        pl.col("c").cast(pl.Categorical),
        pl.lit(null).alias("n"),
        pl.col("b64").str.decode("base64").alias("bin"),
        pl.col("d").cast(pl.Decimal(10, 2)),
      );
    const back = roundTrip(frame, "others.avro");
    expect(back.getColumn("c").toArray() as unknown[]).toEqual(["x", null, "y"]);
    expect(dtypeOf(back, "n")).toBe("DataType(String)");
    expect(back.getColumn("n").toArray() as unknown[]).toEqual([null, null, null]);
    const bytes = back
      .select(pl.col("bin").cast(pl.List(pl.UInt8)))
      .getColumn("bin")
      .toArray() as unknown as (number[] | null)[];
    expect(bytes.map((b) => (b ? Buffer.from(b).toString("base64") : null))).toEqual(["AAH/", null, ""]);
    expect(dtypeOf(back, "d")).toBe("DataType(Decimal(10,2))");
    expect(back.select(pl.col("d").cast(pl.Utf8)).getColumn("d").toArray() as unknown[]).toEqual([
      "1.25",
      null,
      "-99999999.99",
    ]);
  });

  test("column names that are not Avro names (spaces, unicode) are kept", () => {
    const frame = pl.DataFrame({ "unit price": [1.5], città: ["Zürich"] });
    expect(rowsOf(roundTrip(frame, "names é.avro"))).toEqual([{ "unit price": 1.5, città: "Zürich" }]);
  });

  test("an empty frame keeps its columns; 100,000 rows come back and are counted", () => {
    const empty = pl.DataFrame([pl.Series("a", [], pl.Int64), pl.Series("b", [], pl.Utf8)]);
    const back = roundTrip(empty, "empty.avro");
    expect([back.height, back.columns]).toEqual([0, ["a", "b"]]);
    const n = 100_000;
    const big = pl.DataFrame({
      i: Array.from({ length: n }, (_, i) => i),
      s: Array.from({ length: n }, (_, i) => `r${i}`),
    });
    const backBig = roundTrip(big, "big.avro", "deflate");
    expect(backBig.height).toBe(n);
    expect(backBig.getColumn("s").get(n - 1)).toBe(`r${n - 1}`);
    expect(countAvroRows(join(tmp.dir, "big.avro"), {})).toBe(n);
  });
});

describe("writeAvro output is valid Avro for another reader (avsc)", () => {
  test("record name Row, logical types set, values equal", async () => {
    const frame = pl.DataFrame([
      pl.Series("id", bigints([-9223372036854775808n, 5n])),
      pl.Series("name", ["ä", null]),
      pl.Series("small", [1, 2], pl.Int8),
      pl.Series("at", bigints([1n, -1n])).cast(pl.Datetime("ms", "UTC")),
      pl.Series("local", bigints([7n, 8n])).cast(pl.Datetime("us")),
      pl.Series("tags", [["x"], []], pl.List(pl.Utf8)),
    ]);
    const path = join(tmp.dir, "for-avsc.avro");
    writeAvro(frame.lazy(), path, {});
    const { schema, records } = await avscRead(readFileSync(path));
    const fields = (schema as { name: string; fields: { name: string; type: unknown }[] }).fields;
    expect((schema as { name: string }).name).toBe("Row");
    expect(Object.fromEntries(fields.map((f) => [f.name, f.type]))).toEqual({
      id: ["null", "long"],
      name: ["null", "string"],
      small: ["null", "int"],
      at: ["null", { type: "long", logicalType: "timestamp-millis" }],
      local: ["null", { type: "long", logicalType: "local-timestamp-micros" }],
      tags: ["null", { type: "array", items: ["null", "string"] }],
    });
    expect(records.map((r) => ({ ...(r as object) }))).toEqual([
      { id: -9223372036854775808n, name: "ä", small: 1, at: 1n, local: 7n, tags: ["x"] },
      { id: 5n, name: null, small: 2, at: -1n, local: 8n, tags: [] },
    ]);
  });
});

describe("writeAvro options and errors", () => {
  const repetitive = pl.DataFrame({ s: Array.from({ length: 20_000 }, (_, i) => `value-${i % 7}`) });

  test("uncompressed by default (codec null); deflate and snappy shrink repetitive data; case does not matter", () => {
    const size = (compression: string | undefined, codec: string) => {
      const path = join(tmp.dir, `c-${compression}.avro`);
      writeAvro(repetitive.lazy(), path, compression ? { compression } : {});
      expect(codecOf(path)).toBe(codec);
      expect(collect(scanAvro(path, {})).getColumn("s").get(19_999)).toBe(`value-${19_999 % 7}`);
      return statSync(path).size;
    };
    const plain = size(undefined, "null");
    expect(size("uncompressed", "null")).toBe(plain);
    expect(size("deflate", "deflate")).toBeLessThan(plain / 4);
    expect(size("SNAPPY", "snappy")).toBeLessThan(plain / 2);
  });

  test("other compressions are refused naming the option and the supported ones", () => {
    const path = join(tmp.dir, "z.avro");
    expectDataSourceError(() => writeAvro(repetitive.lazy(), path, { compression: "zstd" }), path, '"zstd"', "deflate");
  });

  test("a Duration column is refused naming the column; the target and folder are left as they were", () => {
    const path = join(tmp.dir, "keep-dur.avro");
    writeFileSync(path, "old");
    const before = tmp.files();
    const frame = pl.DataFrame({ d: [1, 2] }).select(pl.col("d").cast(pl.Duration("ms")));
    expectDataSourceError(() => writeAvro(frame.lazy(), path, {}), path, 'column "d"', "Duration");
    expect(readFileSync(path, "utf8")).toBe("old");
    expect(tmp.files()).toEqual(before);
  });

  test("a UInt64 past Int64's range is refused naming the column", () => {
    const frame = pl.DataFrame([pl.Series("big", ubigints([18446744073709551615n]))]);
    expectDataSourceError(() => writeAvro(frame.lazy(), join(tmp.dir, "u64.avro"), {}), "u64.avro", "big");
  });

  test("a frame without columns is refused", () => {
    expectDataSourceError(() => writeAvro(pl.DataFrame({}).lazy(), join(tmp.dir, "none.avro"), {}), "no columns");
  });

  test("a failing frame leaves the old target untouched and no temp file", () => {
    const path = join(tmp.dir, "keep.avro");
    writeFileSync(path, "old");
    const before = tmp.files();
    expect(() => writeAvro(failingFrame(), path, {})).toThrow("conversion");
    expect(readFileSync(path, "utf8")).toBe("old");
    expect(tmp.files()).toEqual(before);
  });
});
