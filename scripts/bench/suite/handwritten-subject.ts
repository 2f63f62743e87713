import { join } from "node:path";
import type { HandwrittenJob } from "../handwritten-worker";
import type { PipelineScenario } from "./pipelines";
import type { BenchData, Sample } from "./types";

/** The hand-written Polars pipelines in their own warm process (../handwritten-worker.ts). */
export interface HandwrittenSubject {
  /** Runs one scenario once, writing `out`; its time and peak memory as the worker measured them. */
  run(scenario: PipelineScenario, data: BenchData, out: string): Promise<Sample>;
  stop(): void;
}

type Reply = { ready: true } | { ms: number; peakRssMb?: number } | { error: string };

/** Starts the worker and waits until it is ready (Polars loaded). */
export async function startHandwritten(): Promise<HandwrittenSubject> {
  let answer: ((reply: Reply) => void) | undefined;
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const worker = Bun.spawn([process.execPath, join(import.meta.dir, "..", "handwritten-worker.ts")], {
    stdio: ["ignore", "inherit", "inherit"],
    ipc: (reply: Reply) => ("ready" in reply ? ready() : answer?.(reply)),
  });
  // A worker that dies (out of memory, a native crash) fails the run it was given, and any later one.
  let died: Error | undefined;
  const exited = worker.exited.then((code) => {
    died = new Error(`the hand-written Polars worker exited with ${code}`);
    answer?.({ error: died.message });
    throw died;
  });
  await Promise.race([isReady, exited]);
  exited.catch(() => {});
  return {
    run(scenario, data, out) {
      return new Promise<Sample>((resolve, reject) => {
        if (died) return reject(died);
        answer = (reply) => {
          if ("error" in reply) reject(new Error(reply.error));
          else if ("ms" in reply) resolve({ ms: reply.ms, peakRssMb: reply.peakRssMb });
        };
        worker.send({ scenario, data, out } satisfies HandwrittenJob);
      });
    },
    stop() {
      worker.kill();
    },
  };
}
