/**
 * When a job must end (a `Date.now()` time), known from the signal that aborts it then: the
 * executor sets it (executor/child.ts) and a database reader reads it to tell its server how
 * long a statement may run, so a query outlives no executor killed before it could cancel.
 * Kept beside the signal rather than passed down every layer a signal already goes through.
 */
const deadlines = new WeakMap<AbortSignal, number>();

export function setDeadline(signal: AbortSignal, deadline: number): void {
  deadlines.set(signal, deadline);
}

export function deadlineOf(signal: AbortSignal | undefined): number | undefined {
  return signal && deadlines.get(signal);
}
