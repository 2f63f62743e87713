import {
  DataSourceError,
  ExecutionError,
  ExecutionTimeoutError,
  FeatureDisabledError,
  ForbiddenError,
  NotFoundError,
  SafetyLimitError,
  ToolConfigError,
  ToolRuntimeError,
  ValidationError,
  WeftError,
} from "../../shared/errors";
import type { LogFields, LogLevel } from "../../shared/logger";
import type { EngineSettings, JobRequest, JobResult, RunEvent } from "../job";

/** Messages from the Server process to an executor process. */
export type ToExecutor =
  | { t: "init"; settings: EngineSettings }
  /** `deadline`: epoch ms when the pool kills the job; the executor cancels its queries just before. */
  /**
   * `events`: someone hears the job's progress (RunOptions.onEvent); without it the
   * executor sends none, and a full run does no progress work at all (run-progress.ts).
   */
  | { t: "job"; id: number; job: JobRequest; deadline: number; events?: boolean }
  | { t: "claimed"; id: number; outcome: ClaimOutcome };

/** Messages from an executor process to the Server process. */
export type FromExecutor =
  | { t: "ready" }
  /** `retire`: the job left this process holding much memory; the pool replaces it (child.ts). */
  | { t: "done"; id: number; result: JobResult; retire?: true }
  | { t: "failed"; id: number; error: SerializedError; retire?: true }
  /** Progress of job `id` as it happens (a full run's), before its `done` or `failed`. */
  | { t: "event"; id: number; event: RunEvent }
  | { t: "claim"; id: number; key: string }
  | { t: "release"; key: string }
  | { t: "log"; level: LogLevel; msg: string; fields?: LogFields };

/**
 * `go`: compute it, nobody else is. `done`: another executor just finished the same work
 * (look in the cache again; if it failed there, claim again).
 */
export type ClaimOutcome = "go" | "done";

/** An error as it crosses the process boundary. */
export interface SerializedError {
  name: string;
  message: string;
  /** A Weft error's status: what classifies it, also for a class the Server does not revive by name. */
  status?: number;
  toolId?: string;
  limit?: number;
  wouldBe?: number;
  stack?: string;
}

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: "Error", message: String(err) };
  const out: SerializedError = { name: err.name, message: err.message, stack: err.stack };
  if (err instanceof WeftError) out.status = err.status;
  if (err instanceof ToolConfigError || err instanceof ToolRuntimeError) out.toolId = err.toolId;
  if (err instanceof SafetyLimitError) Object.assign(out, { limit: err.limit, wouldBe: err.wouldBe });
  return out;
}

/**
 * The error again, as the class it was, so the Server's one error handler maps it to the
 * same status; a Weft error of another class (an ExpressionError, a ValidationError's
 * subclass) keeps its status and name. An error that was not Weft's stays an unexpected
 * Error (a 500 with an id), its class named in its message.
 */
export function reviveError(e: SerializedError): Error {
  const simple: Record<string, new (message: string) => WeftError> = {
    ValidationError,
    DataSourceError,
    ExecutionError,
    ExecutionTimeoutError,
    FeatureDisabledError,
    ForbiddenError,
    NotFoundError,
  };
  let err: Error;
  if (e.name === "ToolConfigError") err = new ToolConfigError(e.toolId ?? "", e.message);
  else if (e.name === "ToolRuntimeError") err = new ToolRuntimeError(e.toolId ?? "", e.message);
  else if (e.name === "SafetyLimitError") err = new SafetyLimitError(e.message, e.limit ?? 0, e.wouldBe ?? 0);
  else {
    const Known = simple[e.name];
    if (Known) err = new Known(e.message);
    else if (e.status !== undefined) err = new RevivedWeftError(e.name, e.message, e.status);
    else err = new Error(`${e.name}: ${e.message}`);
  }
  if (e.stack) err.stack = e.stack;
  return err;
}

/** A Weft error of a class revived by its status alone: the same answer, the same name in logs. */
class RevivedWeftError extends WeftError {
  constructor(
    name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = name;
  }
}
