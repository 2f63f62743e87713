import { readFileSync, realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { ForbiddenError, NotFoundError } from "../../shared/errors";
import { isNoEntry, readDirents, rmdirIfEmpty, unlinkIfExists } from "../../shared/tolerant-fs";
import {
  ARCHIVE_STATUSES,
  type ArchiveStatus,
  entryFile,
  entryTime,
  isDayName,
  isEntryName,
  isTempName,
} from "./archive-entry";

/**
 * Reading and pruning the archive's folders (layout: archive-entry.ts). Only real folders
 * and regular files with an entry's name are listed or deleted: a symbolic link or any
 * other file placed in the archive is never followed by a listing nor removed.
 */

/** One row of `/archive/list` (docs/server-api.md "Archive list entry"). */
export interface ArchiveListEntry {
  path: string;
  workflow_name: string;
  executed_at: string;
  status: ArchiveStatus;
  tool_count: number;
}

export interface ArchiveQuery {
  limit: number;
  offset: number;
  /** `YYYY-MM-DD`, inclusive (UTC days). */
  startDate?: string;
  endDate?: string;
}

const DAY_MS = 86_400_000;
/** A temp file untouched this long belongs to a write that died. */
const STALE_TEMP_MS = 3_600_000;

/** Day folder names under `root`, newest first. */
function dayFolders(root: string): string[] {
  return readDirents(root)
    .filter((d) => d.isDirectory() && isDayName(d.name))
    .map((d) => d.name)
    .sort()
    .reverse();
}

/**
 * The entries of the days in the query's range, newest first: `total` counts them all (from
 * the names alone), `archives` holds the page, each entry opened for its fields. An entry
 * that cannot be read (edited by hand) is left out of the page and reported to `onBad`.
 */
export function listArchive(
  root: string,
  query: ArchiveQuery,
  onBad: (path: string, err: unknown) => void,
): { archives: ArchiveListEntry[]; total: number } {
  const paths: string[] = [];
  for (const day of dayFolders(root)) {
    if ((query.startDate && day < query.startDate) || (query.endDate && day > query.endDate)) continue;
    const names = readDirents(join(root, day))
      .filter((d) => d.isFile() && isEntryName(d.name))
      .map((d) => d.name)
      .sort()
      .reverse();
    for (const name of names) paths.push(`${day}/${name}`);
  }
  const archives: ArchiveListEntry[] = [];
  for (const path of paths.slice(query.offset, query.offset + query.limit)) {
    try {
      archives.push(listEntryOf(path, JSON.parse(readFileSync(join(root, path), "utf8"))));
    } catch (err) {
      onBad(path, err);
    }
  }
  return { archives, total: paths.length };
}

function listEntryOf(path: string, entry: unknown): ArchiveListEntry {
  const { workflow, execution_log: log } = entry as {
    workflow: { meta: { workflow_id: string; name?: unknown }; tools: unknown[] };
    execution_log: { started_at: string; status: string };
  };
  const name = workflow.meta.name;
  const status = ARCHIVE_STATUSES.find((s) => s === log.status);
  if (status === undefined || typeof log.started_at !== "string" || !Array.isArray(workflow.tools)) {
    throw new TypeError("not an archive entry (status, started_at or tools missing)");
  }
  return {
    path,
    workflow_name: typeof name === "string" && name !== "" ? name : workflow.meta.workflow_id,
    executed_at: log.started_at,
    status,
    tool_count: workflow.tools.length,
  };
}

/**
 * The parsed file of `archivePath`. Refused with 403 when the path, or a symbolic link on
 * the way, leads outside the archive; 404 when there is no such entry.
 */
export function readArchiveEntry(root: string, archivePath: string): unknown {
  const file = entryFile(root, archivePath);
  const missing = () => new NotFoundError(`No archive entry "${archivePath}"`);
  let real: string;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(file);
  } catch (err) {
    if (isNoEntry(err)) throw missing();
    throw err;
  }
  if (!real.startsWith(realRoot + sep)) {
    throw new ForbiddenError(`Archive path "${archivePath}" leads outside the archive`);
  }
  if (!statSync(real).isFile()) throw missing();
  return JSON.parse(readFileSync(real, "utf8"));
}

/**
 * Deletes the entries whose run started more than `retentionDays` days before `now` (the
 * time is read from the folder and file names), the temp files of writes that died, and
 * the day folders left empty. Answers how many entries were deleted.
 */
export function cleanupArchive(root: string, retentionDays: number, now: number): number {
  const cutoff = now - retentionDays * DAY_MS;
  let deleted = 0;
  for (const day of dayFolders(root)) {
    const folder = join(root, day);
    for (const file of readDirents(folder)) {
      if (!file.isFile()) continue;
      const path = join(folder, file.name);
      const started = entryTime(day, file.name);
      if (started !== undefined) {
        if (started < cutoff && unlinkIfExists(path)) deleted++;
      } else if (isTempName(file.name) && now - mtimeOf(path) > STALE_TEMP_MS) {
        unlinkIfExists(path);
      }
    }
    rmdirIfEmpty(folder);
  }
  return deleted;
}

function mtimeOf(path: string): number {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Number.POSITIVE_INFINITY;
}
