import { beforeAll, describe, expect, test } from "bun:test";
import { type HubTestApp, makeHubTestApp, runScenario, scenarioTests } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { createWorkflow } from "../../../tests/helpers/hub-workflows";
import { manualClock } from "../../../tests/helpers/manual-clock";

type Schedule = { id: string; enabled: boolean; next_run_at: string | null; next_runs: string[]; user_id: string };

describeHub("schedules API", (suite) => {
  let hub: HubTestApp;
  const clock = manualClock("2026-01-15T10:00:20Z");
  const started: string[] = [];
  let mine: string; // the user's workflow
  let adminsWorkflow: string;
  let schedule: Schedule; // the user's schedule of `mine`

  const create = async (as: "user" | "admin" | "auditor" | "owner", body: Record<string, unknown>) => {
    const res = await hub.request(as, "POST", "/schedules", body);
    return { status: res.status, body: (await res.json()) as Schedule & { detail?: string } };
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: clock.clock, onDispatched: (id) => started.push(id) });
    mine = await createWorkflow(hub, "user", "nightly");
    adminsWorkflow = await createWorkflow(hub, "admin", "admin's");
    const made = await create("user", {
      workflow_id: mine,
      cron: "0 6 * * *",
      timezone: "Europe/Berlin",
      name: "morning",
    });
    expect(made.status).toBe(201);
    schedule = made.body;
  });

  test("a new schedule answers its next five occurrences in its zone's offset", () => {
    expect(schedule).toMatchObject({ enabled: true, timezone: "Europe/Berlin", overlap: "skip", revision: null });
    expect(schedule.next_runs).toEqual([
      "2026-01-16T06:00:00+01:00",
      "2026-01-17T06:00:00+01:00",
      "2026-01-18T06:00:00+01:00",
      "2026-01-19T06:00:00+01:00",
      "2026-01-20T06:00:00+01:00",
    ]);
    expect(schedule.next_run_at).toBe("2026-01-16T06:00:00+01:00");
  });

  describe("creation is checked and audited", () => {
    scenarioTests(
      () => hub,
      [
        {
          name: "a bad cron is a 400 naming the cron",
          as: "user",
          method: "POST",
          path: "/schedules",
          body: () => ({ workflow_id: mine, cron: "61 * * * *" }),
          status: 400,
          contains: ["cron:", "minute"],
          audit: [],
        },
        {
          name: "a bad time zone is a 400 naming the time zone",
          as: "user",
          method: "POST",
          path: "/schedules",
          body: () => ({ workflow_id: mine, cron: "* * * * *", timezone: "Mars/Olympus" }),
          status: 400,
          contains: ["timezone:", "Mars/Olympus"],
          audit: [],
        },
        {
          name: "seven fields are refused",
          as: "user",
          method: "POST",
          path: "/schedules",
          body: () => ({ workflow_id: mine, cron: "* * * * * * 2026" }),
          status: 400,
          contains: ["cron:"],
        },
        {
          name: "a revision the workflow does not have is a 400",
          as: "user",
          method: "POST",
          path: "/schedules",
          body: () => ({ workflow_id: mine, cron: "* * * * *", revision: 9 }),
          status: 400,
          contains: ["revision:"],
          audit: [],
        },
        {
          name: "a user cannot schedule another's workflow (it is hidden: 404)",
          as: "user",
          method: "POST",
          path: "/schedules",
          body: () => ({ workflow_id: adminsWorkflow, cron: "* * * * *" }),
          status: 404,
          audit: [],
        },
        {
          name: "an auditor sees the workflow but may not run it (403, audited)",
          as: "auditor",
          method: "POST",
          path: "/schedules",
          body: () => ({ workflow_id: mine, cron: "* * * * *" }),
          status: 403,
          audit: ["authz.denied"],
        },
        {
          name: "an admin may schedule anyone's workflow (audited)",
          as: "admin",
          method: "POST",
          path: "/schedules",
          body: () => ({ workflow_id: mine, cron: "*/10 * * * * *", overlap: "allow", revision: 1, name: "fast" }),
          status: 201,
          contains: ['"overlap":"allow"', '"revision":1', '"next_runs":["2026-01-15T10:00:30+00:00"'],
          audit: ["schedule.create"],
        },
      ],
    );
  });

  test("a user lists their own schedules; an auditor everyone's", async () => {
    const own = (await (await hub.request("user", "GET", "/schedules")).json()) as {
      schedules: Schedule[];
      total: number;
    };
    expect(own.schedules.every((s) => s.user_id === hub.accounts.user.user.id)).toBe(true);
    expect(own.total).toBe(own.schedules.length);
    const all = (await (await hub.request("auditor", "GET", "/schedules?limit=1")).json()) as {
      schedules: Schedule[];
      total: number;
    };
    expect(all.schedules).toHaveLength(1);
    expect(all.total).toBeGreaterThan(own.total);
    const named = (await (await hub.request("auditor", "GET", "/schedules?name=MORN")).json()) as { total: number };
    expect(named.total).toBe(1);
  });

  test("who sees a schedule: its owner and auditors; another user gets a 404", async () => {
    const admins = (await create("admin", { workflow_id: adminsWorkflow, cron: "0 0 * * *" })).body;
    await runScenario(hub, { as: "user", method: "GET", path: `/schedules/${admins.id}`, status: 404 });
    await runScenario(hub, { as: "auditor", method: "GET", path: `/schedules/${admins.id}`, status: 200 });
    await runScenario(hub, { as: "user", method: "GET", path: `/schedules/${schedule.id}`, status: 200 });
    await runScenario(hub, {
      as: "user",
      method: "POST",
      path: `/schedules/${admins.id}/toggle`,
      status: 404,
      audit: [],
    });
  });

  test("PATCH: a new cron plans the next occurrence from now; an auditor may not (403, audited)", async () => {
    await runScenario(hub, {
      as: "auditor",
      method: "PATCH",
      path: `/schedules/${schedule.id}`,
      body: { cron: "0 7 * * *" },
      status: 403,
      audit: ["authz.denied"],
    });
    const body = (await runScenario(hub, {
      as: "user",
      method: "PATCH",
      path: `/schedules/${schedule.id}`,
      body: { cron: "30 10 * * *", timezone: "UTC" },
      status: 200,
      audit: ["schedule.update"],
    })) as Schedule;
    expect(body.next_run_at).toBe("2026-01-15T10:30:00+00:00");
    await runScenario(hub, {
      as: "user",
      method: "PATCH",
      path: `/schedules/${schedule.id}`,
      body: { timezone: "Nowhere/Else" },
      status: 400,
      contains: ["timezone:"],
      audit: [],
    });
    await runScenario(hub, {
      as: "user",
      method: "PATCH",
      path: `/schedules/${schedule.id}`,
      body: { workflow_id: "other" },
      status: 400,
    });
  });

  test("toggle switches it off (no next occurrence) and on again (planned from now), audited", async () => {
    const off = (await runScenario(hub, {
      as: "user",
      method: "POST",
      path: `/schedules/${schedule.id}/toggle`,
      status: 200,
      audit: ["schedule.toggle"],
    })) as Schedule;
    expect(off).toMatchObject({ enabled: false, next_run_at: null, next_runs: [] });
    clock.advance(30 * 60_000); // past 10:30, within the test sessions' hour
    const on = (await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: `/schedules/${schedule.id}/toggle`,
      status: 200,
      audit: ["schedule.toggle"],
    })) as Schedule;
    expect(on).toMatchObject({ enabled: true, next_run_at: "2026-01-16T10:30:00+00:00" });
  });

  test("trigger makes a queued execution now, on the owner's behalf, and hands it to the runner after commit", async () => {
    const before = started.length;
    const execution = (await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: `/schedules/${schedule.id}/trigger`,
      status: 201,
      contains: ['"status":"queued"', '"scheduled_for":null', '"occurrences_covered":1'],
      audit: ["schedule.trigger"],
    })) as { id: string; schedule_id: string; user_id: string; revision: number };
    expect(execution).toMatchObject({ schedule_id: schedule.id, user_id: hub.accounts.user.user.id, revision: 1 });
    expect(started.slice(before)).toEqual([execution.id]);
    await runScenario(hub, {
      as: "auditor",
      method: "POST",
      path: `/schedules/${schedule.id}/trigger`,
      status: 403,
      audit: ["authz.denied"],
    });
    expect(started.slice(before)).toEqual([execution.id]);
  });

  test("DELETE: the owner removes it (audited); then it is a 404", async () => {
    const extra = (await create("user", { workflow_id: mine, cron: "0 0 * * *" })).body;
    await runScenario(hub, {
      as: "auditor",
      method: "DELETE",
      path: `/schedules/${extra.id}`,
      status: 403,
      audit: ["authz.denied"],
    });
    await runScenario(hub, {
      as: "user",
      method: "DELETE",
      path: `/schedules/${extra.id}`,
      status: 204,
      audit: ["schedule.delete"],
    });
    await runScenario(hub, { as: "user", method: "GET", path: `/schedules/${extra.id}`, status: 404 });
  });
});
