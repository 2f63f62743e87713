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
 * Past the whole second a pass waits, so the occurrences of that second are due by then
 * (cron's finest unit is the second) while the machine's timers and a database clock a few
 * milliseconds apart still agree.
 */
const AFTER_SECOND_MS = 20;

/** Milliseconds from `now` to just after the next whole second. */
export function delayToNextSecond(now: number): number {
  return SCHEDULER_POLL_MS - (now % SCHEDULER_POLL_MS) + AFTER_SECOND_MS;
}

/**
 * Starts the schedule dispatcher (hub.md "Background work"): once a second it claims the due
 * schedules and inserts their executions (schedules/dispatch.ts). Each pass is timed to just
 * after a whole second rather than every 1,000 ms from start-up: otherwise every occurrence
 * waits for the next pass by the phase of the Hub's start, anywhere from 0 to 1 s, the same
 * for all of them (docs/performance.md "Schedule dispatch lag"). A pass still running when
 * the next is due is not doubled. Answers its stop.
 */
export function startScheduler(deps: SchedulerDeps): () => void {
  const pass = asyncPass("scheduler", () => dispatchDue(deps), deps.logger);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    void pass();
    timer = setTimeout(tick, delayToNextSecond(Date.now()));
    timer.unref?.();
  };
  timer = setTimeout(tick, delayToNextSecond(Date.now()));
  timer.unref?.();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
