import { join } from "node:path";
import type { PolarsAnswer, PolarsJob } from "./polars-worker";

/** The hand-written baselines' warm process (polars-worker.ts): one job at a time. */
export interface PolarsProcess {
  pid: number;
  run(job: PolarsJob): Promise<PolarsAnswer>;
  stop(): void;
}

/** Starts polars-worker.ts and waits until it has loaded Polars. */
export async function startPolarsProcess(): Promise<PolarsProcess> {
  let answered: ((message: PolarsAnswer) => void) | undefined;
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "polars-worker.ts")], {
    stdio: ["ignore", "inherit", "inherit"],
    ipc: (message: PolarsAnswer | { ready: true }) => ("ready" in message ? ready() : answered?.(message)),
  });
  const exited = child.exited.then((code) => {
    throw new Error(`the hand-written Polars process exited (${code})`);
  });
  exited.catch(() => {}); // stopping it on purpose is no failure; a job in flight still hears it
  await Promise.race([started, exited]);
  return {
    pid: child.pid,
    run: (job) =>
      Promise.race([
        new Promise<PolarsAnswer>((resolve) => {
          answered = resolve;
          child.send(job);
        }),
        exited,
      ]),
    stop: () => child.kill(),
  };
}
