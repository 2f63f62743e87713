import { expect, test } from "bun:test";
import { cell, formatMb, formatMs, formatRange, formatRatio } from "./format";

test("times keep about three significant digits", () => {
  expect(formatMs(4.213)).toBe("4.21 ms");
  expect(formatMs(42.14)).toBe("42.1 ms");
  expect(formatMs(842.4)).toBe("842 ms");
  expect(formatMs(9421)).toBe("9421 ms");
  expect(formatMs(12_345)).toBe("12.3 s");
  expect(formatMs(Number.NaN)).toBe("–");
});

test("a range writes its unit once when both ends share it", () => {
  expect(formatRange(790.2, 850.7)).toBe("790–851 ms");
  expect(formatRange(12_100, 14_000)).toBe("12.1–14.0 s");
  expect(formatRange(9421, 12_300)).toBe("9421 ms–12.3 s");
});

test("memory, ratios and table cells", () => {
  expect(formatMb(459.6)).toBe("460 MiB");
  expect(formatMb(12_800)).toBe("12.5 GiB");
  expect(formatMb(undefined)).toBe("–");
  expect(formatRatio(1.0349)).toBe("1.03x");
  expect(formatRatio(12.34)).toBe("12.3x");
  expect(cell("a | b\n  c")).toBe("a \\| b c");
});
