import { z } from "@hono/zod-openapi";
import { DEFAULT_TOP_VALUES, PROFILE_METRICS } from "../../engine/profile-metrics";
import { MEMORY_MODES, ROW_COUNT_MODES, WorkflowIdSchema, WorkflowSchema } from "../../shared/workflow";

/** Request and answer shapes of the workflow routes (decisions.md fixes them). */

const previewLimit = z
  .number()
  .int()
  .min(0)
  .optional()
  .openapi({ description: "Rows per output (default 100; clamped to max_preview_rows)" });

export const ExecuteRequest = z
  .object({
    workflow: WorkflowSchema,
    target_tool_id: z.string().optional().openapi({ description: "Run up to this tool and answer its outputs" }),
    preview_limit: previewLimit,
    force_refresh: z.boolean().optional().openapi({ description: "Clear this workflow's cache first" }),
    cancel_on_disconnect: z
      .boolean()
      .optional()
      .openapi({
        description:
          "Stop the run when the client goes away (a Hub cancelling an execution). By default a run whose " +
          "client leaves goes on to its end, so its outputs and archive entry are complete",
      }),
  })
  .openapi("ExecuteRequest");

export const ToolRequest = z
  .object({
    tool_id: z.string().min(1),
    workflow: WorkflowSchema,
    preview_limit: previewLimit,
    socket_id: z
      .string()
      .optional()
      .openapi({ description: "Preview only this output socket (default: every output of the tool)" }),
  })
  .openapi("ToolPreviewRequest");

export const ToolSocketRequest = z
  .object({ tool_id: z.string().min(1), workflow: WorkflowSchema, socket_id: z.string().optional() })
  .openapi("ToolSchemaRequest");

export const ProfileRequest = z
  .object({
    tool_id: z.string().min(1),
    workflow: WorkflowSchema,
    socket_id: z.string().optional().openapi({ description: "Output socket to profile (default: the tool's first)" }),
    columns: z
      .array(z.string())
      .nullable()
      .optional()
      .openapi({ description: "Columns to profile, in this order (null or absent: all)" }),
    metrics: z
      .array(z.string())
      .nullable()
      .optional()
      .openapi({ description: `Metrics to compute (null or absent: all): ${PROFILE_METRICS.join(", ")}` }),
    top_n: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: `How many top_values pairs (default ${DEFAULT_TOP_VALUES})` }),
  })
  .openapi("ProfileRequest");

export const PreviewAllRequest = z
  .object({ workflow: WorkflowSchema, preview_limit: previewLimit })
  .openapi("PreviewAllRequest");

export const PreviewCodeRequest = z.object({ workflow: WorkflowSchema }).openapi("PreviewCodeRequest");

export const PreviewCodeResponse = z
  .object({
    code: z.string().openapi({
      description:
        "Standalone Python source (Polars' lazy API) that does what the workflow does: one block per tool, " +
        "Output writes and previews in main(); database URIs come from environment variables, never the code",
    }),
  })
  .openapi("PreviewCode");

export const CacheClearRequest = z.object({ workflow_id: WorkflowIdSchema }).openapi("CacheClearRequest");

export const ColumnSchema = z.object({ name: z.string(), dtype: z.string() }).openapi("Column");

export const PreviewDataSchema = z
  .object({
    columns: z.array(ColumnSchema),
    data: z
      .array(z.array(z.unknown()))
      .openapi({ description: "Rows as arrays, JSON-safe (big integers, dates, binary as strings)" }),
    row_count: z.number().int(),
    has_more: z.boolean(),
    bytes_limited: z
      .literal(true)
      .optional()
      .openapi({ description: "Rows were left out to keep the answer under MAX_PREVIEW_BYTES (has_more is true)" }),
  })
  .openapi("PreviewData");

const SocketPreviews = z.record(z.string(), PreviewDataSchema);

export const MetricsSchema = z
  .object({
    duration_ms: z.number(),
    tools: z.array(
      z.object({
        tool_id: z.string(),
        status: z.enum(["success", "error", "skipped"]),
        duration_ms: z.number(),
        cache: z.enum(["hit", "miss", "off"]),
        rows: z.number().int().optional().openapi({ description: "Rows of the tool's main output socket" }),
        sockets: z
          .record(z.string(), z.number().int())
          .optional()
          .openapi({ description: "Rows per output socket (a full run counts every socket it built)" }),
        hash: z.string().openapi({ description: "The tool's lineage hash" }),
      }),
    ),
    memory_mode: z
      .enum(MEMORY_MODES)
      .optional()
      .openapi({ description: "A full run's memory mode: the workflow's meta.memory, else ENGINE_MEMORY_MODE" }),
    row_counts: z
      .enum(ROW_COUNT_MODES)
      .optional()
      .openapi({ description: "Which rows a full run counted: the workflow's meta.row_counts, else ROW_COUNTS" }),
  })
  .openapi("RunMetrics");

export const ExecuteResponse = z
  .object({
    status: z.literal("success"),
    workflow_id: z.string(),
    outputs: z.record(z.string(), SocketPreviews),
    metrics: MetricsSchema,
    written: z.array(z.object({ tool_id: z.string(), path: z.string(), rows: z.number().int() })),
  })
  .openapi("ExecuteResult");

export const ToolPreviewResponse = z
  .object({ tool_id: z.string(), outputs: SocketPreviews, metrics: MetricsSchema })
  .openapi("ToolPreview");

export const PreviewAllResponse = z
  .record(
    z.string(),
    // A failing tool does not hide the others: it has no outputs, and says why.
    z.union([
      z.object({ outputs: SocketPreviews }),
      z.object({
        outputs: SocketPreviews.openapi({ description: "Empty" }),
        error: z.object({ detail: z.string(), status: z.number().int() }),
      }),
    ]),
  )
  .openapi("PreviewAll");

export const SchemaResponse = z
  .object({
    tool_id: z.string(),
    socket_id: z.string(),
    columns: z.array(ColumnSchema),
    sockets: z.record(z.string(), z.array(ColumnSchema)),
  })
  .openapi("ToolSchema");

export const MetadataResponse = z
  .object({
    columns: z.array(z.string()),
    functions: z.object({
      table_level: z.array(z.string()),
      column_methods: z.object({
        all: z.array(z.string()),
        string: z.array(z.string()),
        numeric: z.array(z.string()),
        datetime: z.array(z.string()),
      }),
    }),
  })
  .openapi("ToolMetadata");

/** One column's profile; a metric that does not apply to the column's type is absent (engine/profile.ts). */
export const ColumnProfileSchema = z
  .object({
    count: z.number().int().optional().openapi({ description: "Non-null values" }),
    null_count: z.number().int().optional(),
    null_percent: z.number().optional().openapi({ description: "0-100, 2 decimals" }),
    unique_count: z.number().int().optional().openapi({ description: "Distinct non-null values" }),
    min: z.unknown().optional().openapi({ description: "Numeric and temporal columns" }),
    max: z.unknown().optional(),
    mean: z.number().nullable().optional().openapi({ description: "Numeric columns; null when no value" }),
    median: z.number().nullable().optional(),
    std: z.number().nullable().optional().openapi({ description: "The sample std" }),
    min_values: z.array(z.unknown()).optional().openapi({ description: "The 5 smallest distinct values, ascending" }),
    max_values: z.array(z.unknown()).optional().openapi({ description: "The 5 largest, largest first" }),
    empty_count: z.number().int().optional().openapi({ description: "String columns: counts of values" }),
    whitespace_leading: z.number().int().optional(),
    whitespace_trailing: z.number().int().optional(),
    contains_linebreaks: z.number().int().optional(),
    contains_non_ascii: z.number().int().optional(),
    top_values: z
      .array(z.tuple([z.unknown(), z.number().int()]))
      .optional()
      .openapi({ description: "[value, count] pairs, count descending then value" }),
  })
  .openapi("ColumnProfile");

export const ProfileResponse = z
  .object({
    tool_id: z.string(),
    socket_id: z.string(),
    row_count: z.number().int().openapi({ description: "Rows of the full data profiled" }),
    columns: z.record(z.string(), ColumnProfileSchema).openapi({
      description:
        "Column name → metric → value. Values are JSON-safe as in previews (dates as ISO strings, big integers as strings).",
    }),
  })
  .openapi("ToolProfile");

export const CacheClearResponse = z
  .object({ status: z.literal("cleared"), workflow_id: z.string(), files_removed: z.number().int() })
  .openapi("CacheCleared");

// The answers' types, as the web client (web/src/lib/api-types.ts) takes them.
export type ColumnInfo = z.infer<typeof ColumnSchema>;
export type PreviewData = z.infer<typeof PreviewDataSchema>;
export type SocketPreviews = z.infer<typeof SocketPreviews>;
export type RunMetrics = z.infer<typeof MetricsSchema>;
export type ToolMetric = RunMetrics["tools"][number];
export type ExecuteOptions = Omit<z.input<typeof ExecuteRequest>, "workflow">;
export type ExecuteResult = z.infer<typeof ExecuteResponse>;
export type ToolPreviewResult = z.infer<typeof ToolPreviewResponse>;
export type PreviewAllResult = z.infer<typeof PreviewAllResponse>;
export type SchemaResult = z.infer<typeof SchemaResponse>;
export type MetadataResult = z.infer<typeof MetadataResponse>;
export type FunctionLists = MetadataResult["functions"];
export type ColumnProfile = z.infer<typeof ColumnProfileSchema>;
export type ProfileResult = z.infer<typeof ProfileResponse>;
export type PreviewCode = z.infer<typeof PreviewCodeResponse>;
/** A workflow as a request sends it (the shared contract, src/shared/workflow.ts). */
export type WorkflowBody = z.input<typeof WorkflowSchema>;
