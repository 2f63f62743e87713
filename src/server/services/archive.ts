import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExecuteResult } from "../../engine/job";
import { ExecutionTimeoutError, FeatureDisabledError, ToolError, WeftError } from "../../shared/errors";
import type { Logger } from "../../shared/logger";
import { isNoEntry } from "../../shared/tolerant-fs";
import type { Workflow } from "../../shared/workflow";
import { type ArchiveStatus, dayOf, entryFileName, tempFileName } from "./archive-entry";
import {
  type ArchiveListEntry,
  type ArchiveQuery,
  cleanupArchive,
  listArchive,
  readArchiveEntry,
} from "./archive-reader";
import { redactForArchive, scrubMessage, urisIn } from "./archive-redact";

/**
 * The execution archive (docs/server-api.md "Archive"): every full run (`/workflow/execute`) leaves
 * one JSON file with the workflow as sent (passwords removed: archive-redact.ts) and its
 * execution log, whether it succeeded or not. Written by the Server process, around the
 * engine call; a failure to archive is logged and never fails the run.
 */

export { ARCHIVE_STATUSES, type ArchiveStatus } from "./archive-entry";

/** One tool of a run, as the engine's metrics report it (without the lineage hash). */
export interface ArchivedTool {
  tool_id: string;
  status: string;
  duration_ms: number;
  cache?: string;
  rows?: number;
  /** Rows per output socket, where the run counted them. */
  sockets?: Record<string, number>;
}

/** The execution log of an entry (docs/server-api.md "Execution log", with what a failure needs). */
export interface ExecutionLog {
  workflow_id: string;
  started_at: string;
  completed_at: string;
  duration_ms: number;
  status: ArchiveStatus;
  target_tool_id?: string;
  /** Each tool's metrics; empty when the run failed (the engine answers no metrics then). */
  tools: ArchivedTool[];
  /** The files the Output tools wrote. */
  written: { tool_id: string; path: string; rows: number }[];
  /** Why the run failed: the error's class, the HTTP status it answered, its message. */
  error?: { type: string; status: number; detail: string; tool_id?: string };
}

/** An archive file: exactly what `/archive/detail` answers. */
export interface ArchiveEntry {
  workflow: Workflow;
  execution_log: ExecutionLog;
}

/** How one run ended, as the execute handler saw it. */
export type RunOutcome = { result: ExecuteResult } | { error: unknown; cancelled: boolean };

export interface ArchiveSettings {
  /** `<data dir>/archive` (archiveRoot). */
  root: string;
  enabled: boolean;
  retentionDays: number;
  logger: Logger;
}

/** The archive's folder in the data directory. */
export function archiveRoot(dataDir: string): string {
  return join(dataDir, "archive");
}

/** The archive as the routes and the execute handler use it. */
export interface ArchiveService {
  readonly enabled: boolean;
  readonly root: string;
  readonly retentionDays: number;
  /** Writes one run's entry (when enabled); answers its path, or undefined if none was written. */
  record(
    run: { workflow: Workflow; targetToolId?: string; startedMs: number; completedMs: number } & RunOutcome,
  ): string | undefined;
  /** The entries of the query's days, newest first (503 while disabled). */
  list(query: ArchiveQuery): { archives: ArchiveListEntry[]; total: number };
  /** One entry by its API path (403 outside the archive, 404 unknown, 503 while disabled). */
  detail(archivePath: string): ArchiveEntry;
  /** Deletes entries older than `retentionDays`; answers how many went. */
  cleanup(retentionDays: number): number;
}

/** The archive over `settings.root`; the read routes throw 503 while it is disabled. */
export function createArchive(settings: ArchiveSettings): ArchiveService {
  const { root, enabled, retentionDays, logger } = settings;
  const requireEnabled = () => {
    if (!enabled) throw new FeatureDisabledError("The execution archive is disabled (ARCHIVE_ENABLED=false)");
  };
  return {
    enabled,
    root,
    retentionDays,
    record(run) {
      if (!enabled) return undefined;
      try {
        return writeEntry(root, buildEntry(run));
      } catch (err) {
        // The run itself went as it went: its answer must not change because the disk is full.
        logger.error("archive write failed", { workflow_id: run.workflow.meta.workflow_id, error: err });
        return undefined;
      }
    },
    list(query) {
      requireEnabled();
      return listArchive(root, query, (path, err) => logger.warn("unreadable archive entry", { path, error: err }));
    },
    detail(archivePath) {
      requireEnabled();
      return readArchiveEntry(root, archivePath) as ArchiveEntry;
    },
    cleanup(days) {
      requireEnabled();
      return cleanupArchive(root, days, Date.now());
    },
  };
}

/**
 * Runs `run` (the engine call of a full run) and archives how it ended: the answer, or the
 * error, which is thrown on unchanged. A client that went away before the end is `cancelled`.
 */
export async function archivedRun(
  archive: ArchiveService,
  request: { workflow: Workflow; targetToolId?: string; signal?: AbortSignal },
  run: () => Promise<ExecuteResult>,
): Promise<ExecuteResult> {
  const { workflow, targetToolId, signal } = request;
  const startedMs = Date.now();
  let result: ExecuteResult;
  try {
    result = await run();
  } catch (error) {
    const cancelled = signal?.aborted === true;
    archive.record({ workflow, targetToolId, startedMs, completedMs: Date.now(), error, cancelled });
    throw error;
  }
  archive.record({ workflow, targetToolId, startedMs, completedMs: Date.now(), result });
  return result;
}

function statusOf(outcome: RunOutcome): ArchiveStatus {
  if ("result" in outcome) return "success";
  if (outcome.error instanceof ExecutionTimeoutError) return "timeout";
  return outcome.cancelled ? "cancelled" : "error";
}

function buildEntry(
  run: { workflow: Workflow; targetToolId?: string; startedMs: number; completedMs: number } & RunOutcome,
): ArchiveEntry {
  const log: ExecutionLog = {
    workflow_id: run.workflow.meta.workflow_id,
    started_at: new Date(run.startedMs).toISOString(),
    completed_at: new Date(run.completedMs).toISOString(),
    duration_ms: run.completedMs - run.startedMs,
    status: statusOf(run),
    ...(run.targetToolId === undefined ? {} : { target_tool_id: run.targetToolId }),
    tools: [],
    written: [],
  };
  if ("result" in run) {
    log.tools = run.result.metrics.tools.map(({ hash: _, ...tool }) => tool);
    log.written = run.result.written;
  } else {
    const err = run.error;
    const message = err instanceof WeftError ? err.detail : err instanceof Error ? err.message : String(err);
    log.error = {
      type: err instanceof Error ? err.name : "Error",
      status: err instanceof WeftError ? err.status : 500,
      // Drivers quote connection users and passwords in their messages.
      detail: scrubMessage(message, urisIn(run.workflow)),
      ...(err instanceof ToolError && err.toolId !== "" ? { tool_id: err.toolId } : {}),
    };
  }
  return redactForArchive({ workflow: run.workflow, execution_log: log });
}

/** Writes `entry` into its day folder: a temp file renamed into place, so no reader sees half. */
function writeEntry(root: string, entry: ArchiveEntry): string {
  const startedMs = Date.parse(entry.execution_log.started_at);
  const day = dayOf(startedMs);
  const folder = join(root, day);
  const name = entryFileName(startedMs, entry.execution_log.workflow_id);
  const text = `${JSON.stringify(entry, null, 2)}\n`;
  // Twice at most: the retention task removes empty day folders, maybe just after mkdir.
  for (let attempt = 1; ; attempt++) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const temp = join(folder, tempFileName(name));
    try {
      // 0600: a workflow names files and databases; other users of the machine need not see them.
      writeFileSync(temp, text, { flag: "wx", mode: 0o600 });
      renameSync(temp, join(folder, name));
      return `${day}/${name}`;
    } catch (err) {
      if (!(isNoEntry(err) && attempt < 2)) throw err;
    } finally {
      rmSync(temp, { force: true });
    }
  }
}
