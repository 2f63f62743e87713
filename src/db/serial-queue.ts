/**
 * Runs async jobs one at a time, in arrival order: the in-process half of serializing
 * SQLite writers (the other half is BEGIN IMMEDIATE, which covers other processes).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    // The next job waits for this one to settle, whether it succeeded or not.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
