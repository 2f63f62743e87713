import type { z } from "@hono/zod-openapi";
import type { DashboardSchema } from "../../../../../src/hub/dashboard/schemas";
import type { ExecutionListSchema } from "../../../../../src/hub/executions/schemas";
import type { ServerListResponse } from "../../../../../src/hub/servers/schemas";
import type { HubClient } from "../../../lib/hub-api";

export type Dashboard = z.infer<typeof DashboardSchema>;
export type DayRuns = Dashboard["runs_per_day"][number];
export type ServerList = z.infer<typeof ServerListResponse>;
export type HubServer = ServerList["servers"][number];
export type ExecutionList = z.infer<typeof ExecutionListSchema>;

/** Days the chart covers. */
export const CHART_DAYS = 14;
/** Servers the health panel lists (the Servers page has them all). */
export const HEALTH_SERVERS = 8;
/** Failures of the last day the Dashboard lists (the Executions page has them all). */
export const RECENT_FAILURES = 8;

/** Counts and runs per day, with days counted from the viewer's midnight. */
export function dashboard(hub: HubClient, now = new Date()): Promise<Dashboard> {
  // getTimezoneOffset is minutes *behind* UTC (UTC+2 answers -120); the Hub wants minutes ahead.
  const offset = -now.getTimezoneOffset();
  return hub.request<Dashboard>("GET", `/dashboard?days=${CHART_DAYS}&utc_offset_minutes=${offset}`);
}

export function servers(hub: HubClient): Promise<ServerList> {
  return hub.request<ServerList>("GET", `/servers?limit=${HEALTH_SERVERS}`);
}

/** Runs that failed in the 24 hours before `now`, newest first. */
export function recentFailures(hub: HubClient, now = new Date()): Promise<ExecutionList> {
  const from = new Date(now.getTime() - 86_400_000).toISOString();
  const params = new URLSearchParams({ status: "failed", from, limit: String(RECENT_FAILURES) });
  return hub.request<ExecutionList>("GET", `/executions?${params}`);
}
