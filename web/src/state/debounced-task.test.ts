import { describe, expect, test } from "bun:test";
import { type Clock, createDebouncedTask } from "./debounced-task";

/** A clock moved by hand: `advance(ms)` fires the timers that fall due. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.fn();
      }
    }
  };
  return { clock, advance, pending: () => timers.size };
}

/** A task whose calls resolve when the test says so. */
function controlledTask() {
  const calls: { n: number; signal: AbortSignal; resolve(v: string): void; reject(e: unknown): void }[] = [];
  const task = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ n: calls.length + 1, signal, resolve, reject });
    });
  return { task, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("createDebouncedTask", () => {
  test("waits for the quiet period and runs once for a burst of changes", async () => {
    const { clock, advance } = fakeClock();
    const { task, calls } = controlledTask();
    const results: string[] = [];
    const runner = createDebouncedTask(
      task,
      { onResult: (r) => results.push(r), onError: () => {} },
      { delayMs: 300, clock },
    );
    runner.schedule();
    advance(200);
    runner.schedule();
    advance(200);
    runner.schedule();
    advance(299);
    expect(calls.length).toBe(0);
    expect(runner.busy()).toBe(true);
    advance(1);
    expect(calls.length).toBe(1);
    calls[0]?.resolve("a");
    await flush();
    expect(results).toEqual(["a"]);
    expect(runner.busy()).toBe(false);
  });

  test("a newer change aborts the request in flight and drops its late answer", async () => {
    const { clock, advance } = fakeClock();
    const { task, calls } = controlledTask();
    const results: string[] = [];
    const errors: unknown[] = [];
    const runner = createDebouncedTask(
      task,
      { onResult: (r) => results.push(r), onError: (e) => errors.push(e) },
      { delayMs: 300, clock },
    );
    runner.schedule();
    advance(300);
    expect(calls.length).toBe(1);
    runner.schedule();
    expect(calls[0]?.signal.aborted).toBe(true);
    // The first answer arrives anyway (the abort came too late): it is superseded.
    calls[0]?.resolve("old");
    await flush();
    expect(results).toEqual([]);
    advance(300);
    calls[1]?.resolve("new");
    await flush();
    expect(results).toEqual(["new"]);
    expect(errors).toEqual([]);
  });

  test("now runs at once, superseding a scheduled run", async () => {
    const { clock, advance, pending } = fakeClock();
    const { task, calls } = controlledTask();
    const results: string[] = [];
    const runner = createDebouncedTask(
      task,
      { onResult: (r) => results.push(r), onError: () => {} },
      { delayMs: 300, clock },
    );
    runner.schedule();
    runner.now();
    expect(calls.length).toBe(1);
    expect(pending()).toBe(0);
    advance(1000);
    expect(calls.length).toBe(1);
    calls[0]?.resolve("x");
    await flush();
    expect(results).toEqual(["x"]);
  });

  test("reports the latest failure, and idles", async () => {
    const { clock, advance } = fakeClock();
    const { task, calls } = controlledTask();
    const errors: unknown[] = [];
    let idle = 0;
    let started = 0;
    const runner = createDebouncedTask(
      task,
      { onStart: () => started++, onResult: () => {}, onError: (e) => errors.push(e), onIdle: () => idle++ },
      { delayMs: 10, clock },
    );
    runner.schedule();
    advance(10);
    calls[0]?.reject(new Error("boom"));
    await flush();
    expect(started).toBe(1);
    expect((errors[0] as Error).message).toBe("boom");
    expect(idle).toBe(1);
  });

  test("cancel aborts and never reports", async () => {
    const { clock, advance } = fakeClock();
    const { task, calls } = controlledTask();
    const seen: unknown[] = [];
    let idle = 0;
    const runner = createDebouncedTask(
      task,
      { onResult: (r) => seen.push(r), onError: (e) => seen.push(e), onIdle: () => idle++ },
      { delayMs: 10, clock },
    );
    runner.schedule();
    advance(10);
    runner.cancel();
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.reject(new DOMException("aborted", "AbortError"));
    await flush();
    expect(seen).toEqual([]);
    expect(idle).toBe(1);
    expect(runner.busy()).toBe(false);
  });
});
