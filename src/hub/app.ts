import { newApiApp } from "../http/openapi-app";
import type { HubDeps } from "./deps";
import type { HubEnv } from "./guards";
import { hubHealthRoutes } from "./health/routes";
import { workflowRoutes } from "./workflows/routes";

export type { HubDeps } from "./deps";

/**
 * The Hub surface, mounted under `/api/v1`: every route group is listed here. The public
 * routes come first; everything registered after `guards.session` needs a valid session
 * (401 otherwise), and each group adds its role guards (403).
 */
export function createHubApp(deps: HubDeps) {
  const app = newApiApp<HubEnv>();
  // Public.
  app.route("/", hubHealthRoutes(deps.db));
  // Signed in from here on.
  app.use("*", deps.guards.session);
  app.route("/", workflowRoutes(deps));
  return app;
}
