import { z } from "@hono/zod-openapi";
import { CRON_MAX_CHARS, TIMEZONE_MAX_CHARS } from "../../shared/schedule-occurrences";
import { ListQuery } from "../lists";

const timestamp = z.string().openapi({ format: "date-time" });
const zoned = z.string().openapi({
  format: "date-time",
  description: "ISO 8601 with the offset of the schedule's time zone at that instant",
});

const Cron = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(CRON_MAX_CHARS, `at most ${CRON_MAX_CHARS} characters`)
  .openapi({ description: "5 fields (minute hour day month weekday) or 6 with seconds first", example: "0 6 * * 1-5" });
const Timezone = z
  .string()
  .trim()
  .min(1)
  .max(TIMEZONE_MAX_CHARS)
  .openapi({ description: "An IANA time zone", example: "Europe/Berlin" });
const Name = z.string().trim().max(200, "at most 200 characters").nullable();
const Overlap = z.enum(["skip", "allow"]).openapi({
  description:
    "skip: an occurrence does not run while the schedule's previous run is queued or running (it is counted)",
});
const Revision = z.number().int().min(1).openapi({ description: "Run this revision; absent or null: the newest" });

export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

export const ScheduleListQuery = ListQuery.extend({
  workflow_id: z.string().max(200).optional().openapi({ description: "Only schedules of this workflow" }),
  user_id: z.string().max(200).optional().openapi({ description: "Only schedules of this owner" }),
});
export type ScheduleListQuery = z.infer<typeof ScheduleListQuery>;

export const CreateScheduleBody = z
  .object({
    workflow_id: z.string().min(1),
    cron: Cron,
    timezone: Timezone.default("UTC"),
    enabled: z.boolean().default(true),
    name: Name.optional(),
    overlap: Overlap.default("skip"),
    revision: Revision.nullable().optional(),
  })
  .strict();
export type CreateScheduleBody = z.infer<typeof CreateScheduleBody>;

export const UpdateScheduleBody = z
  .object({
    cron: Cron.optional(),
    timezone: Timezone.optional(),
    enabled: z.boolean().optional(),
    name: Name.optional(),
    overlap: Overlap.optional(),
    revision: Revision.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: "give at least one field to change" });
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBody>;

export const ScheduleSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    workflow_id: z.string(),
    /** The owner: runs are made on their behalf. */
    user_id: z.string(),
    cron: z.string(),
    timezone: z.string(),
    enabled: z.boolean(),
    overlap: z.enum(["skip", "allow"]),
    revision: z.number().int().nullable(),
    next_run_at: zoned.nullable(),
    last_run_at: zoned.nullable(),
    skipped_count: z.number().int().openapi({ description: 'Occurrences skipped by overlap "skip"' }),
    last_skipped_at: zoned.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    next_runs: z.array(zoned).openapi({ description: "The next five occurrences (none while disabled)" }),
  })
  .openapi("HubSchedule");
export type ScheduleBody = z.infer<typeof ScheduleSchema>;

export const ScheduleListSchema = z
  .object({ schedules: z.array(ScheduleSchema), total: z.number().int() })
  .openapi("HubScheduleList");
