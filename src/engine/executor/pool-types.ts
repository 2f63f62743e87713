import type { FileAccessPolicy } from "../../shared/file-access";
import type { Logger } from "../../shared/logger";
import type { EngineSettings, RunEvent } from "../job";

/** What the executor pool (pool.ts) is given, what a job is given with it, and what it reports. */

export interface ExecutorPoolOptions {
  /** How many executor processes run at once (each runs one job at a time). */
  size: number;
  settings: EngineSettings;
  logger: Logger;
  /** MAX_EXECUTION_TIME_SECONDS: past it a job's process is killed and the job fails with 504. */
  timeoutMs: number;
  /**
   * ENGINE_MEMORY_LIMIT_MB, in bytes: an executor whose resident size passes it is killed
   * (its job fails with 422) and replaced. Absent: not watched.
   */
  memoryLimitBytes?: number;
  /** The command that starts an executor; this same program in executor role by default. */
  command?: string[];
  /**
   * The file-access policy of the request a job is run for, when it is not the Server's own
   * (hub mode: the roots of the Hub's answer for that request), read when the job is handed in.
   */
  jobFileAccess?: () => FileAccessPolicy | undefined;
}

/** What a caller gives with a job besides the job itself. */
export interface RunOptions {
  /**
   * Hears the job's progress as the executor reports it (a full run's: job.ts `RunEvent`),
   * until the job settles. It must not throw; if it does, the error is logged and the job goes on.
   */
  onEvent?(event: RunEvent): void;
  /**
   * Aborting it stops the job as the time limit does: a queued job is dropped, a running
   * one's process is killed (the only way to stop native work) and a fresh one replaces it.
   * The job fails with an ExecutionError saying it was cancelled.
   */
  signal?: AbortSignal;
}

export interface PoolStats {
  /** ENGINE_PROCESSES: how many executors the pool keeps. */
  size: number;
  pids: number[];
  /** Executors alive (idle, busy or starting), of both kinds: up to twice `size`. */
  running: number;
  /** Default executors that can take a job now (none while `size` jobs run). */
  idle: number;
  busy: number;
  starting: number;
  /** Jobs waiting for an executor. */
  queued: number;
  /** Executors that failed to start in a row, across the pool's retries (0 once one starts). */
  startFailures: number;
}
