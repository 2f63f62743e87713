import type { ReadOptions } from "../formats/types";
import type { FileAccessPolicy } from "../shared/file-access";
import type { MemoryMode, RowCountMode, Workflow } from "../shared/workflow";
import type { ToolConnection, ToolLimits } from "../tools/types";
import type { InspectResult, SourcePreviewResult } from "./datasource";
import type { SerializedError } from "./executor/protocol";
import type { PreviewBounds } from "./preview-cut";
import type { PreviewData } from "./preview-data";
import type { FrameProfile } from "./profile-metrics";

/** What an executor needs to know of the Server's settings. */
export interface EngineSettings {
  dataDir: string;
  cache: { enabled: boolean; quotaBytes: number; retentionDays: number };
  executionMode: "parallel" | "sequential";
  maxParallelTools: number;
  /** ENGINE_MEMORY_MODE: full runs' memory mode unless the workflow's `meta.memory` says (absent: default). */
  memoryMode?: MemoryMode;
  /** ROW_COUNTS: which rows full runs count unless the workflow's `meta.row_counts` says (absent: all). */
  rowCounts?: RowCountMode;
  maxPreviewRows: number;
  previewBounds: PreviewBounds;
  limits: ToolLimits;
  fileAccess: FileAccessPolicy;
}

/**
 * A database Input's connection as the Server resolved it before the run (docs/server-api.md rule 11),
 * or why it could not be: the error is the tool's own, so other tools still preview.
 */
export type JobConnection = ToolConnection | { error: SerializedError };

/**
 * A data-source route's database table or query (`sourceType` names the database), with the
 * connection's URI the Server resolved, as a database Input's is: never logged or answered.
 */
export interface DatabaseSource {
  uri: string;
  table?: string;
  query?: string;
}

/** What every workflow job carries: the workflow, and its database connections by tool id. */
interface WorkflowJob {
  workflow: Workflow;
  connections?: Record<string, JobConnection>;
}

/**
 * What any job may carry besides its kind's fields: the file-access policy of the request it
 * serves, when that is not the Server's own (hub mode: the roots the Hub granted the user).
 */
interface JobPolicy {
  fileAccess?: FileAccessPolicy;
}

/** One request to the engine; an executor process runs one at a time. */
export type JobRequest = JobKinds & JobPolicy;

/** The jobs by kind, each with its own fields. */
type JobKinds =
  | (WorkflowJob & { kind: "execute"; targetToolId?: string; previewLimit: number; forceRefresh?: boolean })
  | (WorkflowJob & {
      kind: "tool_preview";
      toolId: string;
      previewLimit: number;
      /** Preview only this output socket; absent: every one. */
      socketId?: string;
    })
  | (WorkflowJob & { kind: "preview_all"; previewLimit: number })
  | (WorkflowJob & { kind: "schema"; toolId: string; socketId?: string })
  | (WorkflowJob & { kind: "metadata"; toolId: string; socketId?: string })
  | (WorkflowJob & {
      kind: "profile";
      toolId: string;
      socketId?: string;
      columns?: string[] | null;
      metrics?: string[] | null;
      topValues?: number;
    })
  | { kind: "functions"; refresh?: boolean }
  | { kind: "source_inspect"; source: string; sourceType?: string; options: ReadOptions; database?: DatabaseSource }
  | {
      kind: "source_preview";
      source: string;
      sourceType?: string;
      options: ReadOptions;
      database?: DatabaseSource;
      maxRows: number;
      offset: number;
      columns?: string[];
    };

export type CacheUse = "hit" | "miss" | "off";

/** How one tool fared in a run (decisions.md execute answer). */
export interface ToolMetric {
  tool_id: string;
  status: "success" | "error" | "skipped";
  duration_ms: number;
  cache: CacheUse;
  /** Rows of the main output socket (`mainSocket`), where counted. */
  rows?: number;
  /** Rows per output socket, where counted (a full run counts every socket it built: row-counts.ts). */
  sockets?: Record<string, number>;
  /** Lineage hash: recorded for every tool, cached or not (docs/server-api.md execution rule 4). */
  hash: string;
}

/**
 * A full run's progress, sent as it happens (`/workflow/execute` streamed as NDJSON):
 * once per tool, never per row. A lazy tool runs while it is built (its reading and
 * computing happen in the blocking tool or Output downstream); a blocking tool until its
 * result is stored; an Output while it writes.
 */
export type RunEvent = ToolEvent | WrittenEvent | RowsEvent;

/** A tool started (`running`) or ended; an ended tool says how long it took and, where known, its rows. */
export interface ToolEvent {
  event: "tool";
  tool_id: string;
  status: "running" | "success" | "error";
  duration_ms?: number;
  cache?: CacheUse;
  rows?: number;
}

/** An Output tool wrote its file (before its `success`). */
export interface WrittenEvent {
  event: "written";
  tool_id: string;
  path: string;
  rows: number;
}

/**
 * A tool's rows per output socket, counted after the writes (a lazy tool is done before
 * anything reads its rows); `rows` is the main socket's. Sent once per tool, before the result.
 */
export interface RowsEvent {
  event: "rows";
  tool_id: string;
  rows?: number;
  sockets: Record<string, number>;
}

export interface RunMetrics {
  duration_ms: number;
  tools: ToolMetric[];
  /** A full run's memory mode (memory-mode.ts): what the run obeyed, for the log and the benchmark. */
  memory_mode?: MemoryMode;
  /** Which rows a full run counted (ROW_COUNTS or the workflow's meta.row_counts). */
  row_counts?: RowCountMode;
}

/** Socket id → preview data. */
export type SocketPreviews = Record<string, PreviewData>;

export interface ExecuteResult {
  status: "success";
  workflow_id: string;
  outputs: Record<string, SocketPreviews>;
  metrics: RunMetrics;
  /** The files Output tools wrote. */
  written: { tool_id: string; path: string; rows: number }[];
}

export interface ToolPreviewResult {
  tool_id: string;
  outputs: SocketPreviews;
  metrics: RunMetrics;
}

/** Each tool's outputs, or why it has none (a failing tool does not hide the others). */
export type PreviewAllResult = Record<
  string,
  { outputs: SocketPreviews } | { outputs: Record<string, never>; error: { detail: string; status: number } }
>;

export interface ColumnInfo {
  name: string;
  dtype: string;
}

export interface SchemaResult {
  tool_id: string;
  socket_id: string;
  columns: ColumnInfo[];
  /** Every output socket's columns (a join's three outputs differ). */
  sockets: Record<string, ColumnInfo[]>;
}

/** The names the expression language accepts (`/api/polars/functions`). */
export interface FunctionLists {
  table_level: string[];
  column_methods: { all: string[]; string: string[]; numeric: string[]; datetime: string[] };
}

export interface MetadataResult {
  columns: string[];
  functions: FunctionLists;
}

export interface FunctionsResult extends FunctionLists {
  polars_version: string;
}

/** A profile of one output socket over its full data (profile.ts defines the metrics). */
export interface ProfileResult extends FrameProfile {
  tool_id: string;
  socket_id: string;
}

/** The answer of each job kind. */
export interface JobResults {
  execute: ExecuteResult;
  tool_preview: ToolPreviewResult;
  preview_all: PreviewAllResult;
  schema: SchemaResult;
  metadata: MetadataResult;
  profile: ProfileResult;
  functions: FunctionsResult;
  source_inspect: InspectResult;
  source_preview: SourcePreviewResult;
}
export type JobResult = JobResults[keyof JobResults];
