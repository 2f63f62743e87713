import { expect, test } from "bun:test";
import { timeAgo } from "./when";

test("timeAgo says how long ago in words, then the date", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms).toISOString(), now);
  expect(ago(5_000)).toBe("just now");
  expect(ago(5 * 60_000)).toBe("5 min ago");
  expect(ago(3 * 3_600_000 + 59 * 60_000)).toBe("3 h ago");
  expect(ago(30 * 3_600_000)).toBe("yesterday");
  expect(ago(4 * 86_400_000)).toBe("4 days ago");
  expect(ago(40 * 86_400_000)).toMatch(/^Oct \d+, 2026$/);
});
