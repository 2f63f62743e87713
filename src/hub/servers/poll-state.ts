import type { ServerInsert, ServerRow } from "./queries";

/** A Server is offline after this many failed polls in a row (decisions.md). */
export const OFFLINE_AFTER_FAILURES = 3;
/** Failed polls back off, doubling, to at most this. */
export const MAX_BACKOFF_MS = 5 * 60_000;

/** What one poll of a Server's health found. */
export type PollOutcome =
  | { ok: true; version: string; running: number; capacity: number | null; latencyMs: number }
  | { ok: false; error: string };

/**
 * The delay before the next poll after `failures` failed polls in a row: the interval after
 * a success; then the interval doubled per failure (30 s → 60, 120, 240 s), capped at five
 * minutes, but never more often than the interval itself (a one-hour interval stays an hour).
 */
export function nextPollDelayMs(failures: number, intervalMs: number): number {
  if (failures <= 0) return intervalMs;
  const doubled = intervalMs * 2 ** Math.min(failures, 30);
  return Math.max(intervalMs, Math.min(doubled, MAX_BACKOFF_MS));
}

/**
 * The columns a poll's outcome sets: a success is online at once and resets the count; a
 * failure keeps the last status until the third in a row, which makes the Server offline.
 */
export function afterPoll(
  server: Pick<ServerRow, "status" | "failedPolls">,
  outcome: PollOutcome,
  now: Date,
  intervalMs: number,
): Partial<ServerInsert> & Pick<ServerRow, "status" | "failedPolls"> {
  if (outcome.ok) {
    return {
      status: "online",
      failedPolls: 0,
      lastSeenAt: now,
      version: outcome.version,
      running: outcome.running,
      capacity: outcome.capacity,
      latencyMs: outcome.latencyMs,
      lastError: null,
      nextPollAt: new Date(now.getTime() + nextPollDelayMs(0, intervalMs)),
    };
  }
  const failedPolls = server.failedPolls + 1;
  return {
    status: failedPolls >= OFFLINE_AFTER_FAILURES ? "offline" : server.status,
    failedPolls,
    lastError: outcome.error.slice(0, 500),
    nextPollAt: new Date(now.getTime() + nextPollDelayMs(failedPolls, intervalMs)),
  };
}
