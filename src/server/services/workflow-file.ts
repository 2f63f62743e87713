import { randomBytes } from "node:crypto";
import { readSync, type Stats } from "node:fs";
import { type FileHandle, link, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from "../../shared/errors";
import { type FileAccessPolicy, locateUserPath } from "../../shared/file-access";
import { checkJsonDepth } from "../../shared/json-depth";
import { openWithinRoots } from "../../shared/open-within-roots";
import { MAX_WORKFLOW_BYTES, type Workflow, WorkflowSchema } from "../../shared/workflow";
import { describeZodError } from "../../shared/zod-detail";
import { statOrUndefined } from "./file-browser";

/** The ending every workflow file's name has (any case): these routes read and write nothing else. */
export const WORKFLOW_SUFFIX = ".weft.json";
/** A workflow file (read or written) is at most this many bytes (shared with the Hub's revisions). */
export { MAX_WORKFLOW_BYTES };

/** A workflow file as `GET /files/workflow` answers it. */
export interface WorkflowFile {
  /** The file's real path. */
  path: string;
  /** The file's JSON as it is (checked against the workflow schema, not rewritten by it). */
  workflow: Workflow;
  /** ISO 8601, UTC, to the millisecond: send it back as `expected_modified` when saving. */
  modified: string;
}

/** What `PUT /files/workflow` answers. */
export interface WorkflowWritten {
  path: string;
  modified: string;
  /** Bytes written. */
  size: number;
}

export interface WriteWorkflowRequest {
  path: string;
  /** The workflow as sent (already checked against the schema); written as it is. */
  workflow: unknown;
  /** Replace an existing file; without it an existing file is a conflict. */
  overwrite?: boolean;
  /** The `modified` the client last saw: a file modified since (or gone) is a conflict. */
  expectedModified?: string;
}

/** Is `name` (a file name, not a path) a workflow file's? `.weft.json` alone is not. */
export function isWorkflowFileName(name: string): boolean {
  return name.length > WORKFLOW_SUFFIX.length && name.toLowerCase().endsWith(WORKFLOW_SUFFIX);
}

/**
 * Reads a `.weft.json` file inside the roots: 400 when the name (asked or reached through a
 * link) is not a workflow file's, when it is a folder, too big, not JSON or not a workflow;
 * 403 outside the roots; 404 when missing.
 */
export async function readWorkflowFile(
  policy: FileAccessPolicy,
  path: string,
  maxJsonDepth: number,
): Promise<WorkflowFile> {
  requireWorkflowName(path, path);
  const opened = openWithinRoots(policy, path, "read");
  let text: string;
  const { stats } = opened;
  try {
    requireWorkflowName(path, opened.path);
    if (stats.isDirectory()) throw new ValidationError(`"${path}" is a folder, not a workflow file`);
    if (stats.size > MAX_WORKFLOW_BYTES) throw tooBigToRead(path, stats.size);
    // Read from the descriptor that was checked, never by name again; at most one byte past the limit.
    const bytes = readUpTo(opened.fd, MAX_WORKFLOW_BYTES + 1);
    // The file may have grown since it was measured.
    if (bytes.byteLength > MAX_WORKFLOW_BYTES) throw tooBigToRead(path, bytes.byteLength);
    text = bytes.toString("utf8");
  } finally {
    opened.close();
  }
  return {
    path: opened.path,
    workflow: parseWorkflowText(path, text, maxJsonDepth),
    modified: stats.mtime.toISOString(),
  };
}

/**
 * Writes a workflow as indented JSON ending in a newline, to a temporary file in the same
 * folder that is then renamed over the target, so a crash or a full disk never leaves half a
 * file. A new file is linked into place (the link fails if a file appeared meanwhile), so
 * two "Save as" to the same name cannot both win. The conflict checks come just before the
 * rename; a write landing between them and the rename is not detected (no file locks).
 */
export async function writeWorkflowFile(
  policy: FileAccessPolicy,
  request: WriteWorkflowRequest,
): Promise<WorkflowWritten> {
  const { path } = request;
  requireWorkflowName(path, path);
  const located = locateUserPath(policy, path, "write");
  requireWorkflowName(path, located.path);
  const target = located.path;
  const folder = dirname(target);
  const folderStats = statOrUndefined(folder);
  if (!folderStats) throw new NotFoundError(`No such folder: "${dirname(path)}"`);
  if (!folderStats.isDirectory()) throw new ValidationError(`"${dirname(path)}" is not a folder`);

  const text = `${JSON.stringify(request.workflow, null, 2)}\n`;
  const size = Buffer.byteLength(text);
  if (size > MAX_WORKFLOW_BYTES) {
    throw new PayloadTooLargeError(`"${path}" would be ${size} bytes: a workflow file may be at most ${MAX_MB} MB`);
  }
  const existing = checkTarget(request, statOrUndefined(target));

  const temp = join(folder, `.weft-save-${randomBytes(6).toString("hex")}.tmp`);
  await writeDurably(temp, text, existing ? existing.mode & 0o777 : 0o666, path);
  try {
    const current = checkTarget(request, statOrUndefined(target));
    if (current || request.overwrite) await rename(temp, target);
    else await linkNew(temp, target, path);
  } finally {
    await unlink(temp).catch(ignoreMissing);
  }
  await syncFolder(folder);
  const written = statOrUndefined(target);
  if (!written) throw new NotFoundError(`"${path}" was removed while it was being saved`);
  return { path: target, modified: written.mtime.toISOString(), size };
}

/**
 * Parses a workflow file's text: 400 naming the file when it is not JSON, nested deeper
 * than MAX_JSON_DEPTH (answering it would fail), or not a workflow.
 */
export function parseWorkflowText(path: string, text: string, maxJsonDepth: number): Workflow {
  checkJsonDepth(text, maxJsonDepth, `"${path}"`);
  let value: unknown;
  try {
    // An editor on Windows may have added a byte order mark.
    value = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (err) {
    throw new ValidationError(`"${path}" is not JSON: ${(err as Error).message}`);
  }
  const parsed = WorkflowSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`"${path}" is not a Weft workflow: ${describeZodError(parsed.error)}`);
  return value as Workflow;
}

function requireWorkflowName(asked: string, path: string): void {
  if (isWorkflowFileName(basename(path)) && !path.endsWith("/")) return;
  const reached = asked === path ? "" : ` (it leads to "${basename(path)}")`;
  throw new ValidationError(`"${asked}" is not a workflow file${reached}: the name must end with "${WORKFLOW_SUFFIX}"`);
}

/** The existing file at the target, after the conflict rules: 409 when saving would lose someone's work. */
function checkTarget(request: WriteWorkflowRequest, stats: Stats | undefined): Stats | undefined {
  const { path, expectedModified, overwrite } = request;
  if (stats?.isDirectory()) throw new ValidationError(`"${path}" is a folder, not a workflow file`);
  if (expectedModified !== undefined) {
    if (!stats) throw new ConflictError(`"${path}" was removed from the Server since it was opened`);
    if (stats.mtime.getTime() !== new Date(expectedModified).getTime()) {
      throw new ConflictError(
        `"${path}" changed on the Server since it was opened (modified ${stats.mtime.toISOString()}, expected ${expectedModified})`,
      );
    }
  }
  if (stats && overwrite !== true)
    throw new ConflictError(`"${path}" exists already: send overwrite: true to replace it`);
  return stats;
}

async function writeDurably(temp: string, text: string, mode: number, asked: string): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(temp, "wx", mode);
  } catch (err) {
    throw refusal(err, `"${dirname(asked)}" cannot be written`);
  }
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } catch (err) {
    await handle.close();
    await unlink(temp).catch(ignoreMissing);
    throw err;
  }
  await handle.close();
}

/** Links the finished temporary file as a new file: never replaces one that appeared meanwhile. */
async function linkNew(temp: string, target: string, asked: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw new ConflictError(`"${asked}" exists already: send overwrite: true to replace it`);
    // File systems without hard links (some network and FUSE mounts): rename, checked just before.
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") {
      await rename(temp, target);
      return;
    }
    throw err;
  }
}

/** Makes the rename itself durable; not every file system can sync a folder, and that is fine. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the file's own content was synced before the rename.
  }
}

function refusal(err: unknown, what: string): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return new ForbiddenError(`${what}: permission denied`);
  if (code === "EROFS") return new ForbiddenError(`${what}: the file system is read-only`);
  if (code === "ENOENT") return new NotFoundError(`${what}: the folder is gone`);
  return err;
}

const MAX_MB = MAX_WORKFLOW_BYTES / 1024 / 1024;

/** A file too big is bad input to open (400); a body too big to save is a 413. */
function tooBigToRead(path: string, bytes: number): ValidationError {
  return new ValidationError(`"${path}" is ${bytes} bytes: a workflow file may be at most ${MAX_MB} MB`);
}

/** Up to `limit` bytes of an open file, from its start. */
function readUpTo(fd: number, limit: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(64 * 1024, limit - total));
    if (chunk.length === 0) break;
    const read = readSync(fd, chunk, 0, chunk.length, total);
    if (read === 0) break;
    chunks.push(chunk.subarray(0, read));
    total += read;
  }
  return Buffer.concat(chunks);
}

function ignoreMissing(err: unknown): void {
  if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
}
