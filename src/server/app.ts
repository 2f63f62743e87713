import type { ExecutorPool } from "../engine/executor/pool";
import { fileOperationTimeout } from "../http/file-operation-timeout";
import { newApiApp } from "../http/openapi-app";
import type { Logger } from "../shared/logger";
import type { Workflow } from "../shared/workflow";
import type { ServerConfig } from "./config";
import { fileAccessPolicy } from "./engine-pool";
import type { GrantContext } from "./hub/grant-context";
import { requireHubRole } from "./hub/require-hub-role";
import { aiRoutes } from "./routes/ai";
import { archiveRoutes } from "./routes/archive";
import { cacheRoutes } from "./routes/cache";
import { connectionsRoutes } from "./routes/connections";
import { datasourceRoutes } from "./routes/datasource";
import { filesRoutes } from "./routes/files";
import { healthRoutes } from "./routes/health";
import { infoRoutes } from "./routes/info";
import { polarsRoutes } from "./routes/polars";
import { workflowRoutes } from "./routes/workflow";
import { workflowFileRoutes } from "./routes/workflow-file";
import type { ArchiveService } from "./services/archive";
import { connectionsForRun, resolveSourceConnection } from "./services/connection-resolver";
import type { ConnectionStore } from "./services/connection-store";

export interface ServerDeps {
  config: ServerConfig;
  /** The engine's executor processes. */
  engine: ExecutorPool;
  /** Removes a workflow's cached results. */
  clearCache(workflowId: string): number;
  /** The data directory: out of reach of every path a route takes, save its `files/`. */
  dataDir: string;
  /** The engine's cache folder (`<data dir>/cache`), for the /cache routes. */
  cacheRoot: string;
  /** The execution archive (services/archive.ts). */
  archive: ArchiveService;
  /** The server-managed connections; undefined without CONNECTION_ENCRYPTION_KEY (routes answer 503). */
  connections: ConnectionStore | undefined;
  /**
   * Hub mode: the grant of the request being served. Hub connections resolve from it, and
   * with FILE_ACCESS_MODE=hub the file routes see exactly its roots.
   */
  grants?: GrantContext;
  /** MAX_JSON_DEPTH, which workflow files read from disk are held to as request bodies are. */
  maxJsonDepth: number;
  logger: Logger;
}

/**
 * The Server surface, mounted under `/api`. Every route group is listed here, so any
 * endpoint is found in one look. Authentication is put in front of it by startServer
 * (start.ts), in the spec's middleware order.
 */
export function createServerApp(deps: ServerDeps) {
  const { config, engine, clearCache, cacheRoot, archive, connections, maxJsonDepth, logger, grants } = deps;
  const policy =
    grants && config.fileAccessMode === "hub" ? grants.policy(deps.dataDir) : fileAccessPolicy(config, deps.dataDir);
  const app = newApiApp();
  app.route(
    "/",
    healthRoutes(config.maxPreviewRows, () => engine.stats(), config.authMode),
  );
  app.route("/", infoRoutes(config));
  const hub = grants ? async (id: string) => grants.connectionUri(id) : undefined;
  const resolverDeps = { store: connections, hub, outboundHosts: config.outboundHosts };
  const prepare = (workflow: Workflow) => connectionsForRun(workflow, resolverDeps);
  app.route("/", workflowRoutes({ engine, clearCache, prepare, archive, logger }));
  app.route("/", polarsRoutes(engine));
  const sourceConnection = (config: Record<string, unknown>) => resolveSourceConnection(config, "config", resolverDeps);
  app.route("/", datasourceRoutes(engine, sourceConnection));
  // The deprecated server-managed store is for `server` mode only: in hub mode the Hub holds connections.
  if (!grants) {
    app.route("/", connectionsRoutes({ store: connections, fileAccess: policy, outboundHosts: config.outboundHosts }));
  }
  if (grants) {
    // The archive holds every user's runs and the cache is shared: not one person's business.
    app.use("/archive/*", requireHubRole(grants, "auditor", "the run archive"));
    app.use("/cache/*", requireHubRole(grants, "admin", "the engine cache"));
  }
  app.route("/", archiveRoutes(archive));
  app.route("/", cacheRoutes({ root: cacheRoot, settings: config.cache, clearCache }));
  app.use("/files/*", fileOperationTimeout(config.fileOperationTimeoutSeconds));
  app.route("/", filesRoutes({ policy }));
  app.route("/", workflowFileRoutes({ policy, maxJsonDepth }));
  app.route(
    "/",
    aiRoutes({ baseUrls: config.aiBaseUrls, authMode: config.authMode, outboundHosts: config.outboundHosts }),
  );
  return app;
}
