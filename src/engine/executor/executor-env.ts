import { availableParallelism } from "node:os";

/**
 * Which environment an executor process starts with: `bounded` ones run only full runs in
 * bounded memory mode (src/engine/memory-mode.ts), every other job runs in a `default` one.
 * They differ in settings Polars reads once per process, so a job cannot choose them.
 */
export type ExecutorKind = "default" | "bounded";

/**
 * POLARS_JOIN_SAMPLE_LIMIT of a bounded executor: rows of each side a streaming join reads
 * before it chooses which side to build its hash table from. It holds what it reads, and
 * Polars' default is 10,000,000: on P1 at 1M rows the join held all 750,118 filtered sales
 * rows while the 100,000 customers were read (POLARS_VERBOSE: "sample lengths are 750118 vs.
 * 100000"), to choose the side it also chooses from 100,000. Measured on that query alone:
 * 120 MiB at the peak against 140, but 5% slower on a quiet machine (15% under load): the
 * default executors keep Polars' default (docs/performance.md, "Bounded memory mode").
 */
export const BOUNDED_JOIN_SAMPLE_LIMIT = "100000";

/**
 * The environment of an executor process: the Server's, with glibc's malloc arenas bounded to
 * one per core and, in a bounded executor, the join sample limit above, each unless the
 * Server's environment sets it (the operator's value wins); and WEFT_ROLE=executor
 * (src/main.ts).
 *
 * glibc gives each thread that allocates an arena of its own, up to eight per core, and each
 * arena keeps its own free pages; Polars allocates from all its threads, so those free pages
 * add up in a run's peak. Measured on P1 at 1M rows, paired in one run, 15 rounds: the engine
 * process peaked at 150 MiB with one arena per core against 169 with eight in bounded mode
 * (208 against 224 in the default mode), in 0.98x the time in the default mode and 1.05x in
 * bounded. glibc reads the setting once, at the process's start.
 */
export function executorEnv(
  serverEnv: Record<string, string | undefined>,
  kind: ExecutorKind = "default",
  cores = availableParallelism(),
): Record<string, string | undefined> {
  return {
    MALLOC_ARENA_MAX: String(Math.max(1, cores)),
    ...(kind === "bounded" ? { POLARS_JOIN_SAMPLE_LIMIT: BOUNDED_JOIN_SAMPLE_LIMIT } : {}),
    ...serverEnv,
    WEFT_ROLE: "executor",
  };
}
