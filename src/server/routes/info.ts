import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import { WEFT_VERSION } from "../../shared/version";
import type { ServerConfig } from "../config";
import { InfoSchema } from "../schemas/info";

const route = createRoute({
  method: "get",
  path: "/info",
  tags: ["Health"],
  summary: "What this Server offers the signed-in client (needs the token: the UI checks it here)",
  security: [{ bearer: [] }],
  responses: {
    200: { content: { "application/json": { schema: InfoSchema } }, description: "Server capabilities" },
  },
});

export function infoRoutes(config: ServerConfig) {
  const app = newApiApp();
  app.openapi(route, (c) =>
    c.json(
      {
        version: WEFT_VERSION,
        auth_mode: config.authMode,
        file_access_mode: config.fileAccessMode,
        max_preview_rows: config.maxPreviewRows,
        features: {
          archive: config.archive.enabled,
          cache: config.cache.enabled,
          connections: config.connectionEncryptionKey !== undefined,
        },
      },
      200,
    ),
  );
  return app;
}
