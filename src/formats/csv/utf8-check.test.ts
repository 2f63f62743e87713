import { describe, expect, test } from "bun:test";
import { seededRandom as random } from "../../../tests/helpers/seeded-random";
import { Utf8Checker } from "./utf8-check";

/** The lines of `bytes` that a strict TextDecoder refuses: the oracle. */
function oracle(bytes: Uint8Array): number[] {
  const bad: number[] = [];
  let start = 0;
  let line = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(start, i));
      } catch {
        bad.push(line);
      }
      start = i + 1;
      line++;
    }
  }
  return bad;
}

function check(bytes: Uint8Array, chunk = bytes.length || 1): readonly number[] {
  const checker = new Utf8Checker();
  for (let i = 0; i < bytes.length; i += chunk) checker.push(bytes.subarray(i, i + chunk));
  checker.end();
  return checker.badLines;
}

describe("Utf8Checker", () => {
  test("valid text of every width, a BOM and U+FFFD itself are fine", () => {
    expect(check(Buffer.from("\uFEFFa,é,€,𝄞,\uFFFD\nb\n"))).toEqual([]);
  });

  test("each kind of invalid byte is found on its line", () => {
    const lines = [
      [0x61], // fine
      [0xe9], // Latin-1 é
      [0xc0, 0xaf], // overlong
      [0xed, 0xa0, 0x80], // surrogate
      [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
      [0xe2, 0x82], // cut short by the line break
      [0x80], // lone continuation
      [0xf5], // never valid
    ];
    const bytes = Uint8Array.from(lines.flatMap((l, i) => (i === 0 ? l : [0x0a, ...l])));
    expect(check(bytes)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(check(Uint8Array.from([0x61, 0x0a, 0xe2, 0x82]))).toEqual([2]); // cut by the end
  });

  test("agrees with a strict TextDecoder line by line on random bytes, whatever the chunk size", () => {
    const next = random(42);
    const pieces = [[0x0a], [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x9a, 0x80], [0x41]];
    for (let round = 0; round < 300; round++) {
      const bytes: number[] = [];
      const length = Math.floor(next() * 60);
      for (let i = 0; i < length; i++) {
        if (next() < 0.7) bytes.push(...(pieces[Math.floor(next() * pieces.length)] as number[]));
        else bytes.push(Math.floor(next() * 256));
      }
      const input = Uint8Array.from(bytes);
      const expected = oracle(input);
      for (const chunk of [1, 2, 3, 7, input.length || 1]) expect(check(input, chunk)).toEqual(expected);
    }
  });
});
