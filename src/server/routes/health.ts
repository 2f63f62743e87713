import { createRoute, type z } from "@hono/zod-openapi";
import type { PoolStats } from "../../engine/executor/pool-types";
import { newApiApp } from "../../http/openapi-app";
import { DUCKDB_VERSION, PLATFORM, POLARS_VERSION, RUNTIME_VERSION, WEFT_VERSION } from "../../shared/version";
import type { AuthMode } from "../config";
import { HealthSchema } from "../schemas/health";

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

export function healthRoutes(maxPreviewRows: number, engineStats: () => PoolStats, authMode: AuthMode) {
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
      auth_mode: authMode,
    };
  };
  const app = newApiApp();
  app.openapi(route, (c) => c.json(body(), 200));
  // Without the trailing slash too, for clients that drop it; not documented twice.
  app.get("/health", (c) => c.json(body(), 200));
  return app;
}
