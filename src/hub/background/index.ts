import { startPeriodic } from "../../shared/periodic-task";
import type { HubDeps } from "../deps";
import { ARTIFACT_SWEEP_EVERY_MS, sweepArtifacts } from "./artifact-sweep";
import { AUDIT_CHECKPOINT_EVERY_MS, checkpointHead } from "./audit-checkpoint";
import { startConnectionPoller } from "./connection-poller";
import { startExecutionRecovery } from "./execution-recovery";
import { asyncPass } from "./run-async";
import { startScheduler } from "./scheduler";
import { startServerPoller } from "./server-poller";
import { deleteExpiredSessions, SESSION_CLEANUP_EVERY_MS } from "./session-cleanup";
import { startTokenCleanup } from "./token-cleanup";

/**
 * Every background task of the Hub, started with it (docs/hub.md; README.md here lists each
 * with its period); answers one stop for all. Each task's pass works with the injected clock
 * and is exported apart from its timer, so a test calls it directly instead of waiting: the
 * fixed-period ones run on the shared periodic runner, the pollers, the scheduler and the
 * recovery sweep plan their own next pass (one never overlaps the one before).
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
    startPeriodic(
      "artifact sweep",
      asyncPass(
        "artifact sweep",
        async () => {
          const swept = await sweepArtifacts(deps.database, deps.dataDir, deps.clock);
          if (swept.removed > 0) logger.info("artifact files no execution names removed", { ...swept });
        },
        logger,
      ),
      logger,
      { everyMs: ARTIFACT_SWEEP_EVERY_MS },
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
