import { describe, expect, test } from "bun:test";
import { lzfCompress } from "./build-yxdb.fixture";
import { LzfError, lzfDecompress } from "./lzf";

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, "latin1"));

/** Decompresses into a buffer of `capacity` bytes and answers the bytes written. */
function decompress(input: Uint8Array, capacity = 1024): Uint8Array {
  const output = new Uint8Array(capacity);
  const n = lzfDecompress(input, output);
  return output.subarray(0, n);
}

describe("lzfDecompress on hand-made input", () => {
  test("empty input gives nothing", () => {
    expect(decompress(bytes())).toEqual(bytes());
  });

  test("a literal run copies ctrl + 1 bytes", () => {
    expect(decompress(bytes(2, 0x61, 0x62, 0x63))).toEqual(ascii("abc"));
  });

  test("the longest literal run (ctrl 31) copies 32 bytes", () => {
    const run = Array.from({ length: 32 }, (_, i) => i * 7);
    expect(decompress(bytes(31, ...run))).toEqual(bytes(...run));
  });

  test("a short back-reference copies length + 2 bytes from distance + 1 back", () => {
    // "abcd", then copy 3 bytes (code 1) from 4 back (distance byte 3): "abc".
    expect(decompress(bytes(3, 0x61, 0x62, 0x63, 0x64, 1 << 5, 3))).toEqual(ascii("abcdabc"));
  });

  test("an overlapping back-reference repeats bytes", () => {
    // "ab", then 8 bytes (code 6) from 2 back: "abababab".
    expect(decompress(bytes(1, 0x61, 0x62, 6 << 5, 1))).toEqual(ascii("ababababab"));
  });

  test("length code 7 takes an extra length byte; the high distance bits come from ctrl", () => {
    // 300 'x' literals in 10 runs of 30, then a reference of 7 + 10 + 2 = 19 bytes from 257 back.
    const literals: number[] = [];
    for (let i = 0; i < 10; i++) literals.push(29, ...Array.from({ length: 30 }, (_, j) => (i * 30 + j) % 251));
    const plain = Array.from({ length: 300 }, (_, k) => k % 251);
    const distance = 257 - 1;
    const out = decompress(bytes(...literals, (7 << 5) | (distance >> 8), 10, distance & 0xff));
    expect([...out]).toEqual([...plain, ...plain.slice(300 - 257, 300 - 257 + 19)]);
  });

  test("the longest reference (264 bytes from one byte back) fills a run", () => {
    expect(decompress(bytes(0, 0x7a, (7 << 5) | 0, 255, 0))).toEqual(ascii("z".repeat(265)));
  });

  test("output that exactly fills the buffer is fine", () => {
    expect(decompress(bytes(2, 1, 2, 3), 3)).toEqual(bytes(1, 2, 3));
  });
});

describe("lzfDecompress refuses hostile input", () => {
  const cases: [string, Uint8Array, RegExp, number?][] = [
    ["a back-reference before the start of the output", bytes(0, 0x61, 1 << 5, 5), /before the start/],
    ["a back-reference with no output at all", bytes(1 << 5, 0), /before the start/],
    ["a literal run past the end of the input", bytes(5, 1, 2), /passes the end/],
    ["a back-reference missing its distance byte", bytes(0, 0x61, 1 << 5), /cut off/],
    ["a long back-reference missing its length byte", bytes(0, 0x61, 7 << 5), /cut off/],
    ["a long back-reference missing its distance byte", bytes(0, 0x61, 7 << 5, 4), /cut off/],
    ["literals overflowing the output", bytes(3, 1, 2, 3, 4), /more than 3 bytes/, 3],
    ["a back-reference overflowing the output", bytes(0, 0x61, 6 << 5, 0), /more than 5 bytes/, 5],
  ];
  for (const [label, input, message, capacity] of cases) {
    test(label, () => {
      expect(() => decompress(input, capacity)).toThrow(LzfError);
      expect(() => decompress(input, capacity)).toThrow(message);
    });
  }

  test("random garbage either decodes within bounds or throws LzfError, never anything else", () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 0xff;
    };
    for (let round = 0; round < 2000; round++) {
      const input = Uint8Array.from({ length: 1 + (round % 64) }, random);
      try {
        const out = decompress(input, 256);
        expect(out.length).toBeLessThanOrEqual(256);
      } catch (error) {
        expect(error).toBeInstanceOf(LzfError);
      }
    }
  });
});

describe("lzfDecompress undoes an independent compressor", () => {
  const samples: [string, Uint8Array][] = [
    ["text", ascii("the quick brown fox jumps over the lazy dog; the quick brown fox again. ".repeat(40))],
    ["zeros", new Uint8Array(70_000)],
    ["a counter", Uint8Array.from({ length: 50_000 }, (_, i) => (i * 31) % 256)],
  ];
  for (const [label, plain] of samples) {
    test(label, () => {
      const packed = lzfCompress(plain);
      expect(packed.length).toBeLessThan(plain.length);
      expect(decompress(packed, plain.length)).toEqual(plain);
    });
  }
});
