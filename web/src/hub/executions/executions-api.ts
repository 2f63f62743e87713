/**
 * The Executions area's calls to the Hub (`/executions…`, docs/hub.md "Executions"), on the
 * Hub client's `request` / `respond`. Types are inferred from the Hub's own zod schemas
 * (type-only: nothing of the Hub is bundled).
 */
import type { z } from "@hono/zod-openapi";
import type {
  ArtifactSchema,
  ExecutionDetailSchema,
  ExecutionListSchema,
  ExecutionStatus,
  ExecutionSummarySchema,
  RecordListSchema,
} from "../../../../src/hub/executions/schemas";
import type { ScheduleListSchema } from "../../../../src/hub/schedules/schemas";
import type { RevisionDetailSchema } from "../../../../src/hub/workflows/schemas";
import type { HubClient } from "../../lib/hub-api";

export type { ExecutionStatus };
export type ExecutionSummary = z.infer<typeof ExecutionSummarySchema>;
export type ExecutionDetail = z.infer<typeof ExecutionDetailSchema>;
export type ExecutionList = z.infer<typeof ExecutionListSchema>;
export type ExecutionArtifact = z.infer<typeof ArtifactSchema>;
export type ExecutionRecords = z.infer<typeof RecordListSchema>;
export type ScheduleList = z.infer<typeof ScheduleListSchema>;
export type RevisionDetail = z.infer<typeof RevisionDetailSchema>;

/** The auditor-only views of a run (`GET /executions/{id}/<view>`). */
export const AUDIT_VIEWS = ["record", "code", "plans", "connections", "logs"] as const;
export type AuditView = (typeof AUDIT_VIEWS)[number];

/** What `GET /executions` filters on; absent fields do not filter. */
export interface ExecutionFilter {
  status?: ExecutionStatus;
  workflow_id?: string;
  schedule_id?: string;
  /** ISO 8601: created at or after. */
  from?: string;
  /** ISO 8601: created before. */
  to?: string;
}

type Hub = Pick<HubClient, "request" | "respond">;
const path = (id: string) => `/executions/${encodeURIComponent(id)}`;

export function listExecutions(hub: Hub, filter: ExecutionFilter & { limit: number; offset: number }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return hub.request<ExecutionList>("GET", `/executions?${params}`);
}

export const getExecution = (hub: Hub, id: string) => hub.request<ExecutionDetail>("GET", path(id));

/** Runs a Hub workflow the person may read (the newest revision unless one is named); answers it queued. */
export function startExecution(hub: Hub, workflowId: string, revision?: number) {
  const body = revision === undefined ? { workflow_id: workflowId } : { workflow_id: workflowId, revision };
  return hub.request<ExecutionSummary>("POST", "/executions", body);
}

/** Cancels a queued or running run (its owner or an admin; the Hub says 403 / 409 otherwise). */
export const cancelExecution = (hub: Hub, id: string) => hub.request<ExecutionDetail>("POST", `${path(id)}/cancel`);

export const listArtifacts = (hub: Hub, id: string) =>
  hub.request<{ artifacts: ExecutionArtifact[] }>("GET", `${path(id)}/artifacts`);

/** One artifact's bytes, read with the session (never a URL that carries it). */
export async function artifactBlob(hub: Hub, id: string, artifactId: string): Promise<Blob> {
  const res = await hub.respond("GET", `${path(id)}/artifacts/${encodeURIComponent(artifactId)}`);
  return await res.blob();
}

export const auditView = (hub: Hub, id: string, view: AuditView) =>
  hub.request<ExecutionRecords>("GET", `${path(id)}/${view}`);

/** The revision a run ran (its tools, to list them before they report). */
export const revisionOf = (hub: Hub, workflowId: string, revision: number) =>
  hub.request<RevisionDetail>("GET", `/workflows/${encodeURIComponent(workflowId)}/revisions/${revision}`);

/** Schedules the person may see, for the trigger filter (the first 200: a filter, not a list). */
export const listSchedules = (hub: Hub) => hub.request<ScheduleList>("GET", "/schedules?limit=200");
