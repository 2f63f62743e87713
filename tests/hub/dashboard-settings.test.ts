import { beforeAll, expect, test } from "bun:test";
import { newId } from "../../src/shared/ids";
import { type HubTestApp, makeHubTestApp, runScenario, scenarioTests } from "../helpers/api-scenario";
import { describeHub } from "../helpers/hub-db";
import { insertSchedule, seedWorkflow } from "../helpers/hub-schedules";
import { manualClock } from "../helpers/manual-clock";

/**
 * The admin area's read-only overview on both dialects: `GET /dashboard` counts what the Hub
 * holds and its runs per day at the viewer's offset from UTC (the day expression differs by
 * dialect), and `GET /settings` answers the configuration without a secret.
 */

const SECRETS = {
  auditSigningKey: "c2lnbmluZy1rZXktb2YtdGhlLXRlc3QtaHViLTMyYiE=",
  dispatchSigningKey: "ZGlzcGF0Y2gta2V5LW9mLXRoZS10ZXN0LWh1Yi0zMmI=",
  connectionEncryptionKey: "connection-key-of-the-test-hub",
  hubServerToken: "shared-registration-token-of-the-test-hub",
};

type Status = "queued" | "running" | "succeeded" | "failed" | "cancelled";

async function insertRun(hub: HubTestApp, workflowId: string, status: Status, createdAt: string) {
  await hub.deps.database.transaction((tx) =>
    tx.db
      .insert(tx.t.executions)
      .values({ id: newId(), workflowId, revision: 1, status, createdAt: new Date(createdAt) }),
  );
}

async function insertServer(hub: HubTestApp, status: "online" | "offline", revoked = false) {
  const id = newId();
  const at = hub.deps.clock();
  await hub.deps.database.transaction((tx) =>
    tx.db.insert(tx.t.servers).values({
      id,
      name: `srv-${id.slice(-8)}`,
      endpoint: "http://127.0.0.1:1",
      authTokenSha256: `sha-${id}`,
      status,
      revokedAt: revoked ? at : null,
      createdAt: at,
      updatedAt: at,
    }),
  );
}

describeHub("dashboard and settings", (suite) => {
  // 2026-11-28 09:30 UTC: at UTC-5 it is 04:30 the same day, at UTC+10 19:30.
  const time = manualClock("2026-11-28T09:30:00.000Z");
  let hub: HubTestApp;
  let workflowId: string;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock, config: SECRETS });
    const seeded = await seedWorkflow(hub.deps.database);
    workflowId = seeded.workflowId;
    await insertSchedule(hub.deps.database, { workflowId, userId: seeded.userId, cron: "0 * * * *", nextRunAt: null });
    await insertSchedule(hub.deps.database, {
      workflowId,
      userId: seeded.userId,
      cron: "0 0 * * *",
      nextRunAt: null,
      enabled: false,
    });
    await insertRun(hub, workflowId, "succeeded", "2026-11-28T08:00:00Z");
    await insertRun(hub, workflowId, "failed", "2026-11-28T02:00:00Z");
    await insertRun(hub, workflowId, "running", "2026-11-28T09:00:00Z");
    await insertRun(hub, workflowId, "cancelled", "2026-11-27T23:59:59Z");
    await insertRun(hub, workflowId, "failed", "2026-11-26T12:00:00Z");
    // Outside any window asked below.
    await insertRun(hub, workflowId, "succeeded", "2026-10-01T12:00:00Z");
    await insertServer(hub, "online");
    await insertServer(hub, "online");
    await insertServer(hub, "offline");
    await insertServer(hub, "offline", true);
  });

  scenarioTests(
    () => hub,
    [
      { as: "anonymous", method: "GET", path: "/dashboard", status: 401, audit: [] },
      { as: "user", method: "GET", path: "/dashboard", status: 403, audit: ["authz.denied"] },
      { as: "auditor", method: "GET", path: "/dashboard", status: 200, contains: ['"runs_per_day":['], audit: [] },
      { as: "auditor", method: "GET", path: "/dashboard?days=0", status: 400, contains: ["days"] },
      { as: "auditor", method: "GET", path: "/dashboard?days=91", status: 400, contains: ["days"] },
      { as: "auditor", method: "GET", path: "/dashboard?utc_offset_minutes=1.5", status: 400 },
      { as: "auditor", method: "GET", path: "/dashboard?utc_offset_minutes=900", status: 400 },
      { as: "anonymous", method: "GET", path: "/settings", status: 401, audit: [] },
      { as: "user", method: "GET", path: "/settings", status: 403, audit: ["authz.denied"] },
    ],
  );

  test("counts what the Hub holds: accounts, workflows, runs (and those still going), schedules, Servers", async () => {
    const body = (await runScenario(hub, { as: "admin", method: "GET", path: "/dashboard", status: 200 })) as {
      generated_at: string;
      counts: Record<string, number>;
    };
    expect(body.generated_at).toBe("2026-11-28T09:30:00.000Z");
    expect(body.counts).toEqual({
      users: 5, // the four test accounts and the workflow's owner
      workflows: 1,
      executions: 6,
      executions_running: 1,
      schedules: 2,
      schedules_enabled: 1,
      servers_online: 2,
      servers_offline: 1,
      servers_revoked: 1,
    });
  });

  test("runs per day in UTC: zero-filled days, oldest first, by status", async () => {
    const body = (await runScenario(hub, { as: "auditor", method: "GET", path: "/dashboard?days=4", status: 200 })) as {
      runs_per_day: unknown[];
    };
    expect(body.runs_per_day).toEqual([
      { day: "2026-11-25", total: 0, succeeded: 0, failed: 0, cancelled: 0 },
      { day: "2026-11-26", total: 1, succeeded: 0, failed: 1, cancelled: 0 },
      { day: "2026-11-27", total: 1, succeeded: 0, failed: 0, cancelled: 1 },
      { day: "2026-11-28", total: 3, succeeded: 1, failed: 1, cancelled: 0 },
    ]);
  });

  test("runs per day west of UTC (UTC-5): a run at 02:00 UTC belongs to the day before", async () => {
    const path = "/dashboard?days=2&utc_offset_minutes=-300";
    const body = (await runScenario(hub, { as: "auditor", method: "GET", path, status: 200 })) as {
      runs_per_day: unknown[];
    };
    // The window starts 2026-11-27 00:00 at UTC-5 (05:00 UTC): the run of the 26th is out.
    expect(body.runs_per_day).toEqual([
      { day: "2026-11-27", total: 2, succeeded: 0, failed: 1, cancelled: 1 },
      { day: "2026-11-28", total: 2, succeeded: 1, failed: 0, cancelled: 0 },
    ]);
  });

  test("runs per day east of UTC (UTC+10): the run a second before midnight UTC is on the 28th", async () => {
    const path = "/dashboard?days=1&utc_offset_minutes=600";
    const body = (await runScenario(hub, { as: "auditor", method: "GET", path, status: 200 })) as {
      runs_per_day: unknown[];
    };
    expect(body.runs_per_day).toEqual([{ day: "2026-11-28", total: 4, succeeded: 1, failed: 1, cancelled: 1 }]);
  });

  test("settings: the values an admin needs, whether each key is set, and never a secret", async () => {
    const body = await runScenario(hub, {
      as: "auditor",
      method: "GET",
      path: "/settings",
      status: 200,
      notContains: [...Object.values(SECRETS), suite.ctx().url],
      audit: [],
    });
    expect(body).toMatchObject({
      database: { kind: suite.dialect === "pg" ? "postgresql" : "sqlite" },
      sessions: { ttl_hours: 168 },
      login_throttle: { max_attempts: 5, max_attempts_per_ip: 30, window_seconds: 900 },
      capability_tokens: { ttl_seconds: 60, store: "memory" },
      event_broker: "memory",
      servers: { poll_interval_seconds: 30, registration_token_set: true },
      executions: { artifact_max_mb: 100 },
      keys: { connection_encryption: "configured", audit_signing: "configured", dispatch_signing: "configured" },
      audit: { checkpoint_every_events: 1000, checkpoint_every_minutes: 60 },
    });
  });
});
