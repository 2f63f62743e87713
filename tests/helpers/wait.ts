/** How long a wait for a state may take before the test fails instead of hanging. */
export const WAIT_BOUND_MS = 20_000;

/**
 * Waits for a state a test needs (an executor ready, a run ended, a process gone, a query
 * seen or gone on a database server), looking every 20 ms. The bound only stops a test that
 * would otherwise hang: it is far above what a busy machine takes, so how fast the machine
 * is decides nothing.
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  boundMs = WAIT_BOUND_MS,
): Promise<void> {
  const until = performance.now() + boundMs;
  while (!(await check())) {
    if (performance.now() > until) throw new Error(`Waited ${boundMs} ms for ${what}`);
    await Bun.sleep(20);
  }
}
