import { readFileSync, writeFileSync } from "node:fs";

/**
 * The arithmetic and the measuring of `npm run bench`: medians, spreads, paired ratios,
 * alternating runs, and the peak resident memory of the process that did the work.
 */

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function minMax(xs: number[]): { min: number; max: number } {
  if (xs.length === 0) return { min: Number.NaN, max: Number.NaN };
  return { min: Math.min(...xs), max: Math.max(...xs) };
}

/**
 * The median of the per-round ratios a[i] / b[i]: runs that alternate share the machine's
 * state of the moment (another process's load, the page cache), so their ratio is steadier
 * than the ratio of two medians. Falls back to the ratio of the medians when the two series
 * are not paired (different lengths).
 */
export function pairedRatio(a: number[], b: number[]): number {
  if (a.length === 0 || b.length === 0) return Number.NaN;
  if (a.length !== b.length) return median(a) / median(b);
  return median(a.map((x, i) => x / (b[i] as number)));
}

/** One contender of an alternation: a name and one run of its work. */
export interface Contender<T> {
  name: string;
  run(): Promise<T>;
}

/**
 * Runs every contender once per round, `rounds` times, after `warmups` untimed rounds. The
 * order rotates each round (round r starts with contender r mod n), so no one always goes
 * first, right after another's cache or memory churn. Returns each contender's results in
 * round order: result i of one and result i of another come from the same round.
 */
export async function alternate<T>(contenders: Contender<T>[], rounds: number, warmups = 1): Promise<Map<string, T[]>> {
  const results = new Map<string, T[]>(contenders.map((c) => [c.name, []]));
  const n = contenders.length;
  for (let round = -warmups; round < rounds; round++) {
    for (let k = 0; k < n; k++) {
      const contender = contenders[(((round % n) + n + k) % n) as number] as Contender<T>;
      const result = await contender.run();
      if (round >= 0) results.get(contender.name)?.push(result);
    }
  }
  return results;
}

/** The wall time of `fn` in milliseconds, with its result. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** VmHWM (the peak resident set) of a /proc/<pid>/status text, in MiB; undefined when absent. */
export function parseVmHwmMb(status: string): number | undefined {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) / 1024 : undefined;
}

/** The peak resident set of a live process in MiB (Linux), or undefined where /proc cannot tell. */
export function peakRssMb(pid: number | "self"): number | undefined {
  try {
    return parseVmHwmMb(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Resets a process's peak resident set to its current size (Linux: writing 5 to clear_refs),
 * so VmHWM read after a run is that run's peak, not the peak of the process's whole life.
 * Returns false where that is refused or not there.
 */
export function resetPeakRss(pid: number | "self"): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** VmRSS (the resident set now) of a /proc/<pid>/status text, in MiB; undefined when absent. */
export function parseVmRssMb(status: string): number | undefined {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) / 1024 : undefined;
}

/** The resident set of a live process now, in MiB (Linux), or undefined where /proc cannot tell. */
export function rssMb(pid: number | "self"): number | undefined {
  try {
    return parseVmRssMb(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return undefined;
  }
}

/** One process's resident size when its peak was reset, and its peak after the work. */
export interface ProcessPeak {
  startMb?: number;
  peakMb?: number;
}

/**
 * The peak of the process that did the work, among several that may have: the one whose
 * peak grew most over its size at the reset. The largest peak would not do: a Server has an
 * engine process per memory mode (src/engine/executor/executor-env.ts), and one idle since
 * its last job may be larger than the one that worked. Undefined when no peak is known.
 */
export function peakOfBusiest(processes: ProcessPeak[]): number | undefined {
  let best: { growth: number; peak: number } | undefined;
  for (const { startMb, peakMb } of processes) {
    if (peakMb === undefined) continue;
    const growth = peakMb - (startMb ?? peakMb);
    if (!best || growth > best.growth) best = { growth, peak: peakMb };
  }
  return best?.peak;
}

/** The largest of some peaks that may be unknown; undefined when all are. */
export function largest(peaks: (number | undefined)[]): number | undefined {
  const known = peaks.filter((p): p is number => p !== undefined);
  return known.length === 0 ? undefined : Math.max(...known);
}
