import { expect, test } from "bun:test";
import type { HubSchedule } from "../schedules/schedules-api";
import { soonest } from "./soonest";

const schedule = (id: string, next: string | null, enabled = true): HubSchedule => ({
  id,
  name: null,
  workflow_id: "w",
  user_id: "u",
  cron: "0 6 * * *",
  timezone: "UTC",
  enabled,
  overlap: "skip",
  revision: null,
  next_run_at: next,
  last_run_at: null,
  skipped_count: 0,
  last_skipped_at: null,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  next_runs: next ? [next] : [],
});

test("the soonest next runs of enabled schedules, by instant whatever the zone's offset", () => {
  const list = [
    schedule("late", "2026-03-02T06:00:00+00:00"),
    schedule("off", "2026-03-01T00:00:00+00:00", false),
    schedule("none", null),
    // 07:00 in Berlin is 06:00Z on 1 March: sooner than 06:30Z.
    schedule("berlin", "2026-03-01T07:00:00+01:00"),
    schedule("utc", "2026-03-01T06:30:00+00:00"),
  ];
  expect(soonest(list, 5).map((s) => s.id)).toEqual(["berlin", "utc", "late"]);
  expect(soonest(list, 1).map((s) => s.id)).toEqual(["berlin"]);
  expect(soonest([], 5)).toEqual([]);
});
