import { z } from "@hono/zod-openapi";

export const MAX_DASHBOARD_DAYS = 90;
const MAX_OFFSET_MINUTES = 14 * 60;

export const DashboardQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_DASHBOARD_DAYS)
    .default(14)
    .openapi({ description: `Days of runs per day, ending today (1-${MAX_DASHBOARD_DAYS}, default 14)` }),
  utc_offset_minutes: z.coerce.number().int().min(-MAX_OFFSET_MINUTES).max(MAX_OFFSET_MINUTES).default(0).openapi({
    description: "The viewer's offset from UTC in minutes (UTC+2 is 120): days are counted from its midnight",
  }),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export const RunsPerDaySchema = z
  .object({
    day: z.string().openapi({ description: "The day (YYYY-MM-DD) at the asked offset", example: "2026-11-28" }),
    total: z.number().int().openapi({ description: "Executions created that day" }),
    succeeded: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  })
  .openapi("DashboardRunsPerDay");

export const DashboardSchema = z
  .object({
    generated_at: z.string().openapi({ description: "When the counts were taken (ISO 8601)" }),
    counts: z.object({
      users: z.number().int(),
      workflows: z.number().int(),
      executions: z.number().int(),
      executions_running: z.number().int().openapi({ description: "Queued or running now" }),
      schedules: z.number().int(),
      schedules_enabled: z.number().int(),
      servers_online: z.number().int(),
      servers_offline: z.number().int().openapi({ description: "Offline and not revoked" }),
      servers_revoked: z.number().int(),
    }),
    runs_per_day: z.array(RunsPerDaySchema).openapi({ description: "One entry per day, oldest first, zeros included" }),
  })
  .openapi("Dashboard");
export type DashboardBody = z.infer<typeof DashboardSchema>;
