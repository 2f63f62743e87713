import { runMaintenance } from "../engine/cache/maintenance";
import { pruneTranscoded } from "../formats/csv/transcode";
import type { Logger } from "../shared/logger";
import { type PeriodicOptions, startPeriodic } from "../shared/periodic-task";

export interface CacheMaintenanceOptions extends PeriodicOptions {
  root: string;
  quotaBytes: number;
  retentionDays: number;
  logger: Logger;
}

/**
 * The cache's maintenance task, shortly after start-up and then hourly: drops entries unused
 * for CACHE_RETENTION_DAYS, then evicts the least recently used until the cache fits
 * CACHE_QUOTA_GB, and removes the UTF-8 copies of CSV files in other encodings unused for a
 * day. Answers a stop function.
 */
export function startCacheMaintenance({
  root,
  quotaBytes,
  retentionDays,
  logger,
  ...timing
}: CacheMaintenanceOptions): () => void {
  return startPeriodic(
    "cache maintenance",
    () => {
      const result = runMaintenance({ root, quotaBytes, retentionDays, now: Date.now() });
      if (result.ttl_files_deleted + result.lru_files_evicted > 0) logger.info("cache maintenance", { ...result });
      const transcoded = pruneTranscoded();
      if (transcoded > 0) logger.info("transcoded copies removed", { files: transcoded });
    },
    logger,
    timing,
  );
}
