import { describe, expect, test } from "bun:test";
import { dtypeName } from "../tools/dtype";
import { parseDtype } from "../tools/parse-dtype";
import { pythonDtype } from "./python-dtype";

/** `pl.Datetime("ms", "UTC")` → `Datetime(ms, UTC)`: Python source in the form dtypeName prints. */
const asName = (python: string) => python.replaceAll("pl.", "").replace(/["']/g, "");

const NAMES = [
  "Int64",
  "int",
  "i8",
  "UInt32",
  "pl.Float32",
  "float",
  "double",
  "bool",
  "Boolean",
  "str",
  "Utf8",
  "String()",
  "date",
  "Time",
  "cat",
  "Datetime",
  "datetime[ms]",
  "Datetime(ms, UTC)",
  "Datetime(time_unit='ns', time_zone='Europe/Paris')",
  "datetime[μs, America/New_York]",
  "Duration(ms)",
  "Decimal(10, 2)",
  "Decimal",
  "List(Int64)",
  "list[str]",
  "Array(Float64, 3)",
  "Struct({'x': Int8, 'y': List(String)})",
];

describe("pythonDtype", () => {
  test.each(NAMES)("%s: the type Weft's parser reads, as Python source", (name) => {
    expect(asName(pythonDtype(name))).toBe(dtypeName(parseDtype(name)).replace(/'/g, ""));
  });

  test("source Python reads", () => {
    expect(pythonDtype("Datetime(ms, UTC)")).toBe('pl.Datetime("ms", "UTC")');
    expect(pythonDtype("Struct({'a b': list[i64]})")).toBe('pl.Struct({"a b": pl.List(pl.Int64)})');
  });

  test.each([
    "Int65",
    "Datetime(s)",
    "Datetime(ms, Mars/Olympus)",
    "List(",
    "Struct({x: Int8})",
    "Int64 Int64",
    "__import__('os')",
    "Decimal(a, 2)",
    "",
  ])("%j is refused, as by Weft's parser", (name) => {
    expect(() => parseDtype(name)).toThrow();
    expect(() => pythonDtype(name)).toThrow("Unknown data type");
  });
});
