import type { Clock } from "../../src/shared/clock";

/** A clock that stands still until a test moves it. */
export interface ManualClock {
  clock: Clock;
  now(): Date;
  advance(ms: number): void;
  set(at: Date | string): void;
}

export function manualClock(start: Date | string = "2026-01-01T00:00:00.000Z"): ManualClock {
  let at = new Date(start).getTime();
  return {
    clock: () => new Date(at),
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
    set: (to) => {
      at = new Date(to).getTime();
    },
  };
}
