import { z } from "@hono/zod-openapi";

const timestamp = z.string().openapi({ format: "date-time" });
const nullableTimestamp = timestamp.nullable();

export const EXECUTION_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/** The states a run ends in; nothing moves a record out of them. */
export const FINAL_STATUSES: readonly ExecutionStatus[] = ["succeeded", "failed", "cancelled"];

export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
export const ArtifactParam = IdParam.extend({
  artifact_id: z.string().openapi({ param: { name: "artifact_id", in: "path" } }),
});

export const CreateExecutionBody = z
  .object({
    workflow_id: z.string().min(1),
    revision: z.number().int().min(1).optional().openapi({ description: "Default: the workflow's newest revision" }),
  })
  .strict();

export const ListExecutionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  status: z.enum(EXECUTION_STATUSES).optional(),
  workflow_id: z.string().max(200).optional(),
  schedule_id: z.string().max(200).optional(),
  user_id: z.string().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional().openapi({ description: "Created at or after (ISO 8601)" }),
  to: z.iso.datetime({ offset: true }).optional().openapi({ description: "Created before (ISO 8601)" }),
});
export type ListExecutionsQuery = z.infer<typeof ListExecutionsQuery>;

export const ExecutionSummarySchema = z
  .object({
    id: z.string(),
    workflow_id: z.string(),
    revision: z.number().int(),
    user_id: z.string().nullable(),
    server_id: z.string().nullable(),
    schedule_id: z.string().nullable(),
    scheduled_for: nullableTimestamp,
    occurrences_covered: z.number().int(),
    status: z.enum(EXECUTION_STATUSES),
    created_at: timestamp,
    started_at: nullableTimestamp,
    finished_at: nullableTimestamp,
    error: z.string().nullable(),
  })
  .openapi("ExecutionSummary");
export type ExecutionSummary = z.infer<typeof ExecutionSummarySchema>;

export const ExecutionDetailSchema = ExecutionSummarySchema.extend({
  result: z.unknown().nullable().openapi({ description: "The Server's answer: metrics and what was written" }),
}).openapi("ExecutionDetail");

export const ExecutionListSchema = z
  .object({ executions: z.array(ExecutionSummarySchema), total: z.number().int() })
  .openapi("ExecutionList");

export const ArtifactSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    name: z.string(),
    sha256: z.string(),
    size: z.number().int(),
    media_type: z.string().nullable(),
  })
  .openapi("ExecutionArtifact");
export const ArtifactListSchema = z.object({ artifacts: z.array(ArtifactSchema) }).openapi("ExecutionArtifactList");

export const RecordEntrySchema = z
  .object({ kind: z.string(), tool_id: z.string().nullable(), details: z.unknown(), created_at: timestamp })
  .openapi("ExecutionRecordEntry");
export const RecordListSchema = z
  .object({ execution_id: z.string(), entries: z.array(RecordEntrySchema) })
  .openapi("ExecutionRecordEntries");
