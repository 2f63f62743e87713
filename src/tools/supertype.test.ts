import { describe, expect, test } from "bun:test";
import pl, { type DataType } from "nodejs-polars";
import { dtypeName } from "./dtype";
import { supertype } from "./supertype";

const name = (a: DataType, b: DataType) => {
  const wider = supertype(a, b);
  return wider ? dtypeName(wider) : undefined;
};

describe("supertype", () => {
  test.each([
    [pl.Int32, pl.Int64, "Int64"],
    [pl.Int8, pl.Int16, "Int16"],
    [pl.UInt8, pl.UInt32, "UInt32"],
    [pl.UInt8, pl.Int8, "Int16"],
    [pl.UInt32, pl.Int64, "Int64"],
    [pl.UInt32, pl.Int32, "Int64"],
    [pl.UInt64, pl.Int64, "Float64"],
    [pl.Int64, pl.Float32, "Float64"],
    [pl.Float32, pl.Float64, "Float64"],
    [pl.Float32, pl.Float32, "Float32"],
    [pl.Null, pl.String, "String"],
    [pl.Date, pl.Null, "Date"],
    [pl.Categorical, pl.String, "String"],
    [pl.Date, pl.Datetime("ms"), "Datetime(ms)"],
    [pl.Datetime("ns"), pl.Date, "Datetime(ns)"],
    [pl.Datetime("ms"), pl.Datetime("ns"), "Datetime(ns)"],
    [pl.Datetime("us", "UTC"), pl.Datetime("ms", "UTC"), "Datetime(us, UTC)"],
    [pl.Decimal(38, 2), pl.Decimal(38, 16), "Decimal(38, 16)"],
    [pl.Decimal(12, 2), pl.Decimal(20, 16), "Decimal(26, 16)"],
    [pl.Decimal(10, 2), pl.Decimal(5, 4), "Decimal(12, 4)"],
    [pl.Decimal(10, 2), pl.Int64, "Decimal(21, 2)"],
    [pl.Decimal(10, 2), pl.UInt8, "Decimal(10, 2)"],
    [pl.Decimal(38, 20), pl.Int64, "Decimal(38, 20)"],
    [pl.Decimal(10, 2), pl.Float32, "Float64"],
  ] as [DataType, DataType, string][])("%p + %p", (a, b, expected) => {
    expect(name(a, b)).toBe(expected);
    expect(name(b, a)).toBe(expected);
  });

  test.each([
    [pl.String, pl.Int64],
    [pl.String, pl.Float64],
    [pl.Bool, pl.Int32],
    [pl.Date, pl.String],
    [pl.Datetime("us", "UTC"), pl.Datetime("us")],
    [pl.Datetime("us", "Europe/Paris"), pl.Datetime("us", "UTC")],
    [pl.Date, pl.Int32],
    [pl.Decimal(10, 2), pl.String],
    [pl.Decimal(10, 2), pl.Bool],
  ] as [DataType, DataType][])("%p + %p cannot be combined", (a, b) => {
    expect(supertype(a, b)).toBeUndefined();
    expect(supertype(b, a)).toBeUndefined();
  });
});

describe("dtypeName", () => {
  test("uses Polars' names", () => {
    expect(dtypeName(pl.Bool)).toBe("Boolean");
    expect(dtypeName(pl.Utf8)).toBe("String");
    expect(dtypeName(pl.Int64)).toBe("Int64");
    expect(dtypeName(pl.Datetime("us"))).toBe("Datetime(us)");
    expect(dtypeName(pl.Datetime("ms", "UTC"))).toBe("Datetime(ms, UTC)");
    expect(dtypeName(pl.List(pl.Int64))).toBe("List(Int64)");
    expect(dtypeName(pl.Duration("ms"))).toBe("Duration(ms)");
  });
});
