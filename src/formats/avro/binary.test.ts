import { describe, expect, test } from "bun:test";
import avro from "avsc";
import { AvroCursor, AvroOutput, CorruptAvroError, EndOfDataError } from "./binary";

/** Values around every varint length and the 2^53 boundary, as BigInt. */
const LONGS: bigint[] = [
  0n,
  -1n,
  1n,
  63n,
  -64n,
  64n,
  -65n,
  2n ** 31n - 1n,
  -(2n ** 31n),
  2n ** 48n,
  -(2n ** 48n) - 1n,
  2n ** 52n,
  2n ** 53n - 1n,
  -(2n ** 53n) + 1n,
  2n ** 53n,
  -(2n ** 53n),
  2n ** 62n,
  2n ** 63n - 1n,
  -(2n ** 63n),
];

function encode(value: number | bigint): Uint8Array {
  const out = new AvroOutput(1);
  out.long(value);
  return out.view().slice();
}

describe("zig-zag varint longs", () => {
  test("integers up to 2^52 (avsc's limit) encode exactly as avsc encodes them, and decode back as numbers", () => {
    const avscLong = avro.Type.forSchema("long");
    for (const value of LONGS.filter((v) => v >= -(2n ** 52n) && v <= 2n ** 52n)) {
      const n = Number(value);
      expect([...encode(n)]).toEqual([...avscLong.toBuffer(n)]);
      expect(new AvroCursor(encode(n), "test").long()).toBe(n);
    }
  });

  test("past 2^53 a long decodes as an exact BigInt; the int64 extremes have their known bytes", () => {
    for (const value of LONGS) {
      const decoded = new AvroCursor(encode(value), "test").long();
      expect(BigInt(decoded)).toBe(value);
      expect(typeof decoded).toBe(value >= -(2n ** 53n) + 1n && value <= 2n ** 53n - 1n ? "number" : "bigint");
    }
    expect([...encode(-(2n ** 63n))]).toEqual([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
    expect([...encode(2n ** 63n - 1n)]).toEqual([0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
  });

  test("a varint past 64 bits, one that never ends, and one cut short are refused", () => {
    const tooBig = Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]);
    expect(() => new AvroCursor(tooBig, "test").long()).toThrow(CorruptAvroError);
    expect(() => new AvroCursor(new Uint8Array(11).fill(0x80), "test").long()).toThrow("longer than 10 bytes");
    expect(() => new AvroCursor(Uint8Array.from([0x80, 0x80]), "test").long()).toThrow(EndOfDataError);
  });

  test("copyVarint checks int and long ranges while copying the bytes unchanged", () => {
    const out = new AvroOutput(1);
    const int32Max = encode(2147483647);
    new AvroCursor(int32Max, "test").copyVarint(out, 5, 0x0f);
    expect([...out.view()]).toEqual([...int32Max]);
    const past = encode(2147483648 * 2);
    expect(() => new AvroCursor(past, "test").copyVarint(new AvroOutput(), 5, 0x0f)).toThrow("32 bits");
  });
});

describe("cursor reads", () => {
  test("length-prefixed bytes, floats and doubles; a negative length or a short buffer is refused", () => {
    const out = new AvroOutput(1);
    out.lengthPrefixed(new TextEncoder().encode("héllo"));
    out.double(-0.1);
    const cursor = new AvroCursor(out.view(), "test");
    expect(new TextDecoder().decode(cursor.lengthPrefixed())).toBe("héllo");
    expect(cursor.double()).toBe(-0.1);
    expect(cursor.remaining).toBe(0);
    expect(() => new AvroCursor(Uint8Array.from([1]), "test").lengthPrefixed()).toThrow("length of -1");
    expect(() => new AvroCursor(Uint8Array.from([10, 1]), "test").lengthPrefixed()).toThrow(EndOfDataError);
    expect(() => new AvroCursor(Uint8Array.from([0, 0]), "test").float()).toThrow(EndOfDataError);
  });
});
