import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import { DashboardQuery, DashboardSchema } from "./schemas";
import { createDashboardService } from "./service";

/** `GET /dashboard`: the admin area's counts and runs per day, for auditors and above. */
export function dashboardRoutes(deps: HubDeps) {
  const service = createDashboardService(deps);
  const app = newApiApp<HubEnv>();
  app.openapi(
    createRoute({
      method: "get",
      path: "/dashboard",
      tags: ["Admin"],
      security: [{ bearer: [] }],
      middleware: [deps.guards.requireRole("auditor")] as const,
      summary: "Counts of users, workflows, executions, schedules and Servers, and executions per day",
      request: { query: DashboardQuery },
      responses: {
        200: { content: { "application/json": { schema: DashboardSchema } }, description: "The overview" },
        401: { description: "No valid session" },
        403: { description: "Needs the auditor role or above" },
      },
    }),
    async (c) => c.json(await service.overview(c.req.valid("query")), 200),
  );
  return app;
}
