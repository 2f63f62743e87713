import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/db/client";
import { type HubDatabase, hubDatabase } from "../../src/db/hub-db";
import { createPgDatabase, PG_URL } from "../helpers/hub-db";
import { smallWorkflow } from "../helpers/hub-workflows";
import { runToEnd, type StartedProcess, startProcess } from "../helpers/process";
import { waitUntil } from "../helpers/wait";

/**
 * Issue 18's done-when for schedules: TWO `weft hub` processes on one real PostgreSQL (database
 * token store, PostgreSQL broker) and a schedule firing every second for 60 s: exactly one
 * execution per occurrence, counted by `scheduled_for` in the database, and one of the two
 * SIGKILLed in the middle loses no occurrence. No Server is registered, so the runs are not
 * run (they stay queued); what is counted is dispatch, with overlap "allow" so a queued run
 * does not make the next occurrence skip.
 */

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const OCCURRENCES = 60;
const KILL_AFTER = 30;
const SIGNING_KEY = Buffer.alloc(32, 7).toString("base64");

describe.skipIf(!PG_URL)("two Hub processes on one PostgreSQL", () => {
  const dirs: string[] = [];
  const procs: StartedProcess[] = [];
  let drop: () => Promise<void> = async () => {};
  let url = "";
  let database: HubDatabase;

  const hubEnv = (extra: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), "weft-replica-"));
    dirs.push(dir);
    return {
      HOME: dir,
      WEFT_NO_BROWSER: "1",
      WEFT_DATA_DIR: dir,
      DATABASE_URL: url,
      TOKEN_STORE_BACKEND: "database",
      EVENT_BROKER_BACKEND: "postgresql",
      AUDIT_SIGNING_KEY: SIGNING_KEY,
      CONNECTION_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
      ...extra,
    };
  };
  const startHubProcess = async (extra: Record<string, string> = {}) => {
    const p = await startProcess([process.execPath, MAIN, "hub", "--port", "0"], hubEnv(extra), { timeoutMs: 30_000 });
    procs.push(p);
    return p;
  };

  beforeAll(async () => {
    const pg = await createPgDatabase(PG_URL as string);
    url = pg.url;
    drop = pg.drop;
  });
  afterAll(async () => {
    for (const p of procs) p.proc.kill("SIGKILL");
    await Promise.all(procs.map((p) => p.proc.exited));
    await database?.handle.close();
    await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test(
    "a schedule firing every second for 60 s: one execution per occurrence, none lost when one Hub is SIGKILLed",
    async () => {
      const a = await startHubProcess();
      const b = await startHubProcess();
      database = hubDatabase(openDatabase(url, { pgPoolSize: 2 }));

      // A third Hub that keeps tokens in memory may not join them.
      const memory = await runToEnd(
        [process.execPath, MAIN, "hub", "--port", "0"],
        hubEnv({ TOKEN_STORE_BACKEND: "memory" }),
      );
      expect(memory.code).toBe(1);
      expect(memory.stderr).toContain("TOKEN_STORE_BACKEND=memory");
      expect(memory.stderr).toContain("EVENT_BROKER_BACKEND");

      const call = async (hub: StartedProcess, method: string, path: string, token?: string, body?: unknown) => {
        const res = await fetch(`${hub.origin}/api/v1${path}`, {
          method,
          headers: {
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
        return text ? JSON.parse(text) : undefined;
      };
      const credentials = { username: "owner", password: "a long enough password" };
      await call(a, "POST", "/auth/register", undefined, credentials);
      const { token } = await call(a, "POST", "/auth/login", undefined, credentials);
      const workflow = await call(a, "POST", "/workflows", token, { name: "every second", content: smallWorkflow() });
      const schedule = await call(a, "POST", "/schedules", token, {
        workflow_id: workflow.id,
        cron: "* * * * * *",
        overlap: "allow",
      });
      const first = new Date(schedule.next_run_at).getTime();

      const { executions } = database.t;
      const runs = () =>
        database.db
          .select({ scheduledFor: executions.scheduledFor, covered: executions.occurrencesCovered })
          .from(executions)
          .where(eq(executions.scheduleId, schedule.id))
          .orderBy(executions.scheduledFor);
      const covered = async () => (await runs()).reduce((n, r) => n + r.covered, 0);

      await waitUntil(async () => (await covered()) >= KILL_AFTER, `${KILL_AFTER} occurrences`, 90_000);
      a.proc.kill("SIGKILL");
      await a.proc.exited;
      const killedAt = Date.now();
      await waitUntil(async () => (await covered()) >= OCCURRENCES, `${OCCURRENCES} occurrences`, 90_000);
      await call(b, "POST", `/schedules/${schedule.id}/toggle`, token);

      const all = await runs();
      // Every occurrence from the first to the last covered exactly once: each run starts
      // where the one before ended (no gap, no overlap), and occurrences are unique.
      let expected = first;
      for (const run of all) {
        expect(run.scheduledFor?.getTime()).toBe(expected);
        expected += run.covered * 1000;
      }
      expect(new Set(all.map((r) => r.scheduledFor?.getTime())).size).toBe(all.length);
      expect(all.reduce((n, r) => n + r.covered, 0)).toBeGreaterThanOrEqual(OCCURRENCES);
      // The survivor carried on after the kill.
      expect(all.some((r) => (r.scheduledFor?.getTime() ?? 0) > killedAt)).toBe(true);
    },
    { timeout: 180_000 },
  );
});
