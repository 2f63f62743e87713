/**
 * Schedule dispatch lag (issue 20): 100 schedules firing every second on one Hub, for
 * `--lag-seconds` (20 by default), measured by scripts/bench/dispatch-lag.ts: each run's lag
 * from its occurrence to the claim that created its execution. The samples are the lags (their
 * median is p50); the note gives p50, p99 and coalesced runs. On SQLite always; on PostgreSQL
 * when WEFT_TEST_PG_URL names a server (else reported unavailable, with that reason).
 *
 *   bun scripts/bench/suite/scenarios/dispatch-lag.ts [--lag-seconds 20]
 */
import { measureDispatchLag, percentile } from "../../dispatch-lag";
import { runAlone } from "../latency/standalone";
import type { BenchData, Result } from "../types";

const SCHEDULES = 100;
const at = process.argv.indexOf("--lag-seconds");
const SECONDS = at === -1 ? 20 : Number(process.argv[at + 1]);

async function dialect(which: "sqlite" | "pg"): Promise<Result> {
  const result: Result = {
    scenario: "dispatch-lag",
    variant: `${SCHEDULES} schedules every second for ${SECONDS} s, ${which === "pg" ? "PostgreSQL" : "SQLite"}`,
    subject: "weft",
    status: "ok",
    samples: [],
  };
  if (which === "pg" && !process.env.WEFT_TEST_PG_URL)
    return { ...result, status: "unavailable", note: "WEFT_TEST_PG_URL is not set" };
  try {
    const lag = await measureDispatchLag({ dialect: which, seconds: SECONDS, schedules: SCHEDULES });
    const note =
      `p50 ${percentile(lag.lags, 50)} ms, p99 ${percentile(lag.lags, 99)} ms; ${lag.runs} runs for ` +
      `${lag.occurrences} occurrences (${lag.coalescedRuns} coalesced)`;
    return { ...result, samples: lag.lags.map((ms) => ({ ms })), note };
  } catch (err) {
    return { ...result, status: "unavailable", note: err instanceof Error ? err.message : String(err) };
  }
}

export async function run(_: { data: BenchData; runs: number }): Promise<Result[]> {
  return [await dialect("sqlite"), await dialect("pg")];
}

if (import.meta.main) await runAlone(run, { rows: 200_000 });
