import type { Dialect } from "../../db/migration-files";
import { WEFT_VERSION } from "../../shared/version";
import { CHECKPOINT_EVERY_EVENTS } from "../audit/checkpoints";
import { AUDIT_CHECKPOINT_EVERY_MS } from "../background/audit-checkpoint";
import type { HubConfig } from "../config";
import { DEFAULT_ARTIFACT_MAX_BYTES } from "../executions/runtime";
import type { HubSettingsBody } from "./schemas";

/**
 * What the Settings page shows of the Hub's configuration. Built field by field from
 * HubConfig (never by copying it), so a secret added to the config later cannot leak here:
 * keys and tokens answer only whether they are set.
 */
export function settingsView(config: HubConfig, dialect: Dialect): HubSettingsBody {
  return {
    version: WEFT_VERSION,
    database: { kind: dialect === "pg" ? "postgresql" : "sqlite" },
    sessions: { ttl_hours: config.sessionTtlHours },
    login_throttle: {
      max_attempts: config.loginMaxAttempts,
      max_attempts_per_ip: config.loginMaxAttemptsPerIp,
      window_seconds: config.loginWindowSeconds,
    },
    capability_tokens: { ttl_seconds: config.capabilityTokenTtlSeconds, store: config.tokenStoreBackend },
    event_broker: config.eventBrokerBackend,
    servers: {
      poll_interval_seconds: config.serverPollIntervalSeconds,
      registration_token_set: Boolean(config.hubServerToken),
    },
    executions: {
      artifact_max_mb: config.executionArtifactMaxMb ?? DEFAULT_ARTIFACT_MAX_BYTES / (1024 * 1024),
    },
    keys: {
      connection_encryption: config.connectionEncryptionKey ? "configured" : "generated",
      audit_signing: config.auditSigningKey ? "configured" : "generated",
      dispatch_signing: config.dispatchSigningKey ? "configured" : "generated",
    },
    audit: {
      checkpoint_every_events: CHECKPOINT_EVERY_EVENTS,
      checkpoint_every_minutes: AUDIT_CHECKPOINT_EVERY_MS / 60_000,
    },
  };
}
