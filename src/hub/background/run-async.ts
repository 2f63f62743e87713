import type { Logger } from "../../shared/logger";

/**
 * Adapts an async pass to startPeriodic (which takes a synchronous one): the pass's failure
 * is logged as `<name> failed`, as the runner logs a synchronous throw, and a pass still
 * running when the next tick comes is not started twice.
 */
export function asyncPass(name: string, pass: () => Promise<unknown>, logger: Logger): () => void {
  let running = false;
  return () => {
    if (running) return;
    running = true;
    pass()
      .catch((err: unknown) => logger.error(`${name} failed`, { error: err }))
      .finally(() => {
        running = false;
      });
  };
}
