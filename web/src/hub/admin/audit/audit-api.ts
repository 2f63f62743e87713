import type { z } from "@hono/zod-openapi";
import type {
  AuditEventSchema,
  CheckpointListSchema,
  EventListSchema,
  VerifySchema,
} from "../../../../../src/hub/audit/schemas";
import type { HubClient } from "../../../lib/hub-api";

/** One audit event as the Hub answers it (src/hub/audit/schemas.ts). */
export type AuditEvent = z.infer<typeof AuditEventSchema>;
export type AuditEventList = z.infer<typeof EventListSchema>;
export type AuditVerdict = z.infer<typeof VerifySchema>;
export type AuditCheckpoints = z.infer<typeof CheckpointListSchema>;
export type AuditCheckpoint = AuditCheckpoints["checkpoints"][number];

/** The filters of `GET /audit/events` the pages use (each optional; times are ISO 8601). */
export interface AuditQuery {
  actor_type?: "user" | "server" | "system";
  actor_id?: string;
  /** Exact (`user.create`) or a prefix ending in `.*` (`user.*`). */
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The query string of `q`, without the empty filters. */
export function auditQueryString(q: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return params.toString();
}

/** One page of events, newest first. */
export function auditEvents(hub: HubClient, q: AuditQuery): Promise<AuditEventList> {
  return hub.request<AuditEventList>("GET", `/audit/events?${auditQueryString(q)}`);
}

/** Checks the whole chain against itself and the signed checkpoints. */
export function verifyAudit(hub: HubClient): Promise<AuditVerdict> {
  return hub.request<AuditVerdict>("GET", "/audit/verify");
}

export function auditCheckpoints(hub: HubClient): Promise<AuditCheckpoints> {
  return hub.request<AuditCheckpoints>("GET", "/audit/checkpoints");
}
