import { z } from "@hono/zod-openapi";

const KeySource = z
  .enum(["configured", "generated"])
  .openapi({ description: "configured: set in the Hub's settings; generated: a key file in the data directory" });

/**
 * The Hub's settings as the admin area reads them: values and whether a key is present,
 * never a secret (no database URL, no key, no shared token).
 */
export const HubSettingsSchema = z
  .object({
    version: z.string(),
    database: z.object({ kind: z.enum(["sqlite", "postgresql"]) }),
    sessions: z.object({ ttl_hours: z.number().int().openapi({ description: "SESSION_TTL_HOURS" }) }),
    login_throttle: z.object({
      max_attempts: z.number().int().openapi({ description: "LOGIN_MAX_ATTEMPTS, per username" }),
      max_attempts_per_ip: z.number().int().openapi({ description: "LOGIN_MAX_ATTEMPTS_PER_IP" }),
      window_seconds: z.number().int().openapi({ description: "LOGIN_WINDOW_SECONDS" }),
    }),
    capability_tokens: z.object({
      ttl_seconds: z.number().int().openapi({ description: "CAPABILITY_TOKEN_TTL_SECONDS" }),
      store: z.enum(["memory", "database"]).openapi({ description: "TOKEN_STORE_BACKEND" }),
    }),
    event_broker: z.enum(["memory", "postgresql"]).openapi({ description: "EVENT_BROKER_BACKEND" }),
    servers: z.object({
      poll_interval_seconds: z.number().int().openapi({ description: "SERVER_POLL_INTERVAL_SECONDS" }),
      registration_token_set: z
        .boolean()
        .openapi({ description: "HUB_SERVER_TOKEN is set: Servers may register themselves with it" }),
    }),
    executions: z.object({
      artifact_max_mb: z.number().int().openapi({ description: "EXECUTION_ARTIFACT_MAX_MB" }),
    }),
    keys: z.object({
      connection_encryption: KeySource.openapi({ description: "CONNECTION_ENCRYPTION_KEY" }),
      audit_signing: KeySource.openapi({ description: "AUDIT_SIGNING_KEY" }),
      dispatch_signing: KeySource.openapi({ description: "DISPATCH_SIGNING_KEY" }),
    }),
    audit: z.object({
      checkpoint_every_events: z.number().int(),
      checkpoint_every_minutes: z.number().int(),
    }),
  })
  .openapi("HubSettings");
export type HubSettingsBody = z.infer<typeof HubSettingsSchema>;
