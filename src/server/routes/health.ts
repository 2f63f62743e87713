import { createRoute, z } from "@hono/zod-openapi";
import type { PoolStats } from "../../engine/executor/pool";
import { newApiApp } from "../../http/openapi-app";
import { DUCKDB_VERSION, PLATFORM, POLARS_VERSION, RUNTIME_VERSION, WEFT_VERSION } from "../../shared/version";

const EngineStateSchema = z
  .object({
    executors: z.number().int().openapi({ description: "Engine processes the Server keeps (ENGINE_PROCESSES)" }),
    ready: z.number().int().openapi({ description: "Started and waiting for work" }),
    busy: z.number().int().openapi({ description: "Running a request" }),
    starting: z.number().int(),
    queued: z.number().int().openapi({ description: "Requests waiting for an engine process" }),
  })
  .openapi("EngineState");

export const HealthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]).openapi({
      description: "`degraded`: no engine process can take work now (all busy, or they fail to start); still 200",
    }),
    version: z.string(),
    message: z.string(),
    python_version: z.string().openapi({ description: "The runtime; Weft has no Python runtime" }),
    platform: z.string(),
    polars_version: z.string(),
    max_preview_rows: z.number().int(),
    runtime_version: z.string(),
    duckdb_version: z.string(),
    engine: EngineStateSchema,
  })
  .openapi("ServerHealth");

const route = createRoute({
  method: "get",
  path: "/health/",
  tags: ["Health"],
  summary: "Is the Server up, and which versions does it run",
  responses: {
    200: {
      content: { "application/json": { schema: HealthSchema } },
      description: "Up; `status` says whether the engine can take work",
    },
  },
});

/**
 * Whether a request sent now would start soon: an executor is ready, or one is starting or
 * may be started, unless starting them keeps failing.
 */
function canTakeWork(s: PoolStats): boolean {
  return s.idle > 0 || (s.startFailures === 0 && (s.starting > 0 || s.running < s.size));
}

export function healthRoutes(maxPreviewRows: number, engineStats: () => PoolStats) {
  const body = (): z.infer<typeof HealthSchema> => {
    const s = engineStats();
    const ok = canTakeWork(s);
    return {
      status: ok ? "ok" : "degraded",
      version: WEFT_VERSION,
      message: ok
        ? "Weft Server is running"
        : `Weft Server is running, but no engine process can take work now (${s.busy} of ${s.size} busy, ${s.queued} requests waiting)`,
      python_version: `${RUNTIME_VERSION} (no Python runtime)`,
      platform: PLATFORM,
      polars_version: POLARS_VERSION,
      max_preview_rows: maxPreviewRows,
      runtime_version: RUNTIME_VERSION,
      duckdb_version: DUCKDB_VERSION,
      engine: { executors: s.size, ready: s.idle, busy: s.busy, starting: s.starting, queued: s.queued },
    };
  };
  const app = newApiApp();
  app.openapi(route, (c) => c.json(body(), 200));
  // Without the trailing slash too, for clients that drop it; not documented twice.
  app.get("/health", (c) => c.json(body(), 200));
  return app;
}
