import { expect, test } from "bun:test";
import { edgeSpeed } from "./edge-pan";

test("edgeSpeed: still in the middle, faster deeper into an edge band, capped past the edge", () => {
  expect(edgeSpeed(400, 800)).toBe(0);
  expect(edgeSpeed(36, 800)).toBe(0);
  expect(edgeSpeed(764, 800)).toBe(0);
  expect(edgeSpeed(18, 800)).toBeCloseTo(-7);
  expect(edgeSpeed(0, 800)).toBeCloseTo(-14);
  expect(edgeSpeed(-50, 800)).toBeCloseTo(-14);
  expect(edgeSpeed(782, 800)).toBeCloseTo(7);
  expect(edgeSpeed(900, 800)).toBeCloseTo(14);
  expect(edgeSpeed(10, 800)).toBeLessThan(edgeSpeed(20, 800));
  // A canvas too small for two bands never moves by itself.
  expect(edgeSpeed(5, 60)).toBe(0);
});
