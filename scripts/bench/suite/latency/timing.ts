/** Timing pieces the latency scenarios share. */

/** Milliseconds `fn` takes, awaited. */
export async function timed(fn: () => unknown): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** The value at fraction `p` (0-1) of `xs` by nearest rank; NaN for none. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] as number;
}

export const median = (xs: readonly number[]) => percentile(xs, 0.5);

/**
 * Runs `fn` `warmups` times untimed (caches, JIT, executor processes all warm), then `runs`
 * times, answering each run's milliseconds.
 */
export async function warmSeries(runs: number, fn: () => unknown, warmups = 3): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(fn));
  return times;
}
