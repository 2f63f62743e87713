import type { Logger } from "../../shared/logger";
import { cleanupArchive } from "./archive-reader";

export interface ArchiveRetentionOptions {
  /** `<data dir>/archive`. */
  root: string;
  /** ARCHIVE_RETENTION_DAYS. */
  retentionDays: number;
  logger: Logger;
  /** How often; hourly by default. The first pass runs shortly after start-up. */
  everyMs?: number;
  /** The first pass's delay (10 s by default, so start-up is not slowed). */
  firstMs?: number;
}

/**
 * The archive's retention task (like the cache's maintenance, cache-maintenance.ts): removes
 * entries older than ARCHIVE_RETENTION_DAYS. Answers a stop function.
 */
export function startArchiveRetention({
  root,
  retentionDays,
  logger,
  everyMs = 3_600_000,
  firstMs = 10_000,
}: ArchiveRetentionOptions): () => void {
  const pass = () => {
    try {
      const deleted = cleanupArchive(root, retentionDays, Date.now());
      if (deleted > 0) logger.info("archive retention", { deleted_count: deleted, retention_days: retentionDays });
    } catch (err) {
      // A timer has no caller to tell: log it, and try again at the next pass.
      logger.error("archive retention failed", { error: err });
    }
  };
  const first = setTimeout(pass, firstMs);
  const every = setInterval(pass, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
