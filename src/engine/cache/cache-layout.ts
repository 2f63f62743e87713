import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "../../shared/hash";
import { isNoEntry, readDirents } from "../../shared/tolerant-fs";

/**
 * Where cache entries live on disk:
 *
 *   <root>/<workflow folder>/<hash>.arrow                  a complete entry (Arrow IPC file)
 *   <root>/<workflow folder>/<hash>.<pid>-<random>.tmp     a store in progress (or a crashed one),
 *                                                          or a full run's own copy (ToolCache.storeForRun)
 *
 * Entries only ever appear by rename, so a name ending in `.arrow` is never half written.
 */

/** The extension of a complete entry. `pl.scanIPC` reads any extension (only `readIPC` wants `.ipc`). */
export const ENTRY_EXTENSION = ".arrow";

const HASH_RE = /^[0-9a-f]{16,128}$/;
const ENTRY_RE = /^[0-9a-f]{16,128}\.arrow$/;
const TEMP_RE = /^[0-9a-f]{16,128}\.[0-9]+-[0-9a-f]+\.tmp$/;
/**
 * Workflow ids used as folder names as they are. Lower case only, no dots: ids differing
 * only in case would share a folder on macOS and Windows, and dots allow `.`, `..`,
 * hidden folders and names Windows trims.
 */
const SAFE_ID_RE = /^[a-z0-9][a-z0-9_-]{0,79}$/;
/** Device names Windows refuses as file names. */
const RESERVED_RE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/**
 * The folder name of a workflow's entries: the id itself when it is a safe name, else `~`
 * and the first 32 hex digits of its SHA-256. `~` is outside the safe set, so a hashed
 * name never equals another workflow's plain one, and no id can name a path outside.
 */
export function workflowFolderName(workflowId: string): string {
  if (SAFE_ID_RE.test(workflowId) && !RESERVED_RE.test(workflowId)) return workflowId;
  return `~${sha256Hex(workflowId).slice(0, 32)}`;
}

/** Throws when `hash` is not a lower-case hex lineage hash (a caller's bug, never a user's). */
export function assertHash(hash: string): void {
  if (!HASH_RE.test(hash))
    throw new Error(`Cache key must be 16-128 lower-case hex digits, got ${JSON.stringify(hash)}`);
}

/** `<hash>.arrow`. */
export function entryFileName(hash: string): string {
  return `${hash}${ENTRY_EXTENSION}`;
}

/** A temp name no other store (in this process or another) will pick. */
export function tempFileName(hash: string): string {
  return `${hash}.${process.pid}-${randomBytes(8).toString("hex")}.tmp`;
}

/**
 * A temp file older than this belongs to a store that died. A live store writes as it goes
 * (each write moves mtime), and a run is stopped long before (MAX_EXECUTION_TIME_SECONDS).
 */
export const STALE_TEMP_MS = 3_600_000;

/** Whether a file name is a complete entry's. */
export function isEntryFileName(name: string): boolean {
  return ENTRY_RE.test(name);
}

/** Whether a file name is a temp file's (a store in progress, or a run's own copy). */
export function isTempFileName(name: string): boolean {
  return TEMP_RE.test(name);
}

/** One file of the cache as found by a listing. */
export interface CacheFile {
  path: string;
  size: number;
  /** Last use: set when stored and on every hit (the LRU and TTL clock). */
  mtimeMs: number;
}

/** One workflow's folder as found by a listing. */
export interface CacheFolder {
  path: string;
  entries: CacheFile[];
  temps: CacheFile[];
}

/**
 * Every workflow folder under `root` with its entries and temp files. Files removed while
 * listing are left out; files with other names are ignored (and never deleted).
 */
export function listCache(root: string): CacheFolder[] {
  return readDirents(root)
    .filter((dirent) => dirent.isDirectory())
    .map((dirent) => listFolder(join(root, dirent.name)));
}

/** One workflow folder's entries and temp files (none when the folder does not exist). */
export function listFolder(path: string): CacheFolder {
  const folder: CacheFolder = { path, entries: [], temps: [] };
  for (const file of readDirents(path)) {
    const isEntry = ENTRY_RE.test(file.name);
    if (!file.isFile() || (!isEntry && !TEMP_RE.test(file.name))) continue;
    const found = statFile(join(path, file.name));
    if (found) (isEntry ? folder.entries : folder.temps).push(found);
  }
  return folder;
}

function statFile(path: string): CacheFile | undefined {
  try {
    const stat = statSync(path);
    return { path, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch (err) {
    if (isNoEntry(err)) return undefined;
    throw err;
  }
}
