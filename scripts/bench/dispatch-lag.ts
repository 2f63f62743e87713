/**
 * Schedule dispatch lag: one Hub (startHub, its real scheduler task) with 100 schedules firing
 * every second (`* * * * * *`, overlap "allow", no Server: the runs stay queued), for ~30 s.
 * The lag of a run is its execution's `created_at` minus its `scheduled_for` (the occurrence):
 * on PostgreSQL `created_at` is the claiming transaction's `now()`, on SQLite the Hub's clock
 * at the claim. A coalesced run (covering more than one occurrence) counts with the lag of its
 * oldest occurrence.
 *
 *   bun scripts/bench/dispatch-lag.ts [--dialect sqlite|pg] [--seconds 30] [--schedules 100]
 *
 * PostgreSQL uses a fresh database made from WEFT_TEST_PG_URL (dropped afterwards). The
 * suite's "dispatch-lag" scenario (suite/scenarios/dispatch-lag.ts) calls `measureDispatchLag`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, gte, isNotNull } from "drizzle-orm";
import { startHub } from "../../src/hub/start";
import { createLogger } from "../../src/shared/logger";
import { TEST_HUB_CONFIG } from "../../tests/helpers/api-scenario";
import { createPgDatabase } from "../../tests/helpers/hub-db";
import { insertSchedule, seedWorkflow } from "../../tests/helpers/hub-schedules";

export interface DispatchLagOptions {
  dialect: "sqlite" | "pg";
  seconds: number;
  schedules: number;
}

export interface DispatchLag {
  /** Each run's lag in the window, ms, ascending. */
  lags: number[];
  runs: number;
  occurrences: number;
  coalescedRuns: number;
}

/** The value at percentile `p` (0-100) of ascending `sorted`, by nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Runs the Hub with `schedules` every-second schedules for `seconds` and answers the lags. */
export async function measureDispatchLag({ dialect, seconds, schedules }: DispatchLagOptions): Promise<DispatchLag> {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-dispatch-"));
  let drop = async () => {};
  let url = `sqlite:${join(dataDir, "hub.db")}`;
  if (dialect === "pg") {
    const pgUrl = process.env.WEFT_TEST_PG_URL;
    if (!pgUrl) throw new Error("--dialect pg needs WEFT_TEST_PG_URL");
    const pg = await createPgDatabase(pgUrl);
    url = pg.url;
    drop = pg.drop;
  }
  const hub = await startHub(
    { ...TEST_HUB_CONFIG, databaseUrl: url, auditSigningKey: Buffer.alloc(32, 3).toString("base64") },
    { dataDir, logger: createLogger({ level: "error" }) },
  );
  try {
    const { database } = hub.deps;
    const { userId, workflowId } = await seedWorkflow(database);
    // The first occurrence two whole seconds from now, so all of them start together.
    const start = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    for (let i = 0; i < schedules; i++) {
      await insertSchedule(database, { userId, workflowId, cron: "* * * * * *", overlap: "allow", nextRunAt: start });
    }
    await Bun.sleep(start.getTime() - Date.now() + seconds * 1000 + 1500);
    const e = database.t.executions;
    const rows = await database.db
      .select({ scheduledFor: e.scheduledFor, createdAt: e.createdAt, covered: e.occurrencesCovered })
      .from(e)
      .where(and(isNotNull(e.scheduledFor), gte(e.scheduledFor, start)));
    // Occurrences up to the end of the window only (the last second may still be being claimed).
    const end = start.getTime() + seconds * 1000;
    const inWindow = rows.filter((r) => (r.scheduledFor as Date).getTime() < end);
    return {
      lags: inWindow.map((r) => r.createdAt.getTime() - (r.scheduledFor as Date).getTime()).sort((a, b) => a - b),
      runs: inWindow.length,
      occurrences: inWindow.reduce((n, r) => n + r.covered, 0),
      coalescedRuns: inWindow.filter((r) => r.covered > 1).length,
    };
  } finally {
    await hub.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const arg = (name: string, fallback: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
  };
  const options: DispatchLagOptions = {
    dialect: arg("dialect", "sqlite") === "pg" ? "pg" : "sqlite",
    seconds: Number(arg("seconds", "30")),
    schedules: Number(arg("schedules", "100")),
  };
  const { lags, runs, occurrences, coalescedRuns } = await measureDispatchLag(options);
  console.log(
    JSON.stringify({
      dialect: options.dialect,
      schedules: options.schedules,
      seconds: options.seconds,
      runs,
      occurrences,
      coalesced_runs: coalescedRuns,
      lag_ms: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) },
    }),
  );
}
