import { availableParallelism } from "node:os";

/**
 * Polars and glibc settings every executor process starts with, unless the Server's own
 * environment sets them (the operator's value wins). Both are read once per process, when
 * Polars or the allocator first needs them, so they cannot change per job: they hold in both
 * memory modes. Measured on P1 at 1M rows (docs/performance.md, "Bounded memory mode"), both
 * lowered the engine process's peak in both modes without changing the time beyond the noise.
 */
export const EXECUTOR_ENV_DEFAULTS = {
  /**
   * Rows of each side a streaming join reads before it chooses which side to build its hash
   * table from. Polars' default, 10,000,000, holds every row it samples in memory: on P1 the
   * join sampled all 750,118 filtered sales rows while the 100,000 customers were read (about
   * 20 MiB at 1M rows), to choose the side it also chose from 100,000 (one morsel). A side
   * that ends below the limit is still known exactly.
   */
  POLARS_JOIN_SAMPLE_LIMIT: "100000",
} as const;

/**
 * The environment of an executor process: the Server's, the defaults above where it does not
 * set them, glibc's malloc arenas bounded to one per core, and WEFT_ROLE=executor
 * (src/main.ts). glibc gives each thread that allocates an arena of its own up to eight per
 * core, each keeping its own free memory; Polars allocates from all its threads, so the
 * arenas' free pages add up in the peak (measured 5-10 MiB at 1M rows with one per core).
 */
export function executorEnv(
  serverEnv: Record<string, string | undefined>,
  cores = availableParallelism(),
): Record<string, string | undefined> {
  return {
    ...EXECUTOR_ENV_DEFAULTS,
    MALLOC_ARENA_MAX: String(Math.max(1, cores)),
    ...serverEnv,
    WEFT_ROLE: "executor",
  };
}
