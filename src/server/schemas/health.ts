import { z } from "@hono/zod-openapi";

/** The answer of `/health/` (routes/health.ts). */

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
    auth_mode: z.enum(["ephemeral", "static", "hub", "disabled"]).openapi({
      description:
        "How this Server authenticates (AUTH_MODE): the web UI reads it before it holds a token, " +
        "to know whether its requests need a Hub's capability tokens (`hub`)",
    }),
  })
  .openapi("ServerHealth");

export type Health = z.infer<typeof HealthSchema>;
