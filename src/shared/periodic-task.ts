import type { Logger } from "./logger";

export interface PeriodicOptions {
  /** How often; hourly by default. */
  everyMs?: number;
  /** The first pass's delay (10 s by default, so start-up is not slowed). */
  firstMs?: number;
}

/**
 * Runs `pass` shortly after start-up and then every `everyMs`, never keeping the process
 * alive. A failing pass is logged as `<name> failed` (a timer has no caller to tell) and the
 * next one runs as planned. Answers a stop function.
 */
export function startPeriodic(
  name: string,
  pass: () => void,
  logger: Logger,
  { everyMs = 3_600_000, firstMs = 10_000 }: PeriodicOptions = {},
): () => void {
  const guarded = () => {
    try {
      pass();
    } catch (err) {
      logger.error(`${name} failed`, { error: err });
    }
  };
  const first = setTimeout(guarded, firstMs);
  const every = setInterval(guarded, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
