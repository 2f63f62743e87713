import { expect, test } from "bun:test";
import type { HubSettings } from "./settings-api";
import { hoursWords, secondsWords, settingSections } from "./settings-rows";

const SETTINGS: HubSettings = {
  version: "0.9.0",
  database: { kind: "sqlite" },
  sessions: { ttl_hours: 168 },
  login_throttle: { max_attempts: 5, max_attempts_per_ip: 30, window_seconds: 900 },
  capability_tokens: { ttl_seconds: 60, store: "memory" },
  event_broker: "memory",
  servers: { poll_interval_seconds: 30, registration_token_set: false },
  executions: { artifact_max_mb: 100 },
  keys: { connection_encryption: "configured", audit_signing: "generated", dispatch_signing: "configured" },
  audit: { checkpoint_every_events: 1000, checkpoint_every_minutes: 60 },
};

test("durations read in the largest whole unit", () => {
  expect([168, 36, 1, 24].map(hoursWords)).toEqual(["7 days", "36 hours", "1 hour", "1 day"]);
  expect([900, 60, 45, 7200].map(secondsWords)).toEqual(["15 minutes", "1 minute", "45 seconds", "2 hours"]);
});

test("every setting in words, with the variable that sets it; a generated key is marked", () => {
  const rows = Object.fromEntries(settingSections(SETTINGS).flatMap((s) => s.rows.map((r) => [r.key, r])));
  expect(rows["session-ttl"]).toMatchObject({ value: "7 days", env: "SESSION_TTL_HOURS" });
  expect(rows["login-attempts"]?.value).toBe("5 attempts per 15 minutes");
  expect(rows.database?.value).toBe("SQLite");
  expect(rows["connection-key"]).toMatchObject({ value: "Set in the Hub's settings", tone: undefined });
  expect(rows["audit-key"]).toMatchObject({ value: "Generated into the data directory", tone: "warn" });
  expect(rows["dispatch-key"]).toMatchObject({ value: "Set in the Hub's settings", env: "DISPATCH_SIGNING_KEY" });
  expect(rows["registration-token"]?.value).toBe("Not set");
  expect(rows.poll?.value).toBe("Every 30 seconds");
  expect(rows.checkpoints?.value).toBe("Every 1,000 events and every hour");
});
