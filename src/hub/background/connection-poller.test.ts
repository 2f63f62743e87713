import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp, runScenario } from "../../../tests/helpers/api-scenario";
import { pgConnectionBody } from "../../../tests/helpers/hub-connections";
import { describeHub, PG_URL } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { type FakeServer, startPasswordEchoServer } from "../../../tests/helpers/password-echo-server";
import { waitUntil } from "../../../tests/helpers/wait";
import { createConnectionChecker } from "../connections/probe";
import { jitterOf, startConnectionPoller } from "./connection-poller";

const HOUR = 3_600_000;
const LEAKED = "Poller-Leaked-Password-5c1";

test("each connection's turn moves by at most half the jitter either way, and differs between connections", () => {
  const at = new Date("2026-06-01T00:00:00Z");
  const offsets = Array.from({ length: 200 }, (_, i) => jitterOf(`c${i}`, at, 600_000));
  expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-300_000);
  expect(Math.max(...offsets)).toBeLessThan(300_000);
  expect(new Set(offsets).size).toBeGreaterThan(150);
  expect(jitterOf("c1", at, 600_000)).toBe(jitterOf("c1", at, 600_000));
});

describeHub("the connection health poller", (suite) => {
  const time = manualClock("2026-06-01T08:00:00.000Z");
  const folder = mkdtempSync(join(tmpdir(), "weft-hub-poller-"));
  let hub: HubTestApp;
  let echo: FakeServer;
  let stop: (() => void) | undefined;
  let looks = 0;
  let checks = 0;
  const ids: Record<string, string> = {};

  const health = async () => {
    const { connections: c } = hub.deps.database.t;
    const rows = await hub.deps.database.db
      .select({
        name: c.name,
        status: c.healthStatus,
        at: c.healthCheckedAt,
        latency: c.healthLatencyMs,
        error: c.healthError,
      })
      .from(c)
      .orderBy(c.name);
    return rows;
  };
  const changes = async () => {
    const { auditEvents: e } = hub.deps.database.t;
    const rows = await hub.deps.database.db
      .select({ actorType: e.actorType, target: e.targetId, details: e.details })
      .from(e)
      .where(eq(e.action, "connection.health_change"))
      .orderBy(e.seq);
    return rows.map((r) => ({ ...r, details: JSON.parse(r.details as string) }));
  };
  const allCheckedAt = async (when: Date) => (await health()).every((r) => r.at?.getTime() === when.getTime());

  beforeAll(async () => {
    echo = startPasswordEchoServer();
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock });
    const create = async (key: string, body: unknown) => {
      const made = (await runScenario(hub, {
        as: "admin",
        method: "POST",
        path: "/connections",
        body,
        status: 201,
      })) as {
        id: string;
      };
      ids[key] = made.id;
    };
    await create("files", { name: "A files", type: "filesystem", path: folder });
    await create("pg", pgConnectionBody("B warehouse"));
    await create("echo", pgConnectionBody("C hostile", { host: "127.0.0.1", port: echo.port, password: LEAKED }));
    const real = createConnectionChecker({ timeoutMs: 5_000 });
    stop = startConnectionPoller(hub.deps, {
      tickMs: 20,
      firstMs: 0,
      check: (settings) => {
        checks++;
        return real(settings);
      },
      afterLook: () => {
        looks++;
      },
    });
  });
  afterAll(() => {
    stop?.();
    echo.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  test.skipIf(!PG_URL)(
    "the first look checks every connection and records status, latency and a scrubbed error",
    async () => {
      await waitUntil(() => allCheckedAt(time.now()), "every connection checked");
      const rows = await health();
      expect(rows.map((r) => [r.name, r.status])).toEqual([
        ["A files", "ok"],
        ["B warehouse", "ok"],
        ["C hostile", "error"],
      ]);
      expect(rows.every((r) => typeof r.latency === "number" && r.latency >= 0)).toBe(true);
      const error = rows[2]?.error ?? "";
      expect(error).toContain('password "***" is not the one');
      expect(error).not.toContain(LEAKED);
      expect(checks).toBe(3);
      expect(await changes()).toEqual([
        {
          actorType: "system",
          target: ids.files as string,
          details: expect.objectContaining({ from: null, to: "ok" }),
        },
        { actorType: "system", target: ids.pg as string, details: expect.objectContaining({ from: null, to: "ok" }) },
        {
          actorType: "system",
          target: ids.echo as string,
          details: expect.objectContaining({ from: null, to: "error" }),
        },
      ]);
      expect(JSON.stringify(hub.logs)).not.toContain(LEAKED);
    },
  );

  test.skipIf(!PG_URL)("nothing is checked again before its turn (about an hour, jittered)", async () => {
    const checkedAt = time.now();
    time.advance(49 * 60_000);
    const seen = looks;
    await waitUntil(() => looks >= seen + 3, "three more looks");
    expect(checks).toBe(3);
    expect(await allCheckedAt(checkedAt)).toBe(true);
  });

  test.skipIf(!PG_URL)(
    "after an hour and the jitter every connection is checked again; a status change is audited",
    async () => {
      // The hostile server's connection now points at the real database with its password.
      await runScenario(hub, {
        as: "admin",
        method: "PATCH",
        path: `/connections/${ids.echo}`,
        body: { port: pgConnectionBody("x").port, password: pgConnectionBody("x").password },
        status: 200,
      });
      time.advance(HOUR - 49 * 60_000 + 6 * 60_000);
      await waitUntil(() => allCheckedAt(time.now()), "every connection checked again");
      expect(checks).toBe(6);
      expect((await health()).map((r) => [r.status, r.error])).toEqual([
        ["ok", null],
        ["ok", null],
        ["ok", null],
      ]);
      const audited = await changes();
      expect(audited).toHaveLength(4);
      expect(audited[3]).toMatchObject({ target: ids.echo, details: { from: "error", to: "ok" } });
    },
  );
});
