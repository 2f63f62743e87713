import { describe, expect, test } from "bun:test";
import { relativeTime } from "./relative-time";

const now = Date.parse("2026-11-28T12:00:00Z");
const at = (offsetSeconds: number) => new Date(now + offsetSeconds * 1000).toISOString();

describe("relativeTime", () => {
  test("reads a time near now as people say it", () => {
    expect(relativeTime(at(-10), now)).toBe("just now");
    expect(relativeTime(at(-120), now)).toBe("2 minutes ago");
    expect(relativeTime(at(-3 * 3600), now)).toBe("3 hours ago");
    expect(relativeTime(at(-24 * 3600), now)).toBe("yesterday");
    expect(relativeTime(at(2 * 3600), now)).toBe("in 2 hours");
  });

  test("leaves text that is no time as it is", () => {
    expect(relativeTime("not a time", now)).toBe("not a time");
  });
});
