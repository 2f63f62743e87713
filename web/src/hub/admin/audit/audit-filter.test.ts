import { expect, test } from "bun:test";
import { auditQueryString } from "./audit-api";
import { localToIso } from "./audit-filter";

test("localToIso reads the viewer's local time; an end takes the whole minute", () => {
  const start = localToIso("2026-11-28T09:30");
  expect(start).toBe(new Date(2026, 10, 28, 9, 30).toISOString());
  expect(localToIso("2026-11-28T09:30", true)).toBe(new Date(2026, 10, 28, 9, 30, 59, 999).toISOString());
  expect(localToIso("")).toBeUndefined();
  expect(localToIso("not a time")).toBeUndefined();
});

test("auditQueryString leaves out the filters not set", () => {
  expect(auditQueryString({ limit: 50, offset: 0, action: "user.*", actor_id: undefined, target_id: "" })).toBe(
    "limit=50&offset=0&action=user.*",
  );
});
