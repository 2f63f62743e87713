/** Timers, injectable so tests drive time by hand. */
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface DebouncedTaskHandlers<T> {
  /** A request starts (after the quiet period, or at once for `now`). */
  onStart?(): void;
  /** The latest request answered; superseded answers never arrive here. */
  onResult(result: T): void;
  /** The latest request failed (an abort of a superseded one is not reported). */
  onError(error: unknown): void;
  /** Nothing is scheduled or in flight any more. */
  onIdle?(): void;
}

export interface DebouncedTask {
  /** Asks for a run after `delayMs` of quiet; cancels what is scheduled and aborts what is in flight. */
  schedule(): void;
  /** Runs at once (load, explicit refresh), superseding anything before. */
  now(): void;
  /** Cancels what is scheduled and aborts what is in flight. */
  cancel(): void;
  /** Whether a run is scheduled or in flight. */
  busy(): boolean;
}

/**
 * Latest-wins, debounced runs of an async task: each `schedule` restarts the quiet period
 * and aborts the request in flight (its AbortSignal fires), and an answer that arrives
 * after being superseded is dropped even if the abort came too late to stop it.
 */
export function createDebouncedTask<T>(
  task: (signal: AbortSignal) => Promise<T>,
  handlers: DebouncedTaskHandlers<T>,
  options: { delayMs: number; clock?: Clock },
): DebouncedTask {
  const clock = options.clock ?? realClock;
  let timer: unknown;
  let controller: AbortController | undefined;
  let generation = 0;

  const stop = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
    generation++;
  };

  const start = () => {
    timer = undefined;
    const mine = ++generation;
    const ctl = new AbortController();
    controller = ctl;
    handlers.onStart?.();
    let promise: Promise<T>;
    try {
      promise = task(ctl.signal);
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (result) => {
        if (mine !== generation) return;
        controller = undefined;
        handlers.onResult(result);
        handlers.onIdle?.();
      },
      (error: unknown) => {
        if (mine !== generation) return;
        controller = undefined;
        handlers.onError(error);
        handlers.onIdle?.();
      },
    );
  };

  return {
    schedule() {
      stop();
      timer = clock.setTimeout(start, options.delayMs);
    },
    now() {
      stop();
      start();
    },
    cancel() {
      const wasBusy = timer !== undefined || controller !== undefined;
      stop();
      if (wasBusy) handlers.onIdle?.();
    },
    busy: () => timer !== undefined || controller !== undefined,
  };
}
