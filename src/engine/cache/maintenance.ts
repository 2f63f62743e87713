import { rmdirIfEmpty, unlinkIfExists } from "../../shared/tolerant-fs";
import { listCache, STALE_TEMP_MS } from "./cache-layout";

/**
 * The cache's housekeeping (POST /api/cache/maintenance, and periodically):
 *
 *   1. temp files untouched for STALE_TEMP_MS are removed (stores that crashed);
 *   2. TTL: entries not used for `retentionDays` are deleted;
 *   3. LRU: while the entries left weigh more than `quotaBytes`, the least recently used
 *      is deleted (ties broken by path, so the order is repeatable);
 *   4. workflow folders left empty are removed.
 *
 * "Used" is the file's mtime: set when stored, refreshed on every hit (atime is not
 * reliable: most file systems are mounted relatime or noatime).
 */

const DAY_MS = 86_400_000;

/** The answer of a maintenance run (docs/server-api.md "Cache"). */
export interface MaintenanceResult {
  ttl_files_deleted: number;
  lru_files_evicted: number;
}

export interface MaintenanceOptions {
  root: string;
  retentionDays: number;
  quotaBytes: number;
  /** Milliseconds since the epoch. */
  now: number;
}

/** Runs TTL expiry then LRU eviction over the whole cache under `root`. */
export function runMaintenance(opts: MaintenanceOptions): MaintenanceResult {
  const folders = listCache(opts.root);
  for (const temp of folders.flatMap((f) => f.temps)) {
    if (opts.now - temp.mtimeMs > STALE_TEMP_MS) unlinkIfExists(temp.path);
  }

  const expiredBefore = opts.now - opts.retentionDays * DAY_MS;
  let ttl = 0;
  const kept = [];
  for (const entry of folders.flatMap((f) => f.entries)) {
    if (entry.mtimeMs < expiredBefore) {
      if (unlinkIfExists(entry.path)) ttl++;
    } else kept.push(entry);
  }

  kept.sort((a, b) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let total = kept.reduce((sum, e) => sum + e.size, 0);
  let lru = 0;
  for (const entry of kept) {
    if (total <= opts.quotaBytes) break;
    // Gone already (another remover): its bytes are freed all the same.
    if (unlinkIfExists(entry.path)) lru++;
    total -= entry.size;
  }

  for (const folder of folders) rmdirIfEmpty(folder.path);
  return { ttl_files_deleted: ttl, lru_files_evicted: lru };
}
