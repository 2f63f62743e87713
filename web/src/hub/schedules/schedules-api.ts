/**
 * The Schedules area's calls to the Hub (`/schedules`, and `/executions?schedule_id=` for a
 * schedule's last runs), typed from the Hub's zod schemas (type-only: nothing of the Hub is
 * bundled). Home reads the same calls.
 */
import type { z } from "@hono/zod-openapi";
import type { ExecutionListSchema, ExecutionSummarySchema } from "../../../../src/hub/executions/schemas";
import type {
  CreateScheduleBody,
  ScheduleListSchema,
  ScheduleSchema,
  UpdateScheduleBody,
} from "../../../../src/hub/schedules/schemas";
import type { HubClient } from "../../lib/hub-api";
import type { HubWorkflowList } from "../../lib/hub-types";

export type HubSchedule = z.infer<typeof ScheduleSchema>;
export type HubScheduleList = z.infer<typeof ScheduleListSchema>;
export type NewSchedule = z.input<typeof CreateScheduleBody>;
export type ScheduleChange = z.input<typeof UpdateScheduleBody>;
export type HubExecution = z.infer<typeof ExecutionSummarySchema>;
export type HubExecutionList = z.infer<typeof ExecutionListSchema>;

type Hub = Pick<HubClient, "request">;
const at = (id: string) => `/schedules/${encodeURIComponent(id)}`;

function query(params: Record<string, string | number | undefined>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out.set(key, String(value));
  return out.toString();
}

/** A page of the schedules the person may see (their own; everyone's for auditors and above), newest first. */
export function listSchedules(
  hub: Hub,
  q: { limit: number; offset: number; user_id?: string; workflow_id?: string },
): Promise<HubScheduleList> {
  return hub.request("GET", `/schedules?${query(q)}`);
}

export const createSchedule = (hub: Hub, body: NewSchedule) => hub.request<HubSchedule>("POST", "/schedules", body);
export const updateSchedule = (hub: Hub, id: string, body: ScheduleChange) =>
  hub.request<HubSchedule>("PATCH", at(id), body);
export const deleteSchedule = (hub: Hub, id: string) => hub.request<void>("DELETE", at(id));
/** Enabled ↔ disabled (occurrences missed while off never run). */
export const toggleSchedule = (hub: Hub, id: string) => hub.request<HubSchedule>("POST", `${at(id)}/toggle`);
/** Runs the schedule's workflow now, on its owner's behalf: the queued execution. */
export const runScheduleNow = (hub: Hub, id: string) => hub.request<HubExecution>("POST", `${at(id)}/trigger`);

/** A page of executions, newest first (a user's own only, whatever the filter; everyone's for auditors and above). */
export function listExecutions(
  hub: Hub,
  q: { limit: number; offset?: number; schedule_id?: string; user_id?: string },
): Promise<HubExecutionList> {
  return hub.request("GET", `/executions?${query(q)}`);
}

/** A page of the workflows the person may read, newest change first; `owner_id` narrows it to one owner's. */
export function listWorkflowPage(hub: Hub, q: { limit: number; offset?: number; name?: string; owner_id?: string }) {
  return hub.request<HubWorkflowList>("GET", `/workflows?${query(q)}`);
}
