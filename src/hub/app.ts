import { newApiApp } from "../http/openapi-app";
import { capabilityRoutes } from "./capabilities/routes";
import type { HubDeps } from "./deps";
import type { HubEnv } from "./guards";
import { hubHealthRoutes } from "./health/routes";
import { serverRegistrationRoutes } from "./servers/register-routes";
import { serverRoutes } from "./servers/routes";

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
  app.route("/", serverRegistrationRoutes(deps)); // by the shared secret HUB_SERVER_TOKEN
  // Signed in from here on.
  app.use("*", deps.guards.session);
  app.route("/", serverRoutes(deps));
  app.route("/", capabilityRoutes(deps));
  return app;
}
