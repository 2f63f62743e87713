import { BYTES_PER_GB } from "../engine/cache/cache-stats";
import { ExecutorPool } from "../engine/executor/pool";
import type { EngineSettings } from "../engine/job";
import { type FileAccessPolicy, withRealRoots } from "../shared/file-access";
import type { Logger } from "../shared/logger";
import type { ServerConfig } from "./config";

/** What the engine's executor processes need of the Server's settings. */
export function engineSettings(config: ServerConfig, dataDir: string): EngineSettings {
  return {
    dataDir,
    cache: {
      enabled: config.cache.enabled,
      quotaBytes: Math.round(config.cache.quotaGb * BYTES_PER_GB),
      retentionDays: config.cache.retentionDays,
    },
    executionMode: config.executionMode,
    maxParallelTools: config.maxParallelTools,
    memoryMode: config.memoryMode,
    rowCounts: config.rowCounts,
    maxPreviewRows: config.maxPreviewRows,
    previewBounds: config.previewBounds,
    limits: config.limits,
    fileAccess: fileAccessPolicy(config, dataDir),
  };
}

/**
 * Which files the Server may read and write (never its data directory but `files/`); the
 * roots' real paths are resolved now, at startup.
 */
export function fileAccessPolicy(config: ServerConfig, dataDir: string): FileAccessPolicy {
  return withRealRoots({
    dataDir,
    mode: config.fileAccessMode === "open" ? "open" : "restricted",
    // Hub mode: nothing by itself; each job carries its request's roots (the Hub's grants).
    roots: config.fileAccessMode === "restricted" ? config.allowedFilePaths : [],
  });
}

/** The Server's pool of engine processes (started lazily; `warm()` starts them now). */
export function createEnginePool(
  config: ServerConfig,
  dataDir: string,
  logger: Logger,
  jobFileAccess?: () => FileAccessPolicy | undefined,
): ExecutorPool {
  return new ExecutorPool({
    jobFileAccess,
    size: config.engineProcesses,
    settings: engineSettings(config, dataDir),
    logger: logger.child({ component: "engine" }),
    timeoutMs: config.maxExecutionTimeSeconds * 1000,
    memoryLimitBytes: config.engineMemoryLimitMb * 1024 * 1024,
  });
}
