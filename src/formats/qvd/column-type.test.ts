import { describe, expect, test } from "bun:test";
import { columnTypeOf, type QvdColumnType } from "./column-type";
import type { QvdFieldHeader, QvdNumberFormat } from "./header";
import { SymbolKind, type SymbolTable } from "./symbols";

type Sym = [kind: number, value: number | string];

function table(symbols: Sym[]): SymbolTable {
  return {
    count: symbols.length,
    kinds: Uint8Array.from(symbols.map(([k]) => k)),
    numbers: Float64Array.from(symbols.map(([, v]) => (typeof v === "number" ? v : 0))),
    texts: symbols.map(([k, v]) => (k === SymbolKind.Text ? String(v) : undefined)),
  };
}

function typeOf(format: QvdNumberFormat, symbols: Sym[], tags: string[] = []): QvdColumnType {
  const field: QvdFieldHeader = {
    name: "f",
    bitOffset: 0,
    bitWidth: 0,
    bias: 0,
    numberFormat: format,
    tags,
    noOfSymbols: symbols.length,
    offset: 0,
    length: 0,
  };
  return columnTypeOf(field, table(symbols));
}

const { Int, Double, Text, DualInt, DualDouble } = SymbolKind;

describe("columnTypeOf", () => {
  test("all int32 symbols (plain or dual) are Int64", () => {
    expect(
      typeOf("UNKNOWN", [
        [Int, 1],
        [DualInt, -5],
      ]),
    ).toBe("Int64");
    expect(typeOf("INTEGER", [[Int, 2147483647]])).toBe("Int64");
  });

  test("any double makes Float64, unless the field declares integers and every double is integral", () => {
    expect(
      typeOf("UNKNOWN", [
        [Int, 1],
        [Double, 2.5],
      ]),
    ).toBe("Float64");
    expect(
      typeOf("UNKNOWN", [
        [Int, 1],
        [DualDouble, 3e9],
      ]),
    ).toBe("Float64");
    expect(
      typeOf("INTEGER", [
        [Int, 1],
        [Double, 3e9],
      ]),
    ).toBe("Int64");
    expect(
      typeOf(
        "UNKNOWN",
        [
          [Int, 1],
          [DualDouble, 3e9],
        ],
        ["$numeric", "$integer"],
      ),
    ).toBe("Int64");
    expect(typeOf("INTEGER", [[Double, 2 ** 53]])).toBe("Float64");
    expect(typeOf("INTEGER", [[Double, 0.5]])).toBe("Float64");
  });

  test("REAL, FIX and MONEY are Float64 even when every symbol is an int", () => {
    for (const format of ["REAL", "FIX", "MONEY"] as const) expect(typeOf(format, [[Int, 0]])).toBe("Float64");
  });

  test("any text symbol, or an ASCII format, makes String", () => {
    expect(
      typeOf("UNKNOWN", [
        [Text, "NULL"],
        [DualInt, 14],
      ]),
    ).toBe("String");
    expect(
      typeOf("DATE", [
        [Text, "n/a"],
        [Int, 40000],
      ]),
    ).toBe("String");
    expect(typeOf("ASCII", [[DualInt, 1]])).toBe("String");
    expect(typeOf("UNKNOWN", [[Text, "a"]])).toBe("String");
  });

  test("dates: DATE or the $date tag, integral serials; fractional ones keep their time", () => {
    expect(typeOf("DATE", [[Int, 40182]])).toBe("Date");
    expect(typeOf("UNKNOWN", [[DualInt, 40182]], ["$numeric", "$integer", "$timestamp", "$date"])).toBe("Date");
    expect(typeOf("DATE", [[Double, 40182.5]])).toBe("Datetime");
    expect(typeOf("DATE", [[Double, 1e300]])).toBe("Float64");
    expect(typeOf("DATE", [[Double, Number.NaN]])).toBe("Float64");
    // Tags count only when the NumberFormat says nothing.
    expect(typeOf("INTEGER", [[Int, 40182]], ["$date"])).toBe("Int64");
  });

  test("timestamps, times and intervals", () => {
    expect(typeOf("TIMESTAMP", [[Int, 41764]])).toBe("Datetime");
    expect(typeOf("UNKNOWN", [[Double, 41764.25]], ["$timestamp"])).toBe("Datetime");
    expect(typeOf("TIMESTAMP", [[Double, Number.POSITIVE_INFINITY]])).toBe("Float64");
    expect(
      typeOf("TIME", [
        [Double, 0.25],
        [Int, 0],
      ]),
    ).toBe("Time");
    expect(typeOf("TIME", [[Double, 1.25]])).toBe("Duration");
    expect(typeOf("TIME", [[Double, 0.9999999999]])).toBe("Duration"); // rounds to 24:00:00
    expect(typeOf("INTERVAL", [[Double, -2.5]])).toBe("Duration");
    expect(typeOf("INTERVAL", [[Double, 1e300]])).toBe("Float64");
  });

  test("a field without symbols takes its type from its NumberFormat", () => {
    const cases: [QvdNumberFormat, QvdColumnType][] = [
      ["UNKNOWN", "String"],
      ["ASCII", "String"],
      ["INTEGER", "Int64"],
      ["REAL", "Float64"],
      ["MONEY", "Float64"],
      ["DATE", "Date"],
      ["TIMESTAMP", "Datetime"],
      ["TIME", "Time"],
      ["INTERVAL", "Duration"],
    ];
    for (const [format, type] of cases) expect(typeOf(format, [])).toBe(type);
  });
});
