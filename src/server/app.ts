import type { ServerConfig } from "../cli/config";
import { newApiApp } from "../http/openapi-app";
import { healthRoutes } from "./routes/health";
import { infoRoutes } from "./routes/info";

export interface ServerDeps {
  config: ServerConfig;
}

/**
 * The Server surface, mounted under `/api`. Every route group is listed here, so any
 * endpoint is found in one look. Authentication is applied by the caller (cli/create-app.ts),
 * in the spec's middleware order.
 */
export function createServerApp({ config }: ServerDeps) {
  const app = newApiApp();
  app.route("/", healthRoutes(config.maxPreviewRows));
  app.route("/", infoRoutes(config));
  return app;
}
