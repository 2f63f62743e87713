/**
 * The claims that make identical cache work happen once across executors: an executor asks
 * for a blocking tool's key before it computes the result; the first goes, the others wait
 * until the holder releases the key (then they read what it stored). `answer` tells a waiter
 * or the holder (the pool sends it over the executor's channel).
 */
export class Claims<E> {
  private readonly held = new Map<string, { holder: E; waiters: { executor: E; id: number }[] }>();

  constructor(private readonly answer: (executor: E, id: number, outcome: "go" | "done") => void) {}

  /** `executor` asks for `key` for its request `id`: it goes at once, or waits for the holder. */
  claim(executor: E, key: string, id: number): void {
    const claim = this.held.get(key);
    if (!claim) {
      this.held.set(key, { holder: executor, waiters: [] });
      this.answer(executor, id, "go");
    } else {
      claim.waiters.push({ executor, id });
    }
  }

  /** The holder is done with `key`: every waiter is told so. */
  release(executor: E, key: string): void {
    const claim = this.held.get(key);
    if (!claim || claim.holder !== executor) return;
    this.held.delete(key);
    for (const waiter of claim.waiters) this.answer(waiter.executor, waiter.id, "done");
  }

  /** An executor went away: it waits for nothing, and what it held is released. */
  forget(executor: E): void {
    for (const [key, claim] of this.held) {
      claim.waiters = claim.waiters.filter((w) => w.executor !== executor);
      if (claim.holder === executor) this.release(executor, key);
    }
  }
}
