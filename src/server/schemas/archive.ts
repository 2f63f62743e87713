import { z } from "@hono/zod-openapi";
import { ARCHIVE_STATUSES } from "../services/archive";

/** The answers of the archive's routes (routes/archive.ts). */

export const ArchiveListEntrySchema = z
  .object({
    path: z.string().openapi({ description: "`YYYY-MM-DD/<entry>.json`, for /archive/detail" }),
    workflow_name: z.string().openapi({ description: "meta.name, else the workflow id" }),
    executed_at: z.string().openapi({ description: "When the run started (ISO 8601, UTC)" }),
    status: z.enum(ARCHIVE_STATUSES),
    tool_count: z.number().int(),
  })
  .openapi("ArchiveListEntry");

const ToolLog = z.object({
  tool_id: z.string(),
  status: z.string(),
  duration_ms: z.number(),
  cache: z.string().optional(),
  rows: z.number().int().optional(),
  sockets: z.record(z.string(), z.number().int()).optional(),
});

export const ExecutionLogSchema = z
  .object({
    workflow_id: z.string(),
    started_at: z.string(),
    completed_at: z.string(),
    duration_ms: z.number(),
    status: z.enum(ARCHIVE_STATUSES),
    target_tool_id: z.string().optional(),
    tools: z.array(ToolLog).openapi({ description: "Each tool's metrics; empty when the run failed" }),
    written: z.array(z.object({ tool_id: z.string(), path: z.string(), rows: z.number().int() })),
    error: z
      .object({ type: z.string(), status: z.number().int(), detail: z.string(), tool_id: z.string().optional() })
      .optional()
      .openapi({ description: "Why the run failed (credentials removed)" }),
  })
  .openapi("ExecutionLog");

export const ArchiveListResponse = z
  .object({ archives: z.array(ArchiveListEntrySchema), total: z.number().int() })
  .openapi("ArchiveList");

export const ArchiveDetailResponse = z.object({
  workflow: z.record(z.string(), z.unknown()),
  execution_log: ExecutionLogSchema,
});

export type ArchiveListEntry = z.infer<typeof ArchiveListEntrySchema>;
export type ArchiveList = z.infer<typeof ArchiveListResponse>;
export type ExecutionLog = z.infer<typeof ExecutionLogSchema>;
export type ArchiveDetail = z.infer<typeof ArchiveDetailResponse>;
