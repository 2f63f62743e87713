import { newId } from "../../shared/ids";

/** A repeating timer (injected: tests fire heartbeats by hand instead of waiting 15 s). */
export type Every = (ms: number, tick: () => void) => () => void;

export const realEvery: Every = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref?.();
  return () => clearInterval(timer);
};

/** A runner in this process: how to stop it, and when it has ended. */
export interface LiveRunner {
  abort: AbortController;
  done: Promise<void>;
}

/**
 * The executions side of one Hub process: its instance id (made at start, stored on every
 * run it owns, so recovery in another replica spares a run whose owner still beats), its
 * live runners, and the timer and fetch the runners use.
 */
export interface ExecutionRuntime {
  readonly instanceId: string;
  readonly live: Map<string, LiveRunner>;
  every: Every;
  fetch: typeof fetch;
  /** Largest artifact stored (EXECUTION_ARTIFACT_MAX_MB); a bigger one is recorded, not stored. */
  artifactMaxBytes: number;
  /** Log lines kept per run (the rest are counted, not kept). */
  logMaxLines: number;
  /** Set by stop: no runner starts after it. */
  stopping: boolean;
  /**
   * When this process started (its clock): the startup sweep fails only records created
   * before it, never one a dispatcher of this process inserted while the sweep ran.
   */
  readonly startedAt: Date;
}

export const DEFAULT_ARTIFACT_MAX_BYTES = 100 * 1024 * 1024;
export const DEFAULT_LOG_MAX_LINES = 2000;

export function createExecutionRuntime(options: Partial<Omit<ExecutionRuntime, "live" | "stopping">> = {}) {
  const runtime: ExecutionRuntime = {
    instanceId: options.instanceId ?? newId(),
    live: new Map(),
    every: options.every ?? realEvery,
    fetch: options.fetch ?? fetch,
    artifactMaxBytes: options.artifactMaxBytes ?? DEFAULT_ARTIFACT_MAX_BYTES,
    logMaxLines: options.logMaxLines ?? DEFAULT_LOG_MAX_LINES,
    stopping: false,
    startedAt: options.startedAt ?? new Date(),
  };
  return runtime;
}
