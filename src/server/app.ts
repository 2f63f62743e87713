import type { ServerConfig } from "../cli/config";
import type { ExecutorPool } from "../engine/executor/pool";
import type { Workflow } from "../engine/workflow";
import { newApiApp } from "../http/openapi-app";
import { fileAccessPolicy } from "./engine-pool";
import { connectionsRoutes } from "./routes/connections";
import { datasourceRoutes } from "./routes/datasource";
import { healthRoutes } from "./routes/health";
import { infoRoutes } from "./routes/info";
import { polarsRoutes } from "./routes/polars";
import { workflowRoutes } from "./routes/workflow";
import { connectionsForRun } from "./services/connection-resolver";
import type { ConnectionStore } from "./services/connection-store";

export interface ServerDeps {
  config: ServerConfig;
  /** The engine's executor processes. */
  engine: ExecutorPool;
  /** Removes a workflow's cached results. */
  clearCache(workflowId: string): number;
  /** The server-managed connections; undefined without CONNECTION_ENCRYPTION_KEY (routes answer 503). */
  connections: ConnectionStore | undefined;
}

/**
 * The Server surface, mounted under `/api`. Every route group is listed here, so any
 * endpoint is found in one look. Authentication is applied by the caller (cli/create-app.ts),
 * in the spec's middleware order.
 */
export function createServerApp({ config, engine, clearCache, connections }: ServerDeps) {
  const app = newApiApp();
  app.route("/", healthRoutes(config.maxPreviewRows));
  app.route("/", infoRoutes(config));
  const prepare = (workflow: Workflow) => connectionsForRun(workflow, { store: connections });
  app.route("/", workflowRoutes({ engine, clearCache, prepare }));
  app.route("/", polarsRoutes(engine));
  app.route("/", datasourceRoutes(engine));
  app.route("/", connectionsRoutes({ store: connections, fileAccess: fileAccessPolicy(config) }));
  return app;
}
