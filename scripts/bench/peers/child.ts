/**
 * Runs one peer's scenario in its own child process, so the peak RSS it reports is that
 * process's alone (not the bench's, nor another peer's). The child gets its job as one JSON
 * argument and prints its outcome as one JSON line starting with RESULT_PREFIX; anything else
 * it prints is passed through for the reader.
 */
import { peakRssMb as ownPeakRssMb } from "../suite/measure";
import type { Answer, Sample } from "../suite/types";
import { availableMemoryMb, MEMORY_BUDGET_SHARE, watchMemory } from "./memory-watch";

export const RESULT_PREFIX = "BENCH_RESULT ";

/** What a child prints: the wall time of the work only (not start-up or imports), its peak RSS. */
export interface ChildOutcome {
  ms: number;
  peakRssMb?: number;
  answer: Answer;
  /** A caveat a result should carry, e.g. that the output was written as CSV for want of Parquet. */
  note?: string;
}

export interface PeerOutcome {
  sample: Sample;
  answer: Answer;
  note?: string;
}

/** What a peer's child is asked to do: one scenario on these files, writing its result to `out`. */
export interface PipelineJob {
  scenario: "P1" | "P2" | "P3";
  sales: string;
  customers: string;
  out: string;
}

/** Raised when a peer cannot run here at all; its message says why (status "unavailable"). */
export class PeerUnavailable extends Error {}

/**
 * Runs the child to completion and returns what it printed. A child that outgrows its memory
 * budget (by default MEMORY_BUDGET_SHARE of the memory available when it starts) is stopped
 * and the peer is unavailable at this size.
 */
export async function runChild(
  command: string[],
  job: unknown,
  options: { env?: Record<string, string>; memoryBudgetMb?: number } = {},
): Promise<PeerOutcome> {
  const child = Bun.spawn([...command, JSON.stringify(job)], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...options.env },
  });
  const budget = options.memoryBudgetMb ?? (availableMemoryMb() ?? Number.POSITIVE_INFINITY) * MEMORY_BUDGET_SHARE;
  const watch = watchMemory(child.pid, budget);
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]).finally(watch.stop);
  const over = watch.exceeded();
  if (over !== undefined)
    throw new PeerUnavailable(
      `needs more memory than this machine has: stopped at ${mib(over)} resident, past its budget of ${mib(budget)} (${MEMORY_BUDGET_SHARE * 100}% of the memory available when it started)`,
    );
  const line = stdout.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
  if (code !== 0 || line === undefined) {
    const tail = (stderr.trim() || stdout.trim()).split("\n").slice(-8).join("\n");
    throw new Error(`${command.join(" ")} exited with ${code}: ${tail}`);
  }
  const outcome = JSON.parse(line.slice(RESULT_PREFIX.length)) as ChildOutcome;
  return { sample: { ms: outcome.ms, peakRssMb: outcome.peakRssMb }, answer: outcome.answer, note: outcome.note };
}

function mib(mb: number): string {
  return mb >= 1024 ? `${(mb / 1024).toFixed(1)} GiB` : `${mb.toFixed(0)} MiB`;
}

/** In a Bun child: print the outcome in the form runChild reads. */
export function reportOutcome(outcome: ChildOutcome): void {
  console.log(`${RESULT_PREFIX}${JSON.stringify(outcome)}`);
}

/**
 * Peak RSS of this process in MiB: VmHWM of its own memory (/proc/self/status). Not
 * getrusage's maxRSS, which on Linux keeps the high-water mark of the process before its exec,
 * that is of the forked copy of the harness, so every peer showed the harness's size.
 */
export function peakRssMb(): number | undefined {
  return ownPeakRssMb("self");
}

/** The job a Bun child was given (its last argument). */
export function jobArgument<T>(): T {
  const raw = process.argv[process.argv.length - 1];
  if (raw === undefined) throw new Error("no job argument");
  return JSON.parse(raw) as T;
}
