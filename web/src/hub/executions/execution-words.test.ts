import { describe, expect, test } from "bun:test";
import { isFinal, localInputToIso, relativeTime, runDuration, triggerText } from "./execution-words";

describe("execution words", () => {
  const now = new Date("2026-11-28T10:00:00Z");

  test("a run's duration: ended, still running, not started", () => {
    expect(runDuration({ started_at: "2026-11-28T09:59:58Z", finished_at: "2026-11-28T09:59:59.500Z" }, now)).toBe(
      "1.5 s",
    );
    expect(runDuration({ started_at: "2026-11-28T09:58:00Z", finished_at: null }, now)).toBe("2 min 0 s");
    expect(runDuration({ started_at: null, finished_at: null }, now)).toBe("");
  });

  test("relative times, past and future, in the largest unit that fits", () => {
    expect(relativeTime("2026-11-28T09:59:30Z", now)).toBe("30 seconds ago");
    expect(relativeTime("2026-11-28T09:57:00Z", now)).toBe("3 minutes ago");
    expect(relativeTime("2026-11-27T10:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2026-11-28T12:00:00Z", now)).toBe("in 2 hours");
    // A few seconds ahead (the display's tick, or the Hub's clock) is now, not "in 2 seconds".
    expect(relativeTime("2026-11-28T10:00:02Z", now)).toBe("now");
  });

  test("final states, triggers, and the time range inputs", () => {
    expect(["queued", "running", "succeeded", "failed", "cancelled"].map((s) => isFinal(s as never))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(triggerText({ schedule_id: null, occurrences_covered: 1 })).toBe("Run by hand");
    expect(triggerText({ schedule_id: "s1", occurrences_covered: 1 })).toBe("Schedule");
    expect(triggerText({ schedule_id: "s1", occurrences_covered: 3 })).toBe("Schedule (3 occurrences)");
    expect(localInputToIso("")).toBeUndefined();
    expect(localInputToIso("not a date")).toBeUndefined();
    expect(localInputToIso("2026-11-28T10:00")).toBe(new Date(2026, 10, 28, 10, 0).toISOString());
  });
});
