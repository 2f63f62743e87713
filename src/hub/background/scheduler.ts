import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import type { Logger } from "../../shared/logger";
import { dispatchDue, type OnDispatched } from "../schedules/dispatch";
import { asyncPass } from "./run-async";

export interface SchedulerDeps {
  database: HubDatabase;
  clock: Clock;
  logger: Logger;
  /** Starts the runner of an execution the dispatcher committed (the lead wires startExecution). */
  onDispatched: OnDispatched;
}

/** hub.md "Limits": the scheduler polls every second. */
export const SCHEDULER_POLL_MS = 1000;

/**
 * Starts the schedule dispatcher (hub.md "Background work"): every second it claims the due
 * schedules and inserts their executions (schedules/dispatch.ts). A pass still running when
 * the next tick comes is not doubled. Answers its stop.
 */
export function startScheduler(deps: SchedulerDeps, everyMs = SCHEDULER_POLL_MS): () => void {
  const pass = asyncPass("scheduler", () => dispatchDue(deps), deps.logger);
  const timer = setInterval(pass, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
