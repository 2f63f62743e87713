import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, utimesSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import pl from "nodejs-polars";
import { ipcFileRows } from "../../formats/ipc/file-rows";
import { isNoEntry, rmdirIfEmpty, unlinkIfExists } from "../../shared/tolerant-fs";
import { isPolarsError } from "../tool-failure";
import {
  assertHash,
  entryFileName,
  isEntryFileName,
  isTempFileName,
  tempFileName,
  workflowFolderName,
} from "./cache-layout";
import { type CacheStats, cacheStats } from "./cache-stats";
import { clearWorkflowCache } from "./clear-workflow";
import { checkIpcFile } from "./ipc-file";
import { type MaintenanceResult, runMaintenance } from "./maintenance";

export { BYTES_PER_GB, type CacheStats } from "./cache-stats";

/** The cache's folder inside the data directory. */
export function cacheRoot(dataDir: string): string {
  return join(dataDir, "cache");
}

export interface ToolCacheOptions {
  /** Usually `cacheRoot(dataDir)`; created on the first store. */
  root: string;
  /** CACHE_ENABLED. When false every lookup misses and the engine must not call `store`. */
  enabled: boolean;
  /** CACHE_QUOTA_GB × BYTES_PER_GB: LRU eviction above this. */
  quotaBytes: number;
  /** CACHE_RETENTION_DAYS: entries unused this long expire. */
  retentionDays: number;
  /** The clock (ms since the epoch), injectable for tests. */
  now?: () => number;
}

/** A stored entry: its path, rows and size in bytes. */
export interface StoredEntry {
  path: string;
  rows: number;
  bytes: number;
}

/** The size up to which a stored result or a hit is read into memory (`ToolCache.frameOf`, `read`). */
export const IN_MEMORY_BYTES = 1024 * 1024;

/**
 * The on-disk cache of blocking tools' outputs: one Arrow IPC file per (workflow, key),
 * the key being a hex lineage hash (the engine keys each output socket: `entryKey`). Several executor processes share
 * it; entries appear only by an atomic rename, so a reader sees a whole file or none.
 *
 * A hit is a path; `read` reads it (a small one into memory at once), `scan` lazily. The
 * file may still vanish or prove unreadable (a clear, maintenance, a body damaged on disk):
 * `read` answers a small one that did as a miss, deleting a damaged entry (`discard`), and
 * the engine recomputes it; a large one fails when its plan is collected.
 */
export class ToolCache {
  readonly root: string;
  readonly enabled: boolean;
  private readonly quotaBytes: number;
  private readonly retentionDays: number;
  private readonly now: () => number;

  constructor(opts: ToolCacheOptions) {
    for (const [name, value] of [
      ["quotaBytes", opts.quotaBytes],
      ["retentionDays", opts.retentionDays],
    ] as const) {
      if (!Number.isFinite(value) || value < 0) throw new RangeError(`Cache ${name} must be >= 0, got ${value}`);
    }
    this.root = resolve(opts.root);
    this.enabled = opts.enabled;
    this.quotaBytes = opts.quotaBytes;
    this.retentionDays = opts.retentionDays;
    this.now = opts.now ?? Date.now;
  }

  /**
   * The path of a complete entry, or undefined. A hit refreshes the entry's mtime (its
   * last use, the LRU clock). An entry failing the structural check (truncated, empty,
   * not Arrow IPC) is deleted and is a miss.
   */
  lookup(workflowId: string, hash: string): string | undefined {
    if (!this.enabled) return undefined;
    const path = this.entryPath(workflowId, hash);
    const check = checkIpcFile(path);
    if (check.state === "missing") return undefined;
    if (check.state === "invalid") {
      unlinkIfExists(path);
      return undefined;
    }
    const at = new Date(this.now());
    try {
      utimesSync(path, at, at);
    } catch (err) {
      if (isNoEntry(err)) return undefined;
      throw err;
    }
    return path;
  }

  /** A hit read back lazily. */
  scan(path: string): pl.LazyDataFrame {
    return pl.scanIPC(path);
  }

  /**
   * What was just stored, as the tools downstream read it: a small result (at most
   * IN_MEMORY_BYTES) read into memory once, a larger one scanned lazily as a hit is. Each
   * query over a scan opens and reads the file again, and a full run makes several of a
   * stored result (the Output's write, the preview, the row counts): measured on a 5-row
   * result, a preview 0.24 ms from the file against 0.05 ms from memory, a Parquet write
   * 0.65 against 0.42 ms, the read itself 0.01 ms.
   */
  frameOf(entry: StoredEntry): pl.LazyDataFrame {
    if (entry.bytes > IN_MEMORY_BYTES) return this.scan(entry.path);
    return pl.readIPC(readFileSync(entry.path)).lazy();
  }

  /**
   * A hit (a path `lookup` answered) as the tools downstream read it, as `frameOf` reads
   * what was just stored: a small one into memory now, a larger one lazily. A small hit
   * gone since its lookup (a clear, maintenance) or whose body Polars cannot read (damaged
   * in place: Arrow IPC has no checksums) is a miss: undefined, the damaged entry deleted,
   * so the tool is computed again.
   */
  read(path: string): pl.LazyDataFrame | undefined {
    let bytes: Buffer;
    try {
      if (statSync(path).size > IN_MEMORY_BYTES) return this.scan(path);
      bytes = readFileSync(path);
    } catch (err) {
      if (isNoEntry(err)) return undefined;
      throw err;
    }
    try {
      return pl.readIPC(bytes).lazy();
    } catch (err) {
      if (!isPolarsError(err)) throw err;
      this.discard(path);
      return undefined;
    }
  }

  /**
   * Streams `frame` into a temp file beside the entry (`writeTemp`), then renames it into
   * place. Concurrent stores of one key write separate temp files; the last rename wins and
   * every returned path is a valid entry.
   */
  async store(workflowId: string, hash: string, frame: pl.LazyDataFrame): Promise<StoredEntry> {
    if (!this.enabled) throw new Error("The tool cache is disabled: the engine must not store into it");
    const path = this.entryPath(workflowId, hash);
    const written = await writeTemp(path, hash, frame);
    try {
      const at = new Date(this.now());
      utimesSync(written.path, at, at);
      renameSync(written.path, path);
    } catch (err) {
      unlinkIfExists(written.path);
      throw err;
    }
    return { ...written, path };
  }

  /**
   * Writes `frame` as `store` does but keeps it under its temp name: a full run's own copy
   * of a result it reads more than once, also when the cache is disabled. No lookup finds
   * it and a clear spares it while it is fresh; the run removes it (`removeRunCopy`) when
   * it ends, and maintenance removes one left by a killed run after STALE_TEMP_MS.
   */
  storeForRun(workflowId: string, hash: string, frame: pl.LazyDataFrame): Promise<StoredEntry> {
    return writeTemp(this.entryPath(workflowId, hash), hash, frame);
  }

  /** Removes a run's copy (see `storeForRun`), and its workflow's folder when that is left empty. */
  removeRunCopy(path: string): void {
    if (dirname(dirname(path)) !== this.root || !isTempFileName(basename(path))) {
      throw new Error(`Not a run's copy in ${this.root}: ${path}`);
    }
    unlinkIfExists(path);
    rmdirIfEmpty(dirname(path));
  }

  /** Deletes an entry the engine failed to read; false when it was already gone. */
  discard(path: string): boolean {
    if (dirname(dirname(path)) !== this.root || !isEntryFileName(basename(path))) {
      throw new Error(`Not a cache entry of ${this.root}: ${path}`);
    }
    return unlinkIfExists(path);
  }

  /** Removes a workflow's entries (and its folder, unless `keepFolder`); see `clearWorkflowCache`. */
  clearWorkflow(workflowId: string, options: { keepFolder?: boolean } = {}): number {
    return clearWorkflowCache(this.root, workflowId, this.now(), options);
  }

  /** Counts and sizes of the complete entries on disk (also when disabled: leftovers). */
  stats(): CacheStats {
    const { root, enabled, quotaBytes, retentionDays } = this;
    return cacheStats({ root, enabled, quotaBytes, retentionDays });
  }

  /** TTL expiry then LRU eviction (see maintenance.ts); runs also when disabled. */
  maintain(): MaintenanceResult {
    return runMaintenance({
      root: this.root,
      retentionDays: this.retentionDays,
      quotaBytes: this.quotaBytes,
      now: this.now(),
    });
  }

  private entryPath(workflowId: string, hash: string): string {
    assertHash(hash);
    return join(this.root, workflowFolderName(workflowId), entryFileName(hash));
  }
}

/**
 * Streams `frame` into a new temp file beside the entry at `path` and checks it; on failure
 * the temp file is removed and the error rethrown (the run fails as it would without a
 * cache). Concurrent writes of one key use separate temp files. No fsync: it tripled the
 * time of a 120 MB write, and a file cut short by a crash fails `lookup`'s check (a miss).
 */
async function writeTemp(path: string, hash: string, frame: pl.LazyDataFrame): Promise<StoredEntry> {
  const temp = join(dirname(path), tempFileName(hash));
  createPlaceholder(temp);
  try {
    // The async collect of a sink streams and leaves the event loop free. Common
    // subexpression elimination is off: on this path nodejs-polars 0.26.1 broadcasts an
    // ungrouped aggregation whose parts share a subexpression (sum and count of one
    // column) to one row per input row (tests/api/workflow-tools-aggregate.test.ts).
    await frame.sinkIpc(temp).collect({ commSubexprElim: false });
    const check = checkIpcFile(temp);
    if (check.state !== "valid") {
      throw new Error(
        `Cache write of ${hash} left no valid Arrow IPC file (${check.state === "invalid" ? check.reason : "missing"})`,
      );
    }
    return { path: temp, rows: countRows(temp), bytes: check.size };
  } catch (err) {
    unlinkIfExists(temp);
    throw err;
  }
}

/**
 * Creates the temp file (and its folder) before the sink opens it, so the folder is never
 * empty while the store runs: a clear or maintenance run removing empty folders between
 * our mkdir and the file's creation is retried instead of failing the store.
 */
function createPlaceholder(temp: string): void {
  for (let attempt = 0; ; attempt++) {
    mkdirSync(dirname(temp), { recursive: true });
    try {
      closeSync(openSync(temp, "wx"));
      return;
    } catch (err) {
      if (!isNoEntry(err) || attempt >= 2) throw err;
    }
  }
}

/**
 * Rows of an IPC file, from its metadata: read by ipc/file-rows.ts (no query: Polars' count
 * of even a 3-row file took 0.3-0.6 ms of every store), else counted by Polars (about 2 ms
 * for 5M rows; the body is not read).
 */
function countRows(path: string): number {
  const read = ipcFileRows(path);
  if (read !== undefined) return read;
  const counted = pl.scanIPC(path).select(pl.len()).collectSync();
  return Number(counted.getColumn("len").get(0));
}
