import { expect, test } from "bun:test";
import { CreateScheduleBody } from "../../../src/hub/schedules/schemas";
import { parseSchedule } from "../../../src/shared/schedule-occurrences";
import { checkSchedule, fieldOf, withoutField } from "../../../web/src/hub/schedules/schedule-check";

const NOW = new Date("2026-03-27T12:00:00Z");

/** What the Hub answers to a create with this cron and zone: accepted, or the field its 400 names. */
function hubAnswer(cron: string, timezone: string): "ok" | "cron" | "timezone" {
  const body = CreateScheduleBody.safeParse({ workflow_id: "w", cron, timezone });
  if (!body.success) return body.error.issues[0]?.path[0] === "timezone" ? "timezone" : "cron";
  try {
    parseSchedule(body.data.cron, body.data.timezone);
    return "ok";
  } catch (err) {
    return fieldOf((err as Error).message);
  }
}

test.each([
  ["30 6 * * 1-5", "Europe/Berlin"],
  ["*/15 * * * * *", "UTC"],
  ["0 0 L * *", "America/New_York"],
  ["0 22 * * 5#L", "Asia/Kolkata"],
  ["  0 6 * * *  ", "UTC"],
  ["61 * * * *", "UTC"],
  ["* * * *", "UTC"],
  ["* * * * * * *", "UTC"],
  ["@daily", "UTC"],
  ["0 0 * * L", "UTC"],
  ["", "UTC"],
  ["   ", "UTC"],
  [`0 ${"1,".repeat(120)}1 * * *`, "UTC"],
  ["0 6 * * *", "Mars/Olympus"],
  ["0 6 * * *", ""],
  ["0 6 * * *", "X".repeat(101)],
])("“%s” in “%s”: the editor decides as the Hub does", (cron, zone) => {
  const check = checkSchedule(cron, zone, NOW);
  expect(check.ok ? "ok" : check.field).toBe(hubAnswer(cron, zone));
});

test("the next five occurrences are the Hub's, daylight saving included", () => {
  // Europe/Berlin moves its clocks forward on 29 March 2026: 02:30 does not exist that night.
  const check = checkSchedule("30 2 * * *", "Europe/Berlin", NOW);
  expect(check.ok && check.next.map((d) => d.toISOString())).toEqual([
    "2026-03-28T01:30:00.000Z",
    "2026-03-29T01:00:00.000Z",
    "2026-03-30T00:30:00.000Z",
    "2026-03-31T00:30:00.000Z",
    "2026-04-01T00:30:00.000Z",
  ]);
});

test("a refusal names its field, and reads without the field's prefix under that field", () => {
  const check = checkSchedule("61 * * * *", "UTC", NOW);
  expect(check).toMatchObject({ ok: false, field: "cron" });
  expect(!check.ok && withoutField(check.message)).toStartWith("“61 * * * *”".replace(/[“”]/g, '"'));
  expect(fieldOf('timezone: "Mars/Olympus" is not an IANA time zone')).toBe("timezone");
  expect(fieldOf("give at least one field to change")).toBe("cron");
});
