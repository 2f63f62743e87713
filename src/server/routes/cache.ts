import { createRoute, z } from "@hono/zod-openapi";
import { BYTES_PER_GB, cacheStats } from "../../engine/cache/cache-stats";
import { runMaintenance } from "../../engine/cache/maintenance";
import { newApiApp } from "../../http/openapi-app";
import { WorkflowIdSchema } from "../../shared/workflow";
import type { ServerConfig } from "../config";

/**
 * The cache routes (docs/server-api.md "Cache"), over the engine's cache folder. Everything here is
 * file work of engine/cache modules that do not load Polars, so the Server process does it
 * itself, as it does `/workflow/cache/clear`.
 */

export interface CacheRouteDeps {
  /** `<data dir>/cache`. */
  root: string;
  /** The cache settings (CACHE_ENABLED, CACHE_QUOTA_GB, CACHE_RETENTION_DAYS, CACHE_CLEAR_ON_CLOSE). */
  settings: ServerConfig["cache"];
  /** Removes a workflow's cached results; answers how many files went. */
  clearCache(workflowId: string): number;
}

const MAX_BATCH = 1000;

// `.meta`, not `.openapi`: the schema is plain zod (engine code does not load the OpenAPI extension).
const WorkflowId = WorkflowIdSchema.meta({
  description: "The workflow's meta.workflow_id",
  example: "sales-report",
});

const Cleared = z.object({
  status: z.literal("cleared"),
  workflow_id: z.string(),
  files_removed: z.number().int(),
});
// The status names the operation, whatever CACHE_CLEAR_ON_CLOSE says (docs/server-api.md "Cache": the
// batch's body); `cleared` and `cleared_count` say what happened.
const ClosedStatus = z.literal("cleared_on_close");
const Closed = z.object({
  status: ClosedStatus,
  workflow_id: z.string(),
  cleared: z.boolean().openapi({ description: "false: CACHE_CLEAR_ON_CLOSE is false, the cache is kept" }),
  files_removed: z.number().int(),
});
const BatchClosed = z.object({
  status: ClosedStatus,
  cleared_count: z
    .number()
    .int()
    .openapi({ description: "How many workflows' caches were cleared (0 while CACHE_CLEAR_ON_CLOSE is false)" }),
  workflow_ids: z.array(z.string()),
  files_removed: z.number().int(),
});
const Stats = z
  .object({
    enabled: z.boolean(),
    workflow_count: z.number().int(),
    file_count: z.number().int(),
    total_size_bytes: z.number().int(),
    total_size_mb: z.number().openapi({ description: "MiB (1024²), 2 decimals" }),
    total_size_gb: z.number().openapi({ description: "GiB (1024³), 3 decimals" }),
    quota_gb: z.number().openapi({ description: "CACHE_QUOTA_GB (GiB), 3 decimals" }),
    retention_days: z.number().openapi({ description: "CACHE_RETENTION_DAYS" }),
  })
  .openapi("CacheStats");
const Maintenance = z.object({
  ttl_files_deleted: z.number().int(),
  lru_files_evicted: z.number().int(),
  message: z.string(),
});

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const tags = ["Cache"];
const security = [{ bearer: [] }];
const post = <Req extends z.ZodType, Res extends z.ZodType>(path: string, summary: string, req: Req, res: Res) =>
  createRoute({
    method: "post",
    path,
    tags,
    security,
    summary,
    request: { body: { ...json(req), required: true } },
    responses: { 200: { ...json(res), description: "OK" }, 400: { description: "A bad workflow id" } },
  });

const routes = {
  clear: post("/cache/clear", "Remove a workflow's cached results", z.object({ workflow_id: WorkflowId }), Cleared),
  close: post(
    "/cache/close",
    "A workflow was closed: clear its cache when CACHE_CLEAR_ON_CLOSE is true",
    z.object({ workflow_id: WorkflowId }),
    Closed,
  ),
  closeBatch: post(
    "/cache/close/batch",
    "Several workflows were closed (CACHE_CLEAR_ON_CLOSE decides, as for one)",
    z.object({ workflow_ids: z.array(WorkflowId).max(MAX_BATCH) }),
    BatchClosed,
  ),
  stats: createRoute({
    method: "get",
    path: "/cache/stats",
    tags,
    security,
    summary: "What the cache holds now (complete entries) and its limits",
    responses: { 200: { ...json(Stats), description: "OK" } },
  }),
  maintenance: createRoute({
    method: "post",
    path: "/cache/maintenance",
    tags,
    security,
    summary: "Run TTL expiry (CACHE_RETENTION_DAYS) and LRU eviction (CACHE_QUOTA_GB) now",
    responses: { 200: { ...json(Maintenance), description: "OK" } },
  }),
};

/** The `/cache/*` routes. */
export function cacheRoutes({ root, settings, clearCache }: CacheRouteDeps) {
  const app = newApiApp();
  const quotaBytes = Math.round(settings.quotaGb * BYTES_PER_GB);

  app.openapi(routes.clear, (c) => {
    const { workflow_id } = c.req.valid("json");
    return c.json({ status: "cleared" as const, workflow_id, files_removed: clearCache(workflow_id) }, 200);
  });
  const status = "cleared_on_close" as const;
  const cleared = settings.clearOnClose;
  app.openapi(routes.close, (c) => {
    const { workflow_id } = c.req.valid("json");
    return c.json({ status, workflow_id, cleared, files_removed: cleared ? clearCache(workflow_id) : 0 }, 200);
  });
  app.openapi(routes.closeBatch, (c) => {
    const workflow_ids = [...new Set(c.req.valid("json").workflow_ids)];
    if (!cleared) return c.json({ status, cleared_count: 0, workflow_ids, files_removed: 0 }, 200);
    const files = workflow_ids.reduce((sum, id) => sum + clearCache(id), 0);
    return c.json({ status, cleared_count: workflow_ids.length, workflow_ids, files_removed: files }, 200);
  });
  app.openapi(routes.stats, (c) =>
    c.json(cacheStats({ root, enabled: settings.enabled, quotaBytes, retentionDays: settings.retentionDays }), 200),
  );
  app.openapi(routes.maintenance, (c) => {
    const result = runMaintenance({ root, quotaBytes, retentionDays: settings.retentionDays, now: Date.now() });
    const message =
      `Deleted ${result.ttl_files_deleted} expired entries (unused for ${settings.retentionDays} days) and ` +
      `evicted ${result.lru_files_evicted} least recently used (quota ${settings.quotaGb} GB)`;
    return c.json({ ...result, message }, 200);
  });
  return app;
}
