import { describe, expect, test } from "bun:test";
import { VarDataError, type VarRange, varRange } from "./var-data";

// A record with one variable field at offset 2 of a 6-byte fixed part, then the 4-byte total
// variable length at 6, then the variable data from byte 10.
const FIXED = 6;
const FIELD = 2;

function record(ref: number, varBytes: number[] = []): Buffer {
  const b = Buffer.alloc(FIXED + 4 + varBytes.length);
  b.writeUInt32LE(ref >>> 0, FIELD);
  b.writeUInt32LE(varBytes.length, FIXED);
  Buffer.from(varBytes).copy(b, FIXED + 4);
  return b;
}

/** The value's text, or null. */
function varData(bytes: Buffer, offset: number, fixedSize: number): string | null {
  const range: VarRange = { start: -1, end: -1 };
  // The record sits 3 bytes into a larger buffer, as records sit inside a block.
  const block = Buffer.concat([Buffer.from("xyz"), bytes, Buffer.from("!")]);
  const found = varRange(block, 3, 3 + bytes.length, 3 + offset, fixedSize, range);
  return found ? block.toString("latin1", range.start, range.end) : null;
}

describe("varData", () => {
  test("0 is empty, 1 is null", () => {
    expect(varData(record(0), FIELD, FIXED)).toBe("");
    expect(varData(record(1), FIELD, FIXED)).toBeNull();
  });

  test("values of 1 to 3 bytes sit in the reference itself", () => {
    expect(varData(record(0x10000000 | 0x41), FIELD, FIXED)).toBe("A");
    expect(varData(record(0x30000000 | 0x434241), FIELD, FIXED)).toBe("ABC");
  });

  test("a short value has a one-byte length (odd: length << 1 | 1)", () => {
    // The value starts 8 bytes after the field (byte 10).
    const bytes = [(4 << 1) | 1, 0x77, 0x78, 0x79, 0x7a];
    expect(varData(record(8, bytes), FIELD, FIXED)).toBe("wxyz");
  });

  test("a long value has a four-byte length (even: length << 1), and the high bit is ignored", () => {
    const value = Array.from({ length: 200 }, (_, i) => 65 + (i % 26));
    const length = [(200 << 1) & 0xff, (200 << 1) >> 8, 0, 0];
    const expected = Buffer.from(value).toString("latin1");
    expect(varData(record(8, [...length, ...value]), FIELD, FIXED)).toBe(expected);
    expect(varData(record(0x80000008, [...length, ...value]), FIELD, FIXED)).toBe(expected);
  });
});

describe("varData refuses references outside the record", () => {
  const cases: [string, Buffer, RegExp][] = [
    ["an inline value of more than 3 bytes", record(0x70000041), /inline value of 7 bytes/],
    ["a reference into the fixed part", record(2, [3, 0x41]), /at byte 4/],
    ["a reference past the record", record(100, [3, 0x41]), /at byte 102/],
    ["a one-byte length past the record", record(8, [(9 << 1) | 1, 0x41]), /9 bytes/],
    ["a four-byte length cut off", record(8, [2, 0]), /cut off/],
    ["a four-byte length past the record", record(8, [0, 0x10, 0, 0, 0x41]), /2048 bytes/],
  ];
  for (const [label, bytes, message] of cases) {
    test(label, () => {
      expect(() => varData(bytes, FIELD, FIXED)).toThrow(VarDataError);
      expect(() => varData(bytes, FIELD, FIXED)).toThrow(message);
    });
  }
});
