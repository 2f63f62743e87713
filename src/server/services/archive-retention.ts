import type { Logger } from "../../shared/logger";
import { type PeriodicOptions, startPeriodic } from "../../shared/periodic-task";
import { cleanupArchive } from "./archive-reader";

export interface ArchiveRetentionOptions extends PeriodicOptions {
  /** `<data dir>/archive`. */
  root: string;
  /** ARCHIVE_RETENTION_DAYS. */
  retentionDays: number;
  logger: Logger;
}

/**
 * The archive's retention task (like the cache's maintenance, cache-maintenance.ts): removes
 * entries older than ARCHIVE_RETENTION_DAYS, shortly after start-up and then hourly.
 * Answers a stop function.
 */
export function startArchiveRetention({ root, retentionDays, logger, ...timing }: ArchiveRetentionOptions): () => void {
  return startPeriodic(
    "archive retention",
    () => {
      const deleted = cleanupArchive(root, retentionDays, Date.now());
      if (deleted > 0) logger.info("archive retention", { deleted_count: deleted, retention_days: retentionDays });
    },
    logger,
    timing,
  );
}
