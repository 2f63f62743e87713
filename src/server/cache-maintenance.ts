import { runMaintenance } from "../engine/cache/maintenance";
import { pruneTranscoded } from "../formats/csv/transcode";
import type { Logger } from "../shared/logger";

export interface CacheMaintenanceOptions {
  root: string;
  quotaBytes: number;
  retentionDays: number;
  logger: Logger;
  /** How often; hourly by default. The first pass runs shortly after start-up. */
  everyMs?: number;
}

/**
 * The cache's maintenance task: drops entries unused for CACHE_RETENTION_DAYS, then evicts
 * the least recently used until the cache fits CACHE_QUOTA_GB, and removes the UTF-8 copies of
 * CSV files in other encodings unused for a day. Answers a stop function.
 */
export function startCacheMaintenance({
  root,
  quotaBytes,
  retentionDays,
  logger,
  everyMs = 3_600_000,
}: CacheMaintenanceOptions): () => void {
  const pass = () => {
    try {
      const result = runMaintenance({ root, quotaBytes, retentionDays, now: Date.now() });
      if (result.ttl_files_deleted + result.lru_files_evicted > 0) logger.info("cache maintenance", { ...result });
      // UTF-8 copies of CSV files in other encodings, unused for a day.
      const transcoded = pruneTranscoded();
      if (transcoded > 0) logger.info("transcoded copies removed", { files: transcoded });
    } catch (err) {
      logger.error("cache maintenance failed", { error: err });
    }
  };
  const first = setTimeout(pass, 10_000);
  const every = setInterval(pass, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
