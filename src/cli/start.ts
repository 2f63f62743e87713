import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { createDailyLogWriter } from "../http/middleware/daily-log-writer";
import { folderAssets } from "../http/static-assets";
import { defaultWebAssets } from "../http/web-assets";
import { composeWeftApp } from "../http/weft-app";
import { type RunningHub, startHub } from "../hub/start";
import { IN_PROCESS_HUB_URL } from "../server/config";
import { type StartedServer, startServer } from "../server/start";
import { randomToken } from "../shared/ids";
import type { Logger } from "../shared/logger";
import { StartupError } from "../shared/startup-error";
import { WEFT_VERSION } from "../shared/version";
import type { Config } from "./config";
import { ConfigError } from "./config-error";

/** A started Weft process: its address and how to stop it. */
export interface RunningWeft {
  url: string;
  /** The URL to open in a browser (carries the ephemeral token). */
  openUrl: string;
  port: number;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`), closes files and databases. */
  stop(graceMs?: number): Promise<void>;
  /** The Server's engine pool, when this process runs a Server (benchmarks read its executors' pids). */
  engine?: StartedServer["engine"];
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
  extend?: (app: OpenAPIHono) => void;
}

/**
 * `weft all` with its Server in hub mode: the Server registers with the Hub beside it by the
 * shared secret HUB_SERVER_TOKEN; when none is set, a random one is made for this run (held
 * by both halves in memory, shown to no one), so self-registration works without setup.
 */
function withOwnHub(config: Config): Config {
  const { server, hub } = config;
  if (config.mode !== "all" || !server || !hub || server.authMode !== "hub" || server.hubServerToken) return config;
  const secret = randomToken(32);
  return { ...config, server: { ...server, hubServerToken: secret }, hub: { ...hub, hubServerToken: secret } };
}

/** Starts the HTTP server for `config` and everything it needs. */
export async function startWeft(given: Config, logger: Logger, { extend }: StartOptions = {}): Promise<RunningWeft> {
  ensureWritableDir(given.dataDir);
  const config = withOwnHub(given);
  // `weft all`: the Server's calls to its Hub go through this process's app, the same routes a separate Server calls.
  let composed: { fetch: (request: Request) => Response | Promise<Response> } | undefined;
  const ownHub =
    config.mode === "all" && config.server?.authMode === "hub" && config.server.hubUrl === IN_PROCESS_HUB_URL;
  const hubFetch = ownHub
    ? async (request: Request) => {
        if (!composed) throw new Error("the Hub is not listening yet");
        return await composed.fetch(request);
      }
    : undefined;
  const server = config.server
    ? startServer(config.server, { dataDir: config.dataDir, maxJsonDepth: config.maxJsonDepth, logger, hubFetch })
    : undefined;
  for (const warning of config.warnings) logger.warn(warning);

  let hub: RunningHub | undefined;
  try {
    hub = config.hub ? await startHub(config.hub, { dataDir: config.dataDir, logger }) : undefined;
  } catch (err) {
    await server?.stop();
    throw err;
  }
  const auditWriter = createDailyLogWriter(join(config.dataDir, "logs"), "audit", (err) =>
    logger.error("audit log write failed", { error: err }),
  );
  const assets = config.staticFilesPath ? folderAssets(config.staticFilesPath) : defaultWebAssets();
  const app = composeWeftApp({
    settings: config,
    logger,
    auditWriter,
    assets,
    hub: hub?.app,
    server,
  });
  extend?.(app);
  composed = app;

  let listener: ReturnType<typeof Bun.serve>;
  try {
    listener = Bun.serve({
      hostname: config.host,
      port: config.port,
      fetch: app.fetch,
      // Hono's body limit answers 413 with a JSON body; Bun's own cap sits just above it.
      maxRequestBodySize: config.maxRequestBodyBytes + 1024 * 1024,
      idleTimeout: 120,
    });
  } catch (err) {
    await hub?.stop();
    await server?.stop();
    const code = err instanceof Error && "code" in err ? String(err.code) : "";
    if (code === "EADDRINUSE") {
      throw new StartupError(`port ${config.port} on ${config.host} is in use: stop the other process or pass --port`);
    }
    throw err;
  }
  const url = `http://${urlHost(config.host)}:${listener.port}/`;
  // The engine's processes and the Server's periodic tasks (and its Hub registration) start once the port answers.
  const registered = server?.warm(url);
  if (ownHub) {
    // `weft all`: its Server is registered and polled online before anyone is given the
    // address, or a page opened at once would be told that no Server may serve it.
    await registered;
    await hub?.pollServers();
  }
  const openUrl = config.server?.authMode === "ephemeral" ? `${url}?token=${server?.token}` : url;
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
      const graceful = listener.stop(false);
      const timedOut = await Promise.race([graceful.then(() => false), Bun.sleep(graceMs).then(() => true)]);
      if (timedOut) {
        // Says why the stop took the whole grace, and that requests were cut.
        logger.warn("requests outlived the stop grace period and were cut", {
          grace_ms: graceMs,
          requests: listener.pendingRequests,
        });
        await listener.stop(true);
      }
      await server?.stop();
      await auditWriter.flush();
      await hub?.stop();
    })();
    return stopping;
  };
  return { url, openUrl, port: listener.port ?? config.port, stop, engine: server?.engine };
}
