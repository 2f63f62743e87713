/** The one client of the Server API: every request of the UI goes through here. */

const TOKEN_KEY = "weft.token";

/** Takes `?token=` from the address (the link `weft` prints), keeps it for the tab, and hides it. */
export function adoptTokenFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token");
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  url.searchParams.delete("token");
  window.history.replaceState(null, "", url.pathname + url.search + url.hash);
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The tool the error is about, when the Server said (a streamed run's error). */
    readonly toolId?: string,
  ) {
    super(message);
  }
}

/** The token this tab holds (for links that must carry it, e.g. a download). */
export function currentToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const res = await fetch(path, { ...init, headers });
  const body = (await res.json().catch(() => ({}))) as { detail?: string };
  if (!res.ok) throw new ApiError(res.status, body.detail ?? res.statusText);
  return body as T;
}

const post = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  request<T>(path, { method: "POST", body: JSON.stringify(body), signal });
const get = <T>(
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const q = params.toString();
  return request<T>(q ? `${path}?${q}` : path, { signal });
};

export interface Health {
  status: string;
  version: string;
  polars_version: string;
  duckdb_version: string;
  runtime_version: string;
}

export interface ServerInfo {
  version: string;
  auth_mode: string;
  file_access_mode: string;
  max_preview_rows: number;
  features: { archive: boolean; cache: boolean; connections: boolean };
}

// The answers of the workflow routes, as the engine defines them: the UI compiles against
// the Server's own types (type-only imports: nothing of the Server is bundled).
export type {
  ColumnInfo,
  ExecuteResult,
  FunctionLists,
  MetadataResult,
  PreviewAllResult,
  RunEvent,
  RunMetrics,
  SchemaResult,
  SocketPreviews,
  ToolEvent,
  ToolMetric,
  ToolPreviewResult,
  WrittenEvent,
} from "../../../src/engine/job";
export type { PreviewData } from "../../../src/engine/preview-data";
export type { RunStreamLine } from "../../../src/server/run-stream";
// The file and archive routes' answers, as the Server's services define them.
export type { ArchiveListEntry as ArchiveEntry } from "../../../src/server/services/archive-reader";
export type {
  FileEntry,
  Listing as FileList,
  PathStat as FileStat,
  RootEntry,
} from "../../../src/server/services/file-browser";
export type { SearchAnswer as FileSearch } from "../../../src/server/services/file-search";
export type { WorkflowFile, WorkflowWritten } from "../../../src/server/services/workflow-file";

import type {
  ColumnInfo,
  ExecuteResult,
  FunctionLists,
  MetadataResult,
  PreviewAllResult,
  RunEvent,
  SchemaResult,
  ToolPreviewResult,
} from "../../../src/engine/job";
import type { RunStreamLine } from "../../../src/server/run-stream";
import type { ArchiveListEntry } from "../../../src/server/services/archive-reader";
import type { Listing, PathStat, RootEntry } from "../../../src/server/services/file-browser";
import type { SearchAnswer } from "../../../src/server/services/file-search";
import type { WorkflowFile, WorkflowWritten } from "../../../src/server/services/workflow-file";
import { NdjsonDecoder } from "./ndjson";

/**
 * One column's profile (src/engine/profile.ts). A metric that does not apply to the column's
 * type is absent; null means it applies but has no value (the mean of an all-null column).
 * Values are JSON-safe as in previews (dates as ISO strings, big integers as strings).
 */
export interface ColumnProfile {
  /** Non-null values. */
  count?: number;
  null_count?: number;
  /** 0-100, 2 decimals. */
  null_percent?: number;
  /** Distinct non-null values. */
  unique_count?: number;
  /** Numeric and temporal columns. */
  min?: unknown;
  max?: unknown;
  /** Numeric columns. */
  mean?: number | null;
  median?: number | null;
  std?: number | null;
  /** The 5 smallest distinct values, ascending; the 5 largest, largest first. */
  min_values?: unknown[];
  max_values?: unknown[];
  /** String columns: counts of values. */
  empty_count?: number;
  whitespace_leading?: number;
  whitespace_trailing?: number;
  contains_linebreaks?: number;
  contains_non_ascii?: number;
  /** Most frequent non-null values as [value, count], count descending then value. */
  top_values?: [unknown, number][];
}

/** A profile of a socket's full data (the Server's ProfileResponse). */
export interface ProfileResult {
  tool_id: string;
  socket_id: string;
  /** Rows of the full data profiled. */
  row_count: number;
  columns: Record<string, ColumnProfile>;
}

/** What /api/datasource/inspect tells of a file: its detected format, columns and sheets. */
export interface DatasourceInspect {
  source: string;
  source_type: string;
  data_schema: { columns: ColumnInfo[]; total_rows: number };
  validation: { errors: string[]; warnings: string[] };
  sheets?: string[];
}

/** The execution log of an archived run (`/archive/detail`). */
export interface ArchiveExecutionLog {
  workflow_id: string;
  started_at: string;
  completed_at: string;
  duration_ms: number;
  status: string;
  target_tool_id?: string;
  tools: { tool_id: string; status: string; duration_ms: number; cache?: string; rows?: number }[];
  written: { tool_id: string; path: string; rows: number }[];
  error?: { type: string; status: number; detail: string; tool_id?: string };
}

export interface Connection {
  id: string;
  name: string;
  type: string;
  host: string;
  port: number;
  database: string;
  owner?: string;
  createdAt?: string;
  updatedAt?: string;
}

type Workflow = unknown;

/**
 * `/workflow/execute` streamed (Weft's NDJSON extension, docs/decisions.md): `onEvent` hears
 * each tool start and end and each file written as the run goes; answers the same result
 * as `execute`. A refusal before the run starts, or the run's own error, throws ApiError
 * (with the tool it names); a stream cut before its result throws too.
 */
async function executeStream(
  workflow: Workflow,
  options: { target_tool_id?: string; preview_limit?: number },
  onEvent: (event: RunEvent) => void,
  signal?: AbortSignal,
): Promise<ExecuteResult> {
  const headers = new Headers({ "Content-Type": "application/json", Accept: "application/x-ndjson" });
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const res = await fetch("/api/workflow/execute", {
    method: "POST",
    headers,
    body: JSON.stringify({ workflow, ...options }),
    signal,
  });
  const streamed = res.headers.get("Content-Type")?.startsWith("application/x-ndjson") ?? false;
  if (!res.ok || !streamed || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { detail?: string };
    if (!res.ok) throw new ApiError(res.status, body.detail ?? res.statusText);
    // A Server without the extension answers JSON: the result, without progress.
    return body as ExecuteResult;
  }
  const decoder = new NdjsonDecoder();
  let end: RunStreamLine | undefined;
  const take = (values: unknown[]) => {
    for (const line of values as RunStreamLine[]) {
      if (line.event === "result" || line.event === "error") end = line;
      else onEvent(line);
    }
  };
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    take(decoder.push(value));
  }
  take(decoder.end());
  if (end?.event === "result") {
    const { event: _, ...result } = end;
    return result;
  }
  if (end?.event === "error") throw new ApiError(end.status, end.detail, end.tool_id);
  throw new ApiError(0, "The run's answer stopped before its end (the connection was lost); see the Server log");
}

/** Every Server route the UI uses, typed. `signal` cancels a request a newer one supersedes. */
export const api = {
  health: () => request<Health>("/api/health/"),
  info: () => request<ServerInfo>("/api/info"),

  execute: (
    workflow: Workflow,
    options: { target_tool_id?: string; preview_limit?: number } = {},
    signal?: AbortSignal,
  ) => post<ExecuteResult>("/api/workflow/execute", { workflow, ...options }, signal),
  executeStream,
  toolPreview: (workflow: Workflow, toolId: string, previewLimit = 100, signal?: AbortSignal) =>
    post<ToolPreviewResult>(
      "/api/workflow/tool/execute",
      { workflow, tool_id: toolId, preview_limit: previewLimit },
      signal,
    ),
  previewAll: (workflow: Workflow, previewLimit = 100, signal?: AbortSignal) =>
    post<PreviewAllResult>("/api/workflow/preview_all", { workflow, preview_limit: previewLimit }, signal),
  schema: (workflow: Workflow, toolId: string, socketId?: string, signal?: AbortSignal) =>
    post<SchemaResult>("/api/workflow/tool/schema", { workflow, tool_id: toolId, socket_id: socketId }, signal),
  metadata: (workflow: Workflow, toolId: string, socketId?: string, signal?: AbortSignal) =>
    post<MetadataResult>("/api/workflow/tool/metadata", { workflow, tool_id: toolId, socket_id: socketId }, signal),
  profile: (workflow: Workflow, toolId: string, socketId?: string, signal?: AbortSignal) =>
    post<ProfileResult>("/api/workflow/tool/profile", { workflow, tool_id: toolId, socket_id: socketId }, signal),
  previewCode: (workflow: Workflow) => post<{ code: string }>("/api/workflow/preview_code", { workflow }),
  toolSchema: (type: string) => get<Record<string, unknown>>(`/api/workflow/tool/${encodeURIComponent(type)}/schema`),
  functions: () => get<FunctionLists & { polars_version: string }>("/api/polars/functions"),

  fileRoots: () => get<RootEntry[]>("/api/files/roots"),
  fileList: (path: string, options: { offset?: number; show_hidden?: boolean } = {}) =>
    get<Listing>("/api/files/list", { path, ...options }),
  fileSearch: (query: string, options: { extensions?: string; limit?: number } = {}, signal?: AbortSignal) =>
    get<SearchAnswer>("/api/files/search", { query, ...options }, signal),
  fileStat: (path: string) => get<PathStat>("/api/files/stat", { path }),
  /** A `.weft.json` file on the Server, with its modification time (send it back when saving). */
  readWorkflowFile: (path: string) => get<WorkflowFile>("/api/files/workflow", { path }),
  /** Saves a `.weft.json` file: 409 when it exists (without `overwrite`) or changed since `expected_modified`. */
  writeWorkflowFile: (body: { path: string; workflow: Workflow; overwrite?: boolean; expected_modified?: string }) =>
    request<WorkflowWritten>("/api/files/workflow", { method: "PUT", body: JSON.stringify(body) }),

  datasourceSupported: () => get<{ source_types: string[]; file_extensions: string[] }>("/api/datasource/supported"),
  datasourceInspect: (
    body: { source: string; source_type?: string; config?: Record<string, unknown> },
    signal?: AbortSignal,
  ) => post<DatasourceInspect>("/api/datasource/inspect", body, signal),

  archiveList: (query: { limit?: number; offset?: number; start_date?: string; end_date?: string } = {}) =>
    get<{ archives: ArchiveListEntry[]; total: number }>("/api/archive/list", query),
  archiveDetail: (path: string) =>
    get<{ workflow: unknown; execution_log: ArchiveExecutionLog }>(`/api/archive/detail/${encodeURIComponent(path)}`),

  connections: () => get<Connection[] | { connections: Connection[] }>("/api/connections/"),
  createConnection: (body: Record<string, unknown>) => post<Connection>("/api/connections/", body),
  testConnection: (id: string) =>
    post<{ success: boolean; message: string; latencyMs?: number }>(
      `/api/connections/${encodeURIComponent(id)}/test`,
      {},
    ),
  deleteConnection: (id: string) =>
    request<unknown>(`/api/connections/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
