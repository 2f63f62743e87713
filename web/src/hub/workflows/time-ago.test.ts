import { expect, test } from "bun:test";
import { timeAgo } from "./time-ago";

const now = Date.parse("2026-11-28T12:00:00Z");
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

test("recent times read as people say them", () => {
  expect(timeAgo(ago(5), now)).toBe("just now");
  expect(timeAgo(ago(-30), now)).toBe("just now");
  expect(timeAgo(ago(50), now)).toBe("50 seconds ago");
  expect(timeAgo(ago(60), now)).toBe("1 minute ago");
  expect(timeAgo(ago(5 * 60 + 20), now)).toBe("5 minutes ago");
  expect(timeAgo(ago(3 * 3600), now)).toBe("3 hours ago");
  expect(timeAgo(ago(26 * 3600), now)).toBe("yesterday");
  expect(timeAgo(ago(3 * 24 * 3600), now)).toBe("3 days ago");
  expect(timeAgo(ago(15 * 24 * 3600), now)).toBe("2 weeks ago");
  expect(timeAgo(ago(400 * 24 * 3600), now)).toBe("last year");
  expect(timeAgo("not a time", now)).toBe("not a time");
});
