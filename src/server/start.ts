import { hostname } from "node:os";
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
import { WEFT_VERSION } from "../shared/version";
import { createServerApp } from "./app";
import { startCacheMaintenance } from "./cache-maintenance";
import type { AuthMode, ServerConfig } from "./config";
import { createEnginePool, engineSettings } from "./engine-pool";
import { hubAuthorization } from "./hub/authorize-middleware";
import { createGrantContext } from "./hub/grant-context";
import { createHubClient, type HubFetch } from "./hub/hub-client";
import { createHubLink, type HubLink } from "./hub/hub-link";
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
  /**
   * How a hub-mode Server reaches its Hub: the network by default; `weft all` passes its own
   * Hub app's fetch (the same routes and tokens, without a socket).
   */
  hubFetch?: HubFetch;
}

/** The link of a hub-mode Server: its client of HUB_URL, registering under SERVER_NAME (the host name by default). */
function hubLinkOf(config: ServerConfig, endpoint: () => string, logger: Logger, hubFetch?: HubFetch): HubLink {
  return createHubLink({
    client: createHubClient(config.hubUrl ?? "", hubFetch),
    secret: config.hubServerToken,
    name: config.serverName ?? hostname(),
    endpoint,
    version: WEFT_VERSION,
    logger: logger.child({ component: "hub-link" }),
  });
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
  /** Hub mode: this Server's registration with its Hub and its authorizations. */
  hub?: HubLink;
  /**
   * Starts the engine's processes and the cache's and the archive's periodic tasks, and in
   * hub mode registers with the Hub as reachable at `url` (SERVER_ENDPOINT wins). Called
   * once the port answers, so start-up is not slowed by them. Resolves when the first
   * registration has settled (a failure is logged and retried by the heartbeat: never thrown).
   */
  warm(url?: string): Promise<void>;
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
  const grants = config.authMode === "hub" ? createGrantContext() : undefined;
  let endpoint = config.serverEndpoint ?? "";
  const hub = grants ? hubLinkOf(config, () => endpoint, logger, deps.hubFetch) : undefined;
  const hubFiles = grants && config.fileAccessMode === "hub" ? () => grants.current()?.fileAccess : undefined;
  const engine = createEnginePool(config, dataDir, logger, hubFiles);
  const cacheRoot = join(dataDir, "cache");

  const app = newApiApp();
  // Mounted at /api after the Hub's routes, so a Hub request (answered by its route) never
  // reaches this; the middleware also lets /api/v1/ through, for unknown Hub paths.
  app.use("*", serverAuth({ mode: config.authMode, token }));
  // After authentication, so a stranger's body is never read (hub mode: a token must be there).
  app.use("*", jsonDepthLimit(maxJsonDepth));
  // Hub mode: the token is redeemed at the Hub, asking for what the (depth-checked) body names.
  if (hub && grants) app.use("*", hubAuthorization({ link: hub, grants, dataDir }));
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
      grants,
      maxJsonDepth,
      logger,
    }),
  );

  const stopTasks: (() => void)[] = [];
  let warmed = false;
  let registered: Promise<void> = Promise.resolve();
  const warm = (url?: string) => {
    if (warmed) return registered;
    warmed = true;
    engine.warm();
    if (hub) {
      endpoint ||= (url ?? "").replace(/\/+$/, "");
      // A failed first registration is retried by the heartbeat and by the first request.
      registered = hub
        .start()
        .catch((err: unknown) =>
          logger.error("could not register with the Hub", { error: err instanceof Error ? err.message : String(err) }),
        );
    }
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
    return registered;
  };
  const stop = async () => {
    for (const stopTask of stopTasks.splice(0)) stopTask();
    hub?.stop();
    await engine.close();
  };
  return { app, authMode: config.authMode, token, engine, hub, warm, stop };
}
