/**
 * The Server's requests and answers as the UI sees them: each type is inferred from the zod
 * schema its route validates and documents (src/server/schemas/), so the UI, the OpenAPI
 * document and the Server agree. Type-only: nothing of the Server is bundled.
 */

export type {
  ArchiveDetail,
  ArchiveList,
  ArchiveListEntry as ArchiveEntry,
  ExecutionLog as ArchiveExecutionLog,
} from "../../../src/server/schemas/archive";
export type {
  Connection,
  ConnectionCreate,
  ConnectionTestResult,
} from "../../../src/server/schemas/connections";
export type {
  DatasourceInspect,
  DatasourceInspectRequest,
  DatasourceSupported,
  ReadOptions,
} from "../../../src/server/schemas/datasource";
export type {
  FileEntry,
  FileListing as FileList,
  FileSearchResult as FileSearch,
  FileStat,
  RootEntry,
} from "../../../src/server/schemas/files";
export type { Health } from "../../../src/server/schemas/health";
export type { ServerInfo } from "../../../src/server/schemas/info";
export type { PolarsFunctions } from "../../../src/server/schemas/polars";
export type {
  RunEvent,
  RunStreamLine,
  ToolEvent,
  WrittenEvent,
} from "../../../src/server/schemas/run-stream";
export type {
  ColumnInfo,
  ColumnProfile,
  ExecuteOptions,
  ExecuteResult,
  FunctionLists,
  MetadataResult,
  PreviewAllResult,
  PreviewCode,
  PreviewData,
  ProfileResult,
  RunMetrics,
  SchemaResult,
  SocketPreviews,
  ToolMetric,
  ToolPreviewResult,
  WorkflowBody,
} from "../../../src/server/schemas/workflow";
export type { WorkflowFile, WorkflowFileWrite, WorkflowWritten } from "../../../src/server/schemas/workflow-file";
