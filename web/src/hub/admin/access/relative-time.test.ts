import { describe, expect, test } from "bun:test";
import { timeAgo } from "./relative-time";

const now = Date.parse("2026-11-28T12:00:00Z");
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe("timeAgo", () => {
  test.each([
    [10, "just now"],
    [60, "1 minute ago"],
    [5 * 60, "5 minutes ago"],
    [59 * 60, "59 minutes ago"],
    [60 * 60, "1 hour ago"],
    [5 * 3600, "5 hours ago"],
    [24 * 3600, "1 day ago"],
    [3 * 86_400, "3 days ago"],
    [31 * 86_400, "1 month ago"],
    [400 * 86_400, "1 year ago"],
  ])("%p seconds ago reads %p", (seconds, words) => {
    expect(timeAgo(ago(seconds), now)).toBe(words);
  });

  test("a time that is not one reads as nothing", () => {
    expect(timeAgo("not a time", now)).toBe("");
  });
});
