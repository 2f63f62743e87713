import { describe, expect, test } from "bun:test";
import { canonicalJson, sha256Hex } from "./hash";

describe("canonicalJson", () => {
  test("sorts keys at every level and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });
  test("equal values in any key order give the same text; different values differ", () => {
    expect(canonicalJson({ x: 1, y: [1, 2] })).toBe(canonicalJson({ y: [1, 2], x: 1 }));
    expect(canonicalJson({ y: [2, 1] })).not.toBe(canonicalJson({ y: [1, 2] }));
  });
  test("drops undefined members, writes BigInt as a string", () => {
    expect(canonicalJson({ a: undefined, b: 2n ** 64n })).toBe('{"b":"18446744073709551616"}');
  });
});

test("sha256Hex matches the known digest of 'abc'", () => {
  expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});
