import { expect, test } from "bun:test";
import { delayToNextSecond } from "./scheduler";

test("each scheduler pass is timed to just after the next whole second", () => {
  expect(delayToNextSecond(Date.parse("2026-01-01T00:00:00.000Z"))).toBe(1020);
  expect(delayToNextSecond(Date.parse("2026-01-01T00:00:00.990Z"))).toBe(30);
  expect(delayToNextSecond(Date.parse("2026-01-01T00:00:00.400Z"))).toBe(620);
});
