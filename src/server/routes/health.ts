import { createRoute, z } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import { DUCKDB_VERSION, PLATFORM, POLARS_VERSION, RUNTIME_VERSION, WEFT_VERSION } from "../../shared/version";

export const HealthSchema = z
  .object({
    status: z.literal("ok"),
    version: z.string(),
    message: z.string(),
    python_version: z.string().openapi({ description: "The runtime; Weft has no Python runtime" }),
    platform: z.string(),
    polars_version: z.string(),
    max_preview_rows: z.number().int(),
    runtime_version: z.string(),
    duckdb_version: z.string(),
  })
  .openapi("ServerHealth");

const route = createRoute({
  method: "get",
  path: "/health/",
  tags: ["Health"],
  summary: "Is the Server up, and which versions does it run",
  responses: { 200: { content: { "application/json": { schema: HealthSchema } }, description: "Healthy" } },
});

export function healthRoutes(maxPreviewRows: number) {
  const body = (): z.infer<typeof HealthSchema> => ({
    status: "ok",
    version: WEFT_VERSION,
    message: "Weft Server is running",
    python_version: `${RUNTIME_VERSION} (no Python runtime)`,
    platform: PLATFORM,
    polars_version: POLARS_VERSION,
    max_preview_rows: maxPreviewRows,
    runtime_version: RUNTIME_VERSION,
    duckdb_version: DUCKDB_VERSION,
  });
  const app = newApiApp();
  app.openapi(route, (c) => c.json(body(), 200));
  // Without the trailing slash too, for clients that drop it; not documented twice.
  app.get("/health", (c) => c.json(body(), 200));
  return app;
}
