/**
 * The fixed cost of a full run (issue 20): P1's workflow (Input → Filter qty > 5 → Join
 * customers → Summarize → Sort → Output Parquet) on 3-row tables, end to end over HTTP
 * (POST /api/workflow/execute with force_refresh, so every tool runs and the output is
 * written; the archive on, as a Server has it). What remains is Weft's own cost per run:
 * HTTP, validation, planning, hashing, IPC to the engine process, cache and archive writes.
 * Baseline: the same pipeline written by hand in nodejs-polars, in a warm process, timed
 * inside it. The median of many runs; target: under 10 ms. Checked first: both Parquet
 * files hold the same rows.
 *
 *   bun scripts/bench/suite/scenarios/fixed-cost.ts [--runs 30]
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { startBenchServer } from "../../bench-server";
import { jsonRows } from "../latency/json-rows";
import { type Contender, pairedRuns } from "../latency/paired-runs";
import { enginePeakRssMb } from "../latency/peak-rss";
import { startPolarsProcess } from "../latency/polars-process";
import { runAlone } from "../latency/standalone";
import { timed } from "../latency/timing";
import { p1Workflow } from "../pipelines";
import type { Answer, BenchData, Result } from "../types";

/** At least this many timed runs: the figure is a few milliseconds, so noise needs many. */
const MIN_RUNS = 30;

const SALES = `id,customer_id,product,region,qty,price,ts,note
1,1,widget,north,7,9.50,2024-01-01T00:00:00,
2,2,gadget,south,3,20.25,2024-02-01T00:00:00,rush
3,1,widget,east,12,4.75,2024-03-01T00:00:00,
`;
const CUSTOMERS = `customer_id,name,segment,country
1,customer 1,consumer,DE
2,customer 2,corporate,FR
3,customer 3,home office,US
`;

const readBack = (path: string): Answer => {
  const df = pl.readParquet(path);
  return { rows: df.height, top: jsonRows(df.head(3)) };
};

export async function run({ runs }: { data: BenchData; runs: number }): Promise<Result[]> {
  const polars = await startPolarsProcess();
  const server = await startBenchServer("fixed-cost", []);
  try {
    const sales = join(server.work, "sales.csv");
    const customers = join(server.work, "customers.csv");
    writeFileSync(sales, SALES);
    writeFileSync(customers, CUSTOMERS);
    const hand: Contender = {
      subject: "polars",
      async once() {
        const out = join(server.work, "hand.parquet");
        const { ms, answer, peakRssMb } = await polars.run({ kind: "pipeline", sales, customers, out });
        return { sample: { ms, peakRssMb }, answer };
      },
    };
    const workflow = p1Workflow("bench-fixed-cost", sales, customers, join(server.work, "weft.parquet"));
    const weft: Contender = {
      subject: "weft",
      async once() {
        const ms = await timed(() => server.post("workflow/execute", { workflow, force_refresh: true }));
        return {
          sample: { ms, peakRssMb: enginePeakRssMb([polars.pid]) },
          answer: readBack(join(server.work, "weft.parquet")),
        };
      },
    };
    return await pairedRuns("fixed-cost", "3 rows, P1 to Parquet", [hand, weft], Math.max(MIN_RUNS, runs));
  } finally {
    polars.stop();
    await server.stop();
  }
}

if (import.meta.main) await runAlone(run, { rows: 200_000, runs: MIN_RUNS });
