import { startPeriodic } from "../../shared/periodic-task";
import type { HubDeps } from "../deps";
import { AUDIT_CHECKPOINT_EVERY_MS, checkpointHead } from "./audit-checkpoint";
import { startConnectionPoller } from "./connection-poller";
import { startExecutionRecovery } from "./execution-recovery";
import { asyncPass } from "./run-async";
import { startScheduler } from "./scheduler";
import { startServerPoller } from "./server-poller";
import { deleteExpiredSessions, SESSION_CLEANUP_EVERY_MS } from "./session-cleanup";
import { startTokenCleanup } from "./token-cleanup";

/**
 * Every background task of the Hub, started with it (hub.md "Background work"); answers one
 * stop for all. Each task is a pass over the database with the injected clock, run by the
 * shared periodic runner, so a test calls the pass directly instead of waiting.
 */
export function startBackgroundTasks(deps: HubDeps): () => void {
  const { logger } = deps;
  const stops = [
    startPeriodic(
      "audit checkpoint",
      asyncPass("audit checkpoint", () => checkpointHead(deps.checkpoints), logger),
      logger,
      { everyMs: AUDIT_CHECKPOINT_EVERY_MS },
    ),
    startPeriodic(
      "session cleanup",
      asyncPass(
        "session cleanup",
        async () => {
          const deleted = await deleteExpiredSessions(deps.database, deps.clock);
          if (deleted > 0) logger.info("expired sessions deleted", { deleted });
        },
        logger,
      ),
      logger,
      { everyMs: SESSION_CLEANUP_EVERY_MS },
    ),
    startConnectionPoller(deps),
    startServerPoller(deps).stop,
    startTokenCleanup(deps),
    startExecutionRecovery(deps),
    startScheduler(deps),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
