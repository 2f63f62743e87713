import { describe, expect, test } from "bun:test";
import pl, { type DataType } from "nodejs-polars";
import { ValidationError } from "../shared/errors";
import { dtypeName, OpaqueDtype, seriesDtype } from "./dtype";
import { parseDtype } from "./parse-dtype";

const SCALARS: [DataType, string][] = [
  [pl.Int8, "Int8"],
  [pl.Int16, "Int16"],
  [pl.Int32, "Int32"],
  [pl.Int64, "Int64"],
  [pl.UInt8, "UInt8"],
  [pl.UInt16, "UInt16"],
  [pl.UInt32, "UInt32"],
  [pl.UInt64, "UInt64"],
  [pl.Float32, "Float32"],
  [pl.Float64, "Float64"],
  [pl.Bool, "Boolean"],
  [pl.String, "String"],
  [pl.Date, "Date"],
  [pl.Time, "Time"],
  [pl.Categorical, "Categorical"],
  [pl.Datetime("ms"), "Datetime(ms)"],
  [pl.Datetime("us"), "Datetime(us)"],
  [pl.Datetime("ns"), "Datetime(ns)"],
  [pl.Datetime("ms", "UTC"), "Datetime(ms, UTC)"],
  [pl.Datetime("us", "America/New_York"), "Datetime(us, America/New_York)"],
  [pl.Duration("us"), "Duration(us)"],
  [pl.Duration("ns"), "Duration(ns)"],
  [pl.Decimal(10, 2), "Decimal(10, 2)"],
  [pl.Decimal(38, 0), "Decimal(38, 0)"],
];

describe("dtypeName", () => {
  test.each(SCALARS)("%p is named %s", (dt, name) => {
    expect(dtypeName(dt)).toBe(name);
  });

  test("Utf8, Null, Object and types without a JS class", () => {
    expect(dtypeName(pl.Utf8)).toBe("String");
    expect(dtypeName(pl.Null)).toBe("Null");
    expect(dtypeName(pl.Object)).toBe("Object");
    expect(dtypeName(new OpaqueDtype("Binary"))).toBe("Binary");
    expect(dtypeName(pl.List(new OpaqueDtype("Enum")))).toBe("List(Enum)");
  });

  test("nested types name their parts", () => {
    expect(dtypeName(pl.List(pl.Int64))).toBe("List(Int64)");
    expect(dtypeName(pl.List(pl.List(pl.Datetime("ns", "UTC"))))).toBe("List(List(Datetime(ns, UTC)))");
    expect(dtypeName(pl.FixedSizeList(pl.Int64, 3))).toBe("Array(Int64, 3)");
    const struct = pl.Struct([pl.Field.from("x", pl.Int8), pl.Field.from("it's ü", pl.List(pl.String))]);
    expect(dtypeName(struct)).toBe("Struct({'x': Int8, 'it\\'s ü': List(String)})");
  });

  test("a naive datetime read from a frame (time zone '' in nodejs-polars) has no zone in its name", () => {
    const s = pl.Series("t", ["1", null]).cast(pl.Int64).cast(pl.Datetime("us"));
    expect(dtypeName(s.dtype)).toBe("Datetime(us)");
  });
});

describe("seriesDtype", () => {
  const ints = pl.Series("i", ["1", null, "86400000000000"]).cast(pl.Int64);
  const hex = pl.Series("b", ["00ff", null, "e697a5"]).str.decode("hex");

  test("reads the real unit of a Duration, which nodejs-polars reports as ms", () => {
    const d = ints.cast(pl.Duration("ns"));
    expect(dtypeName(d.dtype)).toBe("Duration(ms)"); // the nodejs-polars 0.26.1 bug this works around
    expect(dtypeName(seriesDtype(d))).toBe("Duration(ns)");
    const frame = pl.DataFrame([d.alias("d"), ints.alias("n")]);
    const nested = frame
      .lazy()
      .select(pl.concatList([pl.col("d")]).alias("l"), pl.struct([pl.col("n"), pl.col("d")]).alias("s"))
      .collectSync();
    expect(dtypeName(seriesDtype(nested.getColumn("l")))).toBe("List(Duration(ns))");
    expect(dtypeName(seriesDtype(nested.getColumn("s")))).toBe("Struct({'n': Int64, 'd': Duration(ns)})");
  });

  test("names Binary, also inside a List and a Struct, where reading dtype throws", () => {
    expect(() => hex.dtype).toThrow(/Binary is not supported/);
    expect(dtypeName(seriesDtype(hex))).toBe("Binary");
    const frame = pl.DataFrame([hex, ints.alias("i")]);
    const nested = frame
      .lazy()
      .select(pl.concatList([pl.col("b")]).alias("l"), pl.struct([pl.col("i"), pl.col("b")]).alias("s"))
      .collectSync();
    expect(dtypeName(seriesDtype(nested.getColumn("l")))).toBe("List(Binary)");
    expect(dtypeName(seriesDtype(nested.getColumn("s")))).toBe("Struct({'i': Int64, 'b': Binary})");
  });

  test("is the plain dtype for everything else", () => {
    const s = pl.Series("s", ["a", null]).cast(pl.Categorical);
    expect(seriesDtype(s).equals(pl.Categorical)).toBe(true);
    expect(seriesDtype(ints).equals(pl.Int64)).toBe(true);
  });
});

describe("parseDtype", () => {
  test.each(SCALARS)("round-trips %p through its name %s", (dt, name) => {
    expect(parseDtype(name).equals(dt)).toBe(true);
    expect(dtypeName(parseDtype(name))).toBe(name);
  });

  test.each([
    ["int64", "Int64"],
    ["int", "Int64"],
    ["i32", "Int32"],
    ["pl.UInt16", "UInt16"],
    ["Int64()", "Int64"],
    ["float", "Float64"],
    ["FLOAT32", "Float32"],
    ["str", "String"],
    ["Utf8", "String"],
    ["bool", "Boolean"],
    ["Boolean", "Boolean"],
    ["date", "Date"],
    ["time", "Time"],
    ["datetime", "Datetime(us)"],
    ["Datetime", "Datetime(us)"],
    ["Datetime(ms)", "Datetime(ms)"],
    ["Datetime(us, UTC)", "Datetime(us, UTC)"],
    ["Datetime('ns', 'Europe/Paris')", "Datetime(ns, Europe/Paris)"],
    ["Datetime(time_unit='ms', time_zone='UTC')", "Datetime(ms, UTC)"],
    ["Datetime(time_unit='ms', time_zone=None)", "Datetime(ms)"],
    ["datetime[μs, UTC]", "Datetime(us, UTC)"],
    ["Duration(ns)", "Duration(ns)"],
    ["decimal", "Decimal(38, 0)"],
    ["Decimal(12, 4)", "Decimal(12, 4)"],
    ["cat", "Categorical"],
    ["List(Int64)", "List(Int64)"],
    ["list[str]", "List(String)"],
    ["List(List(Datetime(ms, UTC)))", "List(List(Datetime(ms, UTC)))"],
    ["Array(Int64, 3)", "Array(Int64, 3)"],
    ["Struct({'a': Int64, \"b c\": List(str)})", "Struct({'a': Int64, 'b c': List(String)})"],
  ])("%s is %s", (input, name) => {
    expect(dtypeName(parseDtype(input))).toBe(name);
  });

  test("round-trips nested names", () => {
    const struct = pl.Struct([pl.Field.from("é'x", pl.List(pl.Datetime("ns", "UTC"))), pl.Field.from("n", pl.Int8)]);
    expect(parseDtype(dtypeName(struct)).equals(struct)).toBe(true);
    expect(parseDtype("List(Int64)").equals(pl.List(pl.Int64))).toBe(true);
  });

  test("the parsed types work in a Polars cast", () => {
    const text = pl.Series("x", ["1", "-2", null]);
    expect(text.cast(parseDtype("int")).toArray() as unknown[]).toEqual([1, -2, null]);
    const stamps = text.cast(pl.Int64).cast(parseDtype("Datetime(ms, UTC)"));
    expect(dtypeName(stamps.dtype)).toBe("Datetime(ms, UTC)");
    expect(stamps.cast(pl.String).toArray() as unknown[]).toEqual([
      "1970-01-01 00:00:00.001+00:00",
      "1969-12-31 23:59:59.998+00:00",
      null,
    ]);
  });

  test.each([
    ["Int65", /Unknown data type "Int65"/],
    ["", /Unknown data type ""/],
    ["Datetime(xs)", /time unit must be ms, us or ns/],
    ["Datetime(us, Mars/Olympus)", /unknown time zone "Mars\/Olympus"/],
    ["List(Int64", /Unknown data type "List\(Int64"/],
    ["Int64 extra", /Unknown data type/],
    ["Decimal(p, 2)", /precision must be a whole number/],
    ["Binary", /Unknown data type "Binary"/],
    ["Struct({a: Int64})", /struct field names are quoted/],
    // Names of Object.prototype are not types (the alias table is looked up by own keys).
    ["constructor", /Unknown data type "constructor"/],
    ["toString", /Unknown data type "toString"/],
  ])("refuses %p", (input, message) => {
    expect(() => parseDtype(input)).toThrow(ValidationError);
    expect(() => parseDtype(input)).toThrow(message);
  });

  test("the refusal lists the accepted names", () => {
    expect(() => parseDtype("number")).toThrow(/accepted: Int8, Int16, .*Datetime\(us, <time zone>\).*str, bool/);
  });
});
