import { describe, expect, test } from "bun:test";
import { expectDataSourceError } from "../../../tests/helpers/format-samples";
import type { QvdFieldHeader } from "./header";
import { parseSymbols, SymbolKind, symbolText } from "./symbols";

const PATH = "/data/t.qvd";

function field(noOfSymbols: number, length: number): QvdFieldHeader {
  return {
    name: "Größe",
    bitOffset: 0,
    bitWidth: 8,
    bias: 0,
    numberFormat: "UNKNOWN",
    tags: [],
    noOfSymbols,
    offset: 0,
    length,
  };
}

// Byte builders written out by hand, independent of the test writer.
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
};
const float64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(n);
  return b;
};
const cstr = (s: string) => Buffer.from(`${s}\0`, "utf8");
const parse = (parts: Buffer[], count: number) => {
  const bytes = Buffer.concat(parts);
  return parseSymbols(bytes, field(count, bytes.length), PATH);
};

describe("parseSymbols", () => {
  test("every symbol type, with extremes, unicode and an empty text", () => {
    const table = parse(
      [
        Buffer.from([1]),
        int32(-2147483648),
        Buffer.from([2]),
        float64(-0.1),
        Buffer.from([4]),
        cstr("日本語 🚀 é"),
        Buffer.from([5]),
        int32(2147483647),
        cstr("2147483647"),
        Buffer.from([6]),
        float64(6.5511886764042355),
        cstr("6.551188676404236"),
        Buffer.from([4]),
        cstr(""),
      ],
      6,
    );
    expect(table.count).toBe(6);
    expect(Array.from(table.kinds)).toEqual([1, 2, 4, 5, 6, 4]);
    expect(table.numbers[0]).toBe(-2147483648);
    expect(table.numbers[1]).toBe(-0.1);
    expect(table.numbers[3]).toBe(2147483647);
    expect(table.numbers[4]).toBe(6.5511886764042355);
    expect(table.texts).toEqual([undefined, undefined, "日本語 🚀 é", "2147483647", "6.551188676404236", ""]);
    // The text form: a dual's own text (even where it disagrees with its number), else the number.
    expect([0, 1, 2, 3, 4, 5].map((i) => symbolText(table, i))).toEqual([
      "-2147483648",
      "-0.1",
      "日本語 🚀 é",
      "2147483647",
      "6.551188676404236",
      "",
    ]);
  });

  test("an empty table", () => {
    expect(parse([], 0).count).toBe(0);
  });

  test("the kinds are the documented type bytes", () => {
    expect(SymbolKind).toEqual({ Int: 1, Double: 2, Text: 4, DualInt: 5, DualDouble: 6 });
  });

  const damaged: [string, Buffer[], number, string][] = [
    ["unknown type byte", [Buffer.from([3]), int32(1)], 1, "unknown type byte 3"],
    ["type byte 0", [Buffer.from([0, 0])], 1, "unknown type byte 0"],
    ["int cut short", [Buffer.from([1, 1, 2])], 1, "cut short"],
    ["double cut short", [Buffer.from([2]), int32(0)], 1, "cut short"],
    ["dual int without its text", [Buffer.from([5]), int32(1)], 1, "no terminating NUL"],
    ["text without NUL", [Buffer.from([4]), Buffer.from("abc")], 1, "no terminating NUL"],
    ["fewer symbols than declared", [Buffer.from([1]), int32(1)], 2, "end after 1 of 2"],
    ["bytes left over", [Buffer.from([1]), int32(1), Buffer.from([1]), int32(2)], 1, "5 bytes follow"],
  ];
  for (const [label, parts, count, problem] of damaged) {
    test(`damaged: ${label}`, () => {
      expectDataSourceError(() => parse(parts, count), PATH, 'field "Größe"', problem);
    });
  }
});
