import { randomBytes } from "node:crypto";
import { isAbsolute, join } from "node:path";
import { workflowFolderName } from "../../engine/cache/cache-layout";
import { civilDays } from "../../shared/civil-date";
import { ForbiddenError, NotFoundError } from "../../shared/errors";

/**
 * Where archive entries live and how they are named:
 *
 *   <archive root>/<YYYY-MM-DD>/<HHMMSSmmm>-<workflow>-<random>.json    one run (UTC)
 *   <archive root>/<YYYY-MM-DD>/<entry>.<pid>-<random>.tmp               a write in progress
 *
 * The name starts with the run's start time, so names sort by time within a day, and an
 * entry's age is known without opening it. `<workflow>` is the cache's folder name of the
 * workflow id (safe characters only, or a hash), so an id can never shape a path.
 * An entry's `path` in the API is `<YYYY-MM-DD>/<name>`, relative to the root.
 */

/** decisions.md: the statuses of an archived run. */
export const ARCHIVE_STATUSES = ["success", "error", "cancelled", "timeout"] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ENTRY_RE = /^(\d{2})(\d{2})(\d{2})(\d{3})-[a-z0-9_~-]{1,81}-[0-9a-f]{12}\.json$/;
const TEMP_RE = /\.json\.[0-9]+-[0-9a-f]+\.tmp$/;

/** `YYYY-MM-DD` of an instant, in UTC. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Epoch ms of a `YYYY-MM-DD` day's start (UTC), or undefined when it is not a real date. */
export function parseDay(day: string): number | undefined {
  const m = DAY_RE.exec(day);
  if (!m) return undefined;
  const days = civilDays(Number(m[1]), Number(m[2]), Number(m[3]));
  return days === undefined ? undefined : days * 86_400_000;
}

/** The file name of a run started at `startedMs` (epoch ms) of workflow `workflowId`. */
export function entryFileName(startedMs: number, workflowId: string): string {
  const time = new Date(startedMs).toISOString().slice(11, 23).replace(/[:.]/g, "");
  return `${time}-${workflowFolderName(workflowId)}-${randomBytes(6).toString("hex")}.json`;
}

/** A temp name beside `entry` that no other writer picks. */
export function tempFileName(entry: string): string {
  return `${entry}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
}

/** Whether `name` is a day folder's name. */
export function isDayName(name: string): boolean {
  return parseDay(name) !== undefined;
}

/** Whether `name` is a complete entry's file name. */
export function isEntryName(name: string): boolean {
  return ENTRY_RE.test(name);
}

/** Whether `name` is an entry's temp file. */
export function isTempName(name: string): boolean {
  return TEMP_RE.test(name);
}

/** When the run of entry `name` in folder `day` started (epoch ms), from the names alone. */
export function entryTime(day: string, name: string): number | undefined {
  const start = parseDay(day);
  const m = ENTRY_RE.exec(name);
  if (start === undefined || !m) return undefined;
  const [hh, mm, ss, ms] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
  if (hh > 23 || mm > 59 || ss > 59) return undefined;
  return start + ((hh * 60 + mm) * 60 + ss) * 1000 + ms;
}

/**
 * The file of the API path `YYYY-MM-DD/<entry>` under `root`. A path that tries to leave the
 * root (`..`, an absolute path, a backslash, a NUL) is refused with 403 before any disk
 * access; any other path that is not an entry's is a 404. (Symbolic links are checked by
 * the reader, which resolves them.)
 */
export function entryFile(root: string, archivePath: string): string {
  const segments = archivePath.split("/");
  if (
    isAbsolute(archivePath) ||
    archivePath.includes("\\") ||
    archivePath.includes("\0") ||
    segments.some((s) => s === ".." || s === ".")
  ) {
    throw new ForbiddenError(`Archive path "${archivePath}" is outside the archive`);
  }
  const [day, name] = segments;
  if (segments.length !== 2 || !day || !name || !isDayName(day) || !isEntryName(name)) {
    throw new NotFoundError(`No archive entry "${archivePath}" (paths look like YYYY-MM-DD/<entry>.json)`);
  }
  return join(root, day, name);
}
