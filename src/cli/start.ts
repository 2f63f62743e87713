import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { DatabaseTooNewError, migrateDatabase } from "../db/migrate";
import { createDailyLogWriter } from "../http/middleware/daily-log-writer";
import { folderAssets } from "../http/static-assets";
import { defaultWebAssets } from "../http/web-assets";
import { ensureNativeAddons } from "../runtime/native-addons";
import { startCacheMaintenance } from "../server/cache-maintenance";
import { createEnginePool, engineSettings } from "../server/engine-pool";
import { archiveRoot } from "../server/services/archive";
import { startArchiveRetention } from "../server/services/archive-retention";
import { randomToken } from "../shared/ids";
import type { Logger } from "../shared/logger";
import { WEFT_VERSION } from "../shared/version";
import type { Config } from "./config";
import { ConfigError } from "./config-error";
import { createWeftApp } from "./create-app";

/** A started Weft process: its address and how to stop it. */
export interface RunningWeft {
  url: string;
  /** The URL to open in a browser (carries the ephemeral token). */
  openUrl: string;
  port: number;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`), closes files and databases. */
  stop(graceMs?: number): Promise<void>;
}

/** Thrown when the process cannot start for a reason that is not a setting (exit status 1). */
export class StartupError extends Error {
  override readonly name = "StartupError";
}

function ensureWritableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    const why = err instanceof Error && "code" in err ? String(err.code) : "not writable";
    throw new ConfigError(`WEFT_DATA_DIR (--data-dir): cannot use ${dir} (${why}); choose a writable folder`);
  }
}

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

export interface StartOptions {
  /** Adds routes before the server starts (tests use it for a slow request). */
  extend?: (app: ReturnType<typeof createWeftApp>) => void;
}

/** Starts the HTTP server for `config` and everything it needs. */
export async function startWeft(config: Config, logger: Logger, { extend }: StartOptions = {}): Promise<RunningWeft> {
  ensureWritableDir(config.dataDir);
  if (config.server) {
    const problem = ensureNativeAddons();
    if (problem) throw new StartupError(problem);
  }
  for (const warning of config.warnings) logger.warn(warning);

  const db = config.hub ? openDatabase(config.hub.databaseUrl) : undefined;
  if (db) {
    await migrateDatabase(db, join(config.dataDir, "tmp")).catch(async (err) => {
      await db.close();
      throw err instanceof DatabaseTooNewError ? new StartupError(err.message) : err;
    });
    logger.debug("hub database ready", { dialect: db.dialect });
  }
  const auditWriter = createDailyLogWriter(join(config.dataDir, "logs"), "audit", (err) =>
    logger.error("audit log write failed", { error: err }),
  );
  const serverToken =
    config.server?.authMode === "ephemeral"
      ? randomToken()
      : config.server?.authMode === "static"
        ? config.server.apiKey
        : undefined;
  const assets = config.staticFilesPath ? folderAssets(config.staticFilesPath) : defaultWebAssets();
  const engine = config.server ? createEnginePool(config.server, config.dataDir, logger) : undefined;
  const app = createWeftApp({ config, logger, auditWriter, assets, serverToken, db, engine });
  extend?.(app);

  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      hostname: config.host,
      port: config.port,
      fetch: app.fetch,
      // Hono's body limit answers 413 with a JSON body; Bun's own cap sits just above it.
      maxRequestBodySize: config.maxRequestBodyBytes + 1024 * 1024,
      idleTimeout: 120,
    });
  } catch (err) {
    await db?.close();
    await engine?.close();
    const code = err instanceof Error && "code" in err ? String(err.code) : "";
    if (code === "EADDRINUSE") {
      throw new StartupError(`port ${config.port} on ${config.host} is in use: stop the other process or pass --port`);
    }
    throw err;
  }
  // The engine's processes start once the port answers, so start-up is not slowed by them.
  engine?.warm();
  const stopMaintenance =
    config.server?.cache.enabled === true
      ? startCacheMaintenance({
          root: join(config.dataDir, "cache"),
          quotaBytes: engineSettings(config.server, config.dataDir).cache.quotaBytes,
          retentionDays: config.server.cache.retentionDays,
          logger,
        })
      : undefined;
  const stopArchiveRetention =
    config.server?.archive.enabled === true
      ? startArchiveRetention({
          root: archiveRoot(config.dataDir),
          retentionDays: config.server.archive.retentionDays,
          logger,
        })
      : undefined;
  const url = `http://${urlHost(config.host)}:${server.port}/`;
  const openUrl = config.server?.authMode === "ephemeral" ? `${url}?token=${serverToken}` : url;
  logger.info("weft started", {
    mode: config.mode,
    version: WEFT_VERSION,
    url,
    auth_mode: config.server?.authMode,
    data_dir: config.dataDir,
    web_ui: assets.describe,
  });

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 8_000) => {
    stopping ??= (async () => {
      const graceful = server.stop(false);
      const timedOut = await Promise.race([graceful.then(() => false), Bun.sleep(graceMs).then(() => true)]);
      if (timedOut) {
        // Says why the stop took the whole grace, and that requests were cut.
        logger.warn("requests outlived the stop grace period and were cut", {
          grace_ms: graceMs,
          requests: server.pendingRequests,
        });
        await server.stop(true);
      }
      stopMaintenance?.();
      stopArchiveRetention?.();
      await engine?.close();
      await auditWriter.flush();
      await db?.close();
    })();
    return stopping;
  };
  return { url, openUrl, port: server.port ?? config.port, stop };
}
