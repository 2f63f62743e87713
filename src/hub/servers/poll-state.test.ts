import { expect, test } from "bun:test";
import { afterPoll, MAX_BACKOFF_MS, nextPollDelayMs } from "./poll-state";

test.each([
  // [failures in a row, interval, delay]
  [0, 30_000, 30_000],
  [1, 30_000, 60_000],
  [2, 30_000, 120_000],
  [3, 30_000, 240_000],
  [4, 30_000, MAX_BACKOFF_MS],
  [50, 30_000, MAX_BACKOFF_MS],
  [1, 1_000, 2_000],
  [1, 600_000, 600_000],
  [3, 3_600_000, 3_600_000],
])("after %i failures with a %i ms interval the next poll waits %i ms", (failures, interval, delay) => {
  expect(nextPollDelayMs(failures, interval)).toBe(delay);
});

test("failures keep the status until the third in a row; a success is online and resets", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const fail = { ok: false as const, error: "x".repeat(900) };
  let s: { status: "online" | "offline"; failedPolls: number } = { status: "online", failedPolls: 0 };
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    const next = afterPoll(s, fail, now, 30_000);
    expect(next.lastError).toHaveLength(500);
    s = next;
    seen.push(`${s.failedPolls}:${s.status}`);
  }
  expect(seen).toEqual(["1:online", "2:online", "3:offline", "4:offline"]);
  const back = afterPoll(s, { ok: true, version: "1", running: 4, capacity: 2, latencyMs: 3 }, now, 30_000);
  expect(back).toMatchObject({
    status: "online",
    failedPolls: 0,
    running: 4,
    capacity: 2,
    latencyMs: 3,
    lastSeenAt: now,
  });
});
