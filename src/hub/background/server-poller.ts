import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import type { Logger } from "../../shared/logger";
import type { AuditWriter } from "../audit/writer";
import { POLL_TIMEOUT_MS } from "../servers/health-check";
import { pollServer } from "../servers/poll";
import { serversDue } from "../servers/queries";

export interface ServerPollerDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
  logger: Logger;
  config: { serverPollIntervalSeconds: number };
}

export interface ServerPollerOptions {
  /** How often the poller looks for Servers that are due (each Server has its own next_poll_at). */
  tickMs?: number;
  /** How long one poll waits for a Server's answer. */
  timeoutMs?: number;
}

export interface ServerPoller {
  /** Polls every Server due at the clock's now, all at once; resolves when all are recorded. */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * The poller's work, without a timer: each Server is due at its own `next_poll_at`, which
 * a poll's outcome sets (poll-state.ts: the interval after a success; doubling on failure,
 * at most five minutes; offline after three failures in a row). Tests drive `tick` by
 * moving the injected clock.
 */
export function createServerPoller(deps: ServerPollerDeps, { timeoutMs = POLL_TIMEOUT_MS }: ServerPollerOptions = {}) {
  const pollDeps = {
    audit: deps.audit,
    clock: deps.clock,
    intervalMs: deps.config.serverPollIntervalSeconds * 1000,
    timeoutMs,
  };
  return async function tick(): Promise<void> {
    const due = await serversDue(deps.database, deps.clock());
    await Promise.all(
      due.map((server) =>
        pollServer(pollDeps, server).catch((err: unknown) =>
          deps.logger.error("server poll failed to record", { server_id: server.id, error: err }),
        ),
      ),
    );
  };
}

/**
 * Starts the Server health poller (hub.md "Background work"): every `tickMs` (one second)
 * it polls the Servers that are due. A tick that is still running when the next is due is
 * not doubled up: a slow Server delays the next look, it never piles up polls.
 */
export function startServerPoller(deps: ServerPollerDeps, options: ServerPollerOptions = {}): ServerPoller {
  const tick = createServerPoller(deps, options);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((err: unknown) => deps.logger.error("server poller tick failed", { error: err }))
      .finally(() => {
        running = undefined;
      });
  }, options.tickMs ?? 1000);
  timer.unref?.();
  return { tick, stop: () => clearInterval(timer) };
}
