import { expect, test } from "bun:test";
import { sameAnswer } from "./bounded-memory";

test("answers agree on rows and values, floats to 1e-9 relative", () => {
  const a = { rows: 2, top: [["x", 1, 502.8188123105418]] };
  expect(sameAnswer(a, { rows: 2, top: [["x", 1, 502.8188123105417]] })).toBe(true);
  expect(sameAnswer(a, { rows: 2, top: [["x", 1, 502.81881]] })).toBe(false);
  expect(sameAnswer(a, { rows: 3, top: [["x", 1, 502.8188123105418]] })).toBe(false);
  expect(sameAnswer(a, { rows: 2, top: [["y", 1, 502.8188123105418]] })).toBe(false);
  expect(sameAnswer(a, { rows: 2, top: [["x", 1]] })).toBe(false);
  expect(sameAnswer(a, undefined)).toBe(false);
});
