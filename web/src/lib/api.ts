/**
 * The client of a Weft API: every request of the UI goes through one. An instance, made for
 * one API (`/api` of a Server, `/api/v1` of a Hub) and its token, so the same app can talk
 * to both; the app makes its Server's once at start (index.tsx) and hands it down
 * (api-context.ts). Requests and answers are typed from the routes' schemas (api-types.ts).
 */

import type {
  ArchiveDetail,
  ArchiveList,
  Connection,
  ConnectionCreate,
  ConnectionTestResult,
  DatasourceInspect,
  DatasourceInspectRequest,
  DatasourceSupported,
  ExecuteOptions,
  ExecuteResult,
  FileList,
  FileSearch,
  FileStat,
  Health,
  MetadataResult,
  PolarsFunctions,
  PreviewAllResult,
  PreviewCode,
  ProfileResult,
  RootEntry,
  RunEvent,
  SchemaResult,
  ServerInfo,
  ToolPreviewResult,
  WorkflowBody,
  WorkflowFile,
  WorkflowFileWrite,
  WorkflowWritten,
} from "./api-types";
import { readRunStream } from "./run-stream";

export type * from "./api-types";

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

/** The part of `fetch` a client uses (a test hands it an in-process app's `request`). */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Where the API is mounted: `/api` for a Server, `/api/v1` for a Hub (or an absolute URL). */
  base: string;
  /** The bearer token, or a getter asked at each request; none: no Authorization header. */
  token?: string | null | (() => string | null | undefined);
  /** The browser's fetch by default. */
  fetch?: Fetch;
}

type Query = Record<string, string | number | boolean | undefined>;

/** `{detail}` of an error answer, the status text when it has none. */
export async function failure(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { detail?: string };
  return new ApiError(res.status, body.detail ?? res.statusText);
}

/** A client of the API at `base`: every route the UI uses, typed. `signal` cancels a superseded request. */
export function createApiClient({ base, token, fetch: send = (url, init) => fetch(url, init) }: ApiClientOptions) {
  const root = base.replace(/\/+$/, "");
  const tokenNow = typeof token === "function" ? token : () => token;

  function headers(extra: Record<string, string> = {}): Headers {
    const out = new Headers(extra);
    const held = tokenNow();
    if (held) out.set("Authorization", `Bearer ${held}`);
    return out;
  }

  async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const contentType: Record<string, string> = init.body !== undefined ? { "Content-Type": "application/json" } : {};
    const res = await send(root + path, { ...init, headers: headers(contentType) });
    if (!res.ok) throw await failure(res);
    return (await res.json().catch(() => ({}))) as T;
  }
  const post = <T>(path: string, body: unknown, signal?: AbortSignal) =>
    request<T>(path, { method: "POST", body: JSON.stringify(body), signal });
  const get = <T>(path: string, query: Query = {}, signal?: AbortSignal) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const q = params.toString();
    return request<T>(q ? `${path}?${q}` : path, { signal });
  };
  const segment = encodeURIComponent;

  /**
   * `/workflow/execute` streamed (Weft's NDJSON extension, docs/decisions.md): `onEvent` hears
   * each tool start and end and each file written as the run goes; answers the same result
   * as `execute`. A refusal before the run starts, or the run's own error, throws ApiError
   * (with the tool it names); a stream cut before its result throws too.
   */
  async function executeStream(
    workflow: WorkflowBody,
    options: ExecuteOptions,
    onEvent: (event: RunEvent) => void,
    signal?: AbortSignal,
  ): Promise<ExecuteResult> {
    const res = await send(`${root}/workflow/execute`, {
      method: "POST",
      headers: headers({ "Content-Type": "application/json", Accept: "application/x-ndjson" }),
      body: JSON.stringify({ workflow, ...options }),
      signal,
    });
    const streamed = res.headers.get("Content-Type")?.startsWith("application/x-ndjson") ?? false;
    if (!res.ok) throw await failure(res);
    // A Server without the extension answers JSON: the result, without progress.
    if (!streamed || !res.body) return (await res.json().catch(() => ({}))) as ExecuteResult;
    const end = await readRunStream(res.body, onEvent);
    if (end?.event === "result") {
      const { event: _, ...result } = end;
      return result;
    }
    if (end?.event === "error") throw new ApiError(end.status, end.detail, end.tool_id);
    throw new ApiError(0, "The run's answer stopped before its end (the connection was lost); see the Server log");
  }

  type Socket = { workflow: WorkflowBody; tool_id: string; socket_id?: string };
  const socketBody = (workflow: WorkflowBody, toolId: string, socketId?: string): Socket => ({
    workflow,
    tool_id: toolId,
    socket_id: socketId,
  });

  return {
    /** Where this client sends its requests. */
    base: root,
    health: () => get<Health>("/health/"),
    info: () => get<ServerInfo>("/info"),

    execute: (workflow: WorkflowBody, options: ExecuteOptions = {}, signal?: AbortSignal) =>
      post<ExecuteResult>("/workflow/execute", { workflow, ...options }, signal),
    executeStream,
    toolPreview: (workflow: WorkflowBody, toolId: string, previewLimit = 100, signal?: AbortSignal) =>
      post<ToolPreviewResult>(
        "/workflow/tool/execute",
        { workflow, tool_id: toolId, preview_limit: previewLimit },
        signal,
      ),
    previewAll: (workflow: WorkflowBody, previewLimit = 100, signal?: AbortSignal) =>
      post<PreviewAllResult>("/workflow/preview_all", { workflow, preview_limit: previewLimit }, signal),
    schema: (workflow: WorkflowBody, toolId: string, socketId?: string, signal?: AbortSignal) =>
      post<SchemaResult>("/workflow/tool/schema", socketBody(workflow, toolId, socketId), signal),
    metadata: (workflow: WorkflowBody, toolId: string, socketId?: string, signal?: AbortSignal) =>
      post<MetadataResult>("/workflow/tool/metadata", socketBody(workflow, toolId, socketId), signal),
    profile: (workflow: WorkflowBody, toolId: string, socketId?: string, signal?: AbortSignal) =>
      post<ProfileResult>("/workflow/tool/profile", socketBody(workflow, toolId, socketId), signal),
    previewCode: (workflow: WorkflowBody) => post<PreviewCode>("/workflow/preview_code", { workflow }),
    toolSchema: (type: string) => get<Record<string, unknown>>(`/workflow/tool/${segment(type)}/schema`),
    functions: () => get<PolarsFunctions>("/polars/functions"),

    fileRoots: () => get<RootEntry[]>("/files/roots"),
    fileList: (path: string, options: { offset?: number; show_hidden?: boolean } = {}) =>
      get<FileList>("/files/list", { path, ...options }),
    fileSearch: (query: string, options: { extensions?: string; limit?: number } = {}, signal?: AbortSignal) =>
      get<FileSearch>("/files/search", { query, ...options }, signal),
    fileStat: (path: string) => get<FileStat>("/files/stat", { path }),
    /** A `.weft.json` file on the Server, with its modification time (send it back when saving). */
    readWorkflowFile: (path: string) => get<WorkflowFile>("/files/workflow", { path }),
    /** Saves a `.weft.json` file: 409 when it exists (without `overwrite`) or changed since `expected_modified`. */
    writeWorkflowFile: (body: WorkflowFileWrite) =>
      request<WorkflowWritten>("/files/workflow", { method: "PUT", body: JSON.stringify(body) }),

    datasourceSupported: () => get<DatasourceSupported>("/datasource/supported"),
    datasourceInspect: (body: DatasourceInspectRequest, signal?: AbortSignal) =>
      post<DatasourceInspect>("/datasource/inspect", body, signal),

    archiveList: (query: { limit?: number; offset?: number; start_date?: string; end_date?: string } = {}) =>
      get<ArchiveList>("/archive/list", query),
    archiveDetail: (path: string) => get<ArchiveDetail>(`/archive/detail/${segment(path)}`),

    connections: () => get<Connection[]>("/connections/"),
    createConnection: (body: ConnectionCreate) => post<Connection>("/connections/", body),
    testConnection: (id: string) => post<ConnectionTestResult>(`/connections/${segment(id)}/test`, {}),
    deleteConnection: (id: string) => request<unknown>(`/connections/${segment(id)}`, { method: "DELETE" }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
