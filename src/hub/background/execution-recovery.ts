import type { HubDeps } from "../deps";
import * as queries from "../executions/queries";
import { finish } from "../executions/runner";

export type RecoveryDeps = Pick<
  HubDeps,
  "database" | "audit" | "clock" | "events" | "logger" | "executions" | "config"
>;

/** A queued or running record whose heartbeat is older than this is stale (decisions.md). */
export const STALE_AFTER_MS = 60_000;
/** The sweep runs at startup and every minute (hub.md "Limits"). */
export const RECOVERY_EVERY_MS = 60_000;

/**
 * Whether other Hub processes may share this database (both database-backed: tokens and the
 * event broker). With one replica, no other process can own a run, so the startup sweep
 * fails every queued or running record this process has no runner for.
 */
export function sharesReplicas(config: RecoveryDeps["config"]): boolean {
  const broker = (config as { eventBrokerBackend?: string }).eventBrokerBackend;
  return config.tokenStoreBackend === "database" && broker === "postgresql";
}

/**
 * One recovery sweep (hub.md "Execution recovery"): marks failed, with the reason, every
 * queued or running record whose heartbeat is older than 60 s, and at startup (single
 * replica) every one no runner of this process owns. Their Server requests are never
 * resumed. A run another live replica owns beats every 15 s, so it is never stale; one this
 * process runs is never failed by its own sweep, even when the clock jumped past its
 * heartbeat. Answers how many it failed.
 */
export async function sweepStaleExecutions(deps: RecoveryDeps, { startup = false } = {}): Promise<number> {
  const cutoff = new Date(deps.clock().getTime() - STALE_AFTER_MS);
  const everyOther = startup && !sharesReplicas(deps.config) ? deps.executions.startedAt : undefined;
  const live = [...deps.executions.live.keys()];
  const stale = await queries.staleExecutions(deps.database, { cutoff, live, everyOther });
  let failed = 0;
  for (const row of stale) {
    const since = row.heartbeatAt ?? row.createdAt;
    const error = everyOther
      ? `The Hub restarted while this run was ${row.status}; runs are not resumed`
      : `No heartbeat since ${since.toISOString()} (over 60 s): the Hub that ran it stopped; runs are not resumed`;
    const moved = await finish(deps, row.id, ["queued", "running"], { status: "failed", error });
    if (moved) failed++;
  }
  if (failed > 0) deps.logger.warn("stale executions marked failed", { failed, startup });
  return failed;
}

/** Starts the sweeps: one now (at startup), then every minute. Answers its stop. */
export function startExecutionRecovery(deps: RecoveryDeps, everyMs = RECOVERY_EVERY_MS): () => void {
  let running: Promise<unknown> = sweepStaleExecutions(deps, { startup: true }).catch((err: unknown) =>
    deps.logger.error("execution recovery failed", { error: err }),
  );
  const stop = deps.executions.every(everyMs, () => {
    running = running.then(() =>
      sweepStaleExecutions(deps).catch((err: unknown) =>
        deps.logger.error("execution recovery failed", { error: err }),
      ),
    );
  });
  return stop;
}
