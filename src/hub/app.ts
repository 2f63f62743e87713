import { createErrorHandler } from "../http/error-handler";
import { newApiApp } from "../http/openapi-app";
import { auditRoutes } from "./audit/routes";
import { createAuditService } from "./audit/service";
import { authRoutes } from "./auth/routes";
import { capabilityRoutes } from "./capabilities/routes";
import { connectionRoutes } from "./connections/routes";
import { dashboardRoutes } from "./dashboard/routes";
import type { HubDeps } from "./deps";
import { executionRoutes } from "./executions/routes";
import { grantsRoutes } from "./grants/routes";
import { groupsRoutes } from "./groups/routes";
import type { HubEnv } from "./guards";
import { hubHealthRoutes } from "./health/routes";
import { internalRoutes } from "./internal/routes";
import { scheduleRoutes } from "./schedules/routes";
import { serverRegistrationRoutes } from "./servers/register-routes";
import { serverRoutes } from "./servers/routes";
import { settingsRoutes } from "./settings/routes";
import { usersRoutes } from "./users/routes";
import { workflowRoutes } from "./workflows/routes";

export type { HubDeps } from "./deps";

/**
 * The Hub surface, mounted under `/api/v1`: every route group is listed here. The public
 * routes come first; everything registered after `guards.session` needs a valid session
 * (401 otherwise), and each group adds its role guards (403).
 */
export function createHubApp(deps: HubDeps) {
  const app = newApiApp<HubEnv>();
  // Its own error mapping (the same as the process's), so the Hub answers alike mounted or alone.
  app.onError(createErrorHandler(deps.logger));
  // Public.
  app.route("/", hubHealthRoutes(deps.db));
  app.route("/", authRoutes(deps)); // register, login, status public; the rest guard themselves
  app.route("/", serverRegistrationRoutes(deps)); // by the shared secret HUB_SERVER_TOKEN
  app.route("/", internalRoutes(deps)); // by a Server's auth_token (guards.server), not a session
  // Signed in from here on.
  app.use("*", deps.guards.session);
  app.route("/", auditRoutes(createAuditService(deps), deps.guards));
  app.route("/", usersRoutes(deps));
  app.route("/", groupsRoutes(deps));
  app.route("/", grantsRoutes(deps));
  app.route("/", connectionRoutes(deps));
  app.route("/", workflowRoutes(deps));
  app.route("/", executionRoutes(deps));
  app.route("/", scheduleRoutes(deps));
  app.route("/", serverRoutes(deps));
  app.route("/", capabilityRoutes(deps));
  app.route("/", dashboardRoutes(deps)); // the admin area's overview (auditors and above)
  app.route("/", settingsRoutes(deps));
  return app;
}
