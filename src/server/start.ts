import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { clearWorkflowCache } from "../engine/cache/clear-workflow";
import type { ExecutorPool } from "../engine/executor/pool";
import { jsonDepthLimit } from "../http/middleware/json-depth";
import { newApiApp } from "../http/openapi-app";
import { ensureNativeAddons } from "../runtime/native-addons";
import { randomToken } from "../shared/ids";
import type { Logger } from "../shared/logger";
import { StartupError } from "../shared/startup-error";
import { createServerApp } from "./app";
import { startCacheMaintenance } from "./cache-maintenance";
import type { AuthMode, ServerConfig } from "./config";
import { createEnginePool, engineSettings } from "./engine-pool";
import { serverAuth } from "./middleware/auth";
import { archiveRoot, createArchive } from "./services/archive";
import { startArchiveRetention } from "./services/archive-retention";
import { openConnectionStore } from "./services/connection-store";

export interface ServerStartDeps {
  /** The data directory, writable (the caller checked it). */
  dataDir: string;
  /** MAX_JSON_DEPTH: deepest nesting of a JSON request body, and of a workflow file read from disk. */
  maxJsonDepth: number;
  logger: Logger;
  /**
   * The bearer token clients must send. When not given, `ephemeral` mode makes a fresh one
   * and `static` mode takes API_KEY (tests give their own).
   */
  token?: string;
}

/** A Server ready to be mounted under `/api`, with what runs beside it. */
export interface StartedServer {
  /** The Server's routes behind its authentication (and the JSON depth limit after it). */
  app: OpenAPIHono;
  /** AUTH_MODE, which the audit log records for each of the Server's requests. */
  authMode: AuthMode;
  /** The bearer token of `ephemeral` and `static` modes. */
  token?: string;
  /** The engine's executor processes (tests watch and warm them). */
  engine: ExecutorPool;
  /**
   * Starts the engine's processes and the cache's and the archive's periodic tasks. Called
   * once the port answers, so start-up is not slowed by them.
   */
  warm(): void;
  /** Stops the periodic tasks and the engine's processes. */
  stop(): Promise<void>;
}

/**
 * Builds the Server of `config`: checks the native addons are there (a StartupError
 * otherwise), makes its engine pool (processes start lazily, or at `warm()`), opens its
 * archive and connection store, and puts its routes behind its authentication.
 */
export function startServer(config: ServerConfig, deps: ServerStartDeps): StartedServer {
  const problem = ensureNativeAddons();
  if (problem) throw new StartupError(problem);
  const { dataDir, maxJsonDepth, logger } = deps;
  const token =
    deps.token ??
    (config.authMode === "ephemeral" ? randomToken() : config.authMode === "static" ? config.apiKey : undefined);
  const engine = createEnginePool(config, dataDir, logger);
  const cacheRoot = join(dataDir, "cache");

  const app = newApiApp();
  // Mounted at /api after the Hub's routes, so a Hub request (answered by its route) never
  // reaches this; the middleware also lets /api/v1/ through, for unknown Hub paths.
  app.use("*", serverAuth({ mode: config.authMode, token }));
  // After authentication, so a stranger's body is never read.
  app.use("*", jsonDepthLimit(maxJsonDepth));
  app.route(
    "/",
    createServerApp({
      config,
      engine,
      dataDir,
      clearCache: (id) => clearWorkflowCache(cacheRoot, id),
      cacheRoot,
      archive: createArchive({ root: archiveRoot(dataDir), ...config.archive, logger }),
      connections: openConnectionStore(dataDir, config.connectionEncryptionKey),
      maxJsonDepth,
      logger,
    }),
  );

  const stopTasks: (() => void)[] = [];
  let warmed = false;
  const warm = () => {
    if (warmed) return;
    warmed = true;
    engine.warm();
    if (config.cache.enabled) {
      stopTasks.push(
        startCacheMaintenance({
          root: cacheRoot,
          quotaBytes: engineSettings(config, dataDir).cache.quotaBytes,
          retentionDays: config.cache.retentionDays,
          logger,
        }),
      );
    }
    if (config.archive.enabled) {
      stopTasks.push(
        startArchiveRetention({ root: archiveRoot(dataDir), retentionDays: config.archive.retentionDays, logger }),
      );
    }
  };
  const stop = async () => {
    for (const stopTask of stopTasks.splice(0)) stopTask();
    await engine.close();
  };
  return { app, authMode: config.authMode, token, engine, warm, stop };
}
