/**
 * The hand-written Polars subject of the benchmarks in a warm process of its own (the Server's
 * engine processes are warm too). Answers each job message with the milliseconds the
 * pipeline took and this process's peak resident memory during it: the peak is reset before
 * the run (suite/measure.ts resetPeakRss), so it is that run's, not the process's lifetime's.
 *
 *   parent ─► { scenario: "P1", data: BenchData, out } ─► { ms, peakRssMb }   ({ error } if it threw)
 */
import { runHandwritten } from "./handwritten-pipelines";
import { peakRssMb, resetPeakRss } from "./suite/measure";
import type { PipelineScenario } from "./suite/pipelines";
import type { BenchData } from "./suite/types";

export interface HandwrittenJob {
  scenario: PipelineScenario;
  data: BenchData;
  out: string;
}

process.on("message", (job: HandwrittenJob) => {
  try {
    Bun.gc(true);
    resetPeakRss("self");
    const started = performance.now();
    runHandwritten(job.scenario, job.data, job.out);
    const ms = performance.now() - started;
    process.send?.({ ms, peakRssMb: peakRssMb("self") });
  } catch (err) {
    process.send?.({ error: err instanceof Error ? err.message : String(err) });
  }
});
process.send?.({ ready: true });
