import { createRoute, z } from "@hono/zod-openapi";
import type { DbHandle } from "../../db/client";
import { newApiApp } from "../../http/openapi-app";
import { WEFT_VERSION } from "../../shared/version";

export const HubHealthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    version: z.string(),
    database: z.object({ dialect: z.enum(["sqlite", "postgresql"]), ok: z.boolean() }),
  })
  .openapi("HubHealth");

const route = createRoute({
  method: "get",
  path: "/health",
  tags: ["Hub"],
  summary: "Is the Hub up and its database reachable (public)",
  responses: {
    200: { content: { "application/json": { schema: HubHealthSchema } }, description: "Healthy" },
    503: { content: { "application/json": { schema: HubHealthSchema } }, description: "Database unreachable" },
  },
});

export function hubHealthRoutes(db: DbHandle) {
  const app = newApiApp();
  app.openapi(route, async (c) => {
    const ok = await db.ping().then(
      () => true,
      () => false,
    );
    const body = {
      status: ok ? ("ok" as const) : ("degraded" as const),
      version: WEFT_VERSION,
      database: { dialect: db.dialect === "pg" ? ("postgresql" as const) : ("sqlite" as const), ok },
    };
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
  return app;
}
