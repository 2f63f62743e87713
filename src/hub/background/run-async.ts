import type { Logger } from "../../shared/logger";

/**
 * Adapts an async pass to startPeriodic (which takes a synchronous one): the pass's failure
 * is logged as `<name> failed`, as the runner logs a synchronous throw, and a pass still
 * running when the next tick comes is not started twice. A tick answers the pass it started
 * (settled once logged), or undefined when it skipped.
 */
export function asyncPass(name: string, pass: () => Promise<unknown>, logger: Logger): () => Promise<void> | undefined {
  let running = false;
  return () => {
    if (running) return undefined;
    running = true;
    return pass()
      .then(
        () => undefined,
        (err: unknown) => logger.error(`${name} failed`, { error: err }),
      )
      .finally(() => {
        running = false;
      });
  };
}
