import { type BenchServer, startBenchServer } from "../bench-server";
import { peakOfBusiest, peakRssMb, resetPeakRss, rssMb, timed } from "./measure";
import type { Sample } from "./types";

/** Weft as a benchmark subject: a real Server in this process, its runs requested over HTTP. */
export interface WeftSubject {
  server: BenchServer;
  /**
   * Runs a workflow through `/api/workflow/execute` with the cache cleared (a cold run, as a
   * peer's is); with the Server's answer, whose metrics say how it ran.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the answer's metrics are checked where used
  execute(workflow: unknown): Promise<{ sample: Sample; body: any }>;
  stop(): Promise<void>;
}

/**
 * Starts the Server (its engine processes warm) that may read the `allowed` folders.
 * A run's time is the HTTP round trip; its peak memory is the peak of the engine process that
 * grew most during it, each reset just before the request (the executor that takes the job
 * is not known in advance), since those processes, not this one, hold the data.
 */
export async function startWeftSubject(allowed: string[], env: Record<string, string> = {}): Promise<WeftSubject> {
  const server = await startBenchServer("suite", allowed, env);
  return {
    server,
    async execute(workflow) {
      const pids = server.enginePids();
      const starts = pids.map((pid) => {
        resetPeakRss(pid);
        return rssMb(pid);
      });
      const { ms, value } = await timed(() => server.post("workflow/execute", { workflow, force_refresh: true }));
      const peaks = pids.map((pid, i) => ({ startMb: starts[i], peakMb: peakRssMb(pid) }));
      return { sample: { ms, peakRssMb: peakOfBusiest(peaks) }, body: value };
    },
    stop: () => server.stop(),
  };
}
