import { listCache } from "./cache-layout";

/** GET /api/cache/stats (docs/server-api.md "Cache stats"). */
export interface CacheStats {
  enabled: boolean;
  /** Workflow folders holding at least one complete entry. */
  workflow_count: number;
  /** Complete entries; stores still in progress (temp files) are not counted. */
  file_count: number;
  total_size_bytes: number;
  /** MiB, 2 decimals. */
  total_size_mb: number;
  /** GiB, 3 decimals. */
  total_size_gb: number;
  quota_gb: number;
  retention_days: number;
}

const BYTES_PER_MB = 1024 ** 2;
/** CACHE_QUOTA_GB is in binary gigabytes: the config converts with this, stats divide by it. */
export const BYTES_PER_GB = 1024 ** 3;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * The cache's stats counted from the disk, without loading Polars (the Server process
 * answers them; `ToolCache.stats` is this too). Leftovers are counted also when the cache
 * is disabled; an absent root is an empty cache.
 */
export function cacheStats(opts: {
  root: string;
  enabled: boolean;
  quotaBytes: number;
  retentionDays: number;
}): CacheStats {
  let workflows = 0;
  let files = 0;
  let bytes = 0;
  for (const folder of listCache(opts.root)) {
    if (folder.entries.length === 0) continue;
    workflows++;
    files += folder.entries.length;
    for (const entry of folder.entries) bytes += entry.size;
  }
  return {
    enabled: opts.enabled,
    workflow_count: workflows,
    file_count: files,
    total_size_bytes: bytes,
    total_size_mb: round(bytes / BYTES_PER_MB, 2),
    total_size_gb: round(bytes / BYTES_PER_GB, 3),
    quota_gb: round(opts.quotaBytes / BYTES_PER_GB, 3),
    retention_days: opts.retentionDays,
  };
}
