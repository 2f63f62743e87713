import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import { HubSettingsSchema } from "./schemas";
import { settingsView } from "./view";

/**
 * `GET /settings`: the Hub's configuration for the admin area's Settings page, read by
 * auditors and above. Read only: the Hub's settings come from its environment and flags at
 * start (src/cli/settings.ts), so there is nothing to write here.
 */
export function settingsRoutes(deps: Pick<HubDeps, "config" | "db" | "guards">) {
  const app = newApiApp<HubEnv>();
  app.openapi(
    createRoute({
      method: "get",
      path: "/settings",
      tags: ["Admin"],
      security: [{ bearer: [] }],
      middleware: [deps.guards.requireRole("auditor")] as const,
      summary: "The Hub's settings: lifetimes, limits, backends and whether each key is set (never a secret)",
      responses: {
        200: { content: { "application/json": { schema: HubSettingsSchema } }, description: "The settings" },
        401: { description: "No valid session" },
        403: { description: "Needs the auditor role or above" },
      },
    }),
    (c) => c.json(settingsView(deps.config, deps.db.dialect), 200),
  );
  return app;
}
