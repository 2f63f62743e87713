import type { HostRule } from "../shared/outbound-hosts";
import type { MemoryMode, RowCountMode } from "../shared/workflow";

/** The hosted AI providers the proxy knows (each has its AI_<PROVIDER>_BASE_URL setting). */
export const AI_PROVIDERS = ["openai", "anthropic", "gemini", "mistral"] as const;
export const AUTH_MODES = ["ephemeral", "static", "hub", "disabled"] as const;
export const FILE_ACCESS_MODES = ["restricted", "open", "hub"] as const;

/** HUB_URL of the Server in `weft all` when none is given: its Hub is the same process, reached through its app. */
export const IN_PROCESS_HUB_URL = "http://in-process.weft";

export type AuthMode = (typeof AUTH_MODES)[number];
export type FileAccessMode = (typeof FILE_ACCESS_MODES)[number];
export type AiProvider = (typeof AI_PROVIDERS)[number];

export interface FileRoot {
  path: string;
  readOnly: boolean;
}

/** Everything a Server reads from its settings (cli/ builds it from the settings table). */
export interface ServerConfig {
  authMode: AuthMode;
  apiKey?: string;
  hubUrl?: string;
  hubServerToken?: string;
  serverName?: string;
  /** SERVER_ENDPOINT: the URL the Hub and its users reach this Server at (default: the listen URL). */
  serverEndpoint?: string;
  fileAccessMode: FileAccessMode;
  /** The roots of restricted mode; empty in open and hub modes. */
  allowedFilePaths: FileRoot[];
  maxPreviewRows: number;
  previewBounds: { maxValueChars: number; maxBytes: number };
  maxExecutionTimeSeconds: number;
  /** The bound on a file route's wait for the file system (FILE_OPERATION_TIMEOUT_SECONDS). */
  fileOperationTimeoutSeconds: number;
  executionMode: "parallel" | "sequential";
  maxParallelTools: number;
  /** How many executor processes run the engine's jobs. */
  engineProcesses: number;
  /** ENGINE_MEMORY_LIMIT_MB: most resident memory of one executor process, in MiB. */
  engineMemoryLimitMb: number;
  /** ENGINE_MEMORY_MODE: full runs' memory mode where the workflow's `meta.memory` does not say. */
  memoryMode: MemoryMode;
  /** ROW_COUNTS: which rows full runs count where the workflow's `meta.row_counts` does not say. */
  rowCounts: RowCountMode;
  cache: { enabled: boolean; quotaGb: number; retentionDays: number; clearOnClose: boolean };
  archive: { enabled: boolean; retentionDays: number };
  connectionEncryptionKey?: string;
  limits: {
    maxPivotColumns: number;
    maxCrossJoinRows: number;
    maxUnpivotCells: number;
    maxExprStringRepeat: number;
    maxExprPowerExponent: number;
    maxExprFormatLength: number;
    maxExprStringLength: number;
    maxSpreadsheetMb: number;
    maxSpreadsheetRatio: number;
    maxPlanPaths: number;
  };
  aiBaseUrls: Record<AiProvider, string>;
  /** OUTBOUND_HOSTS: the hosts the AI proxy and database connections may reach; empty allows any. */
  outboundHosts: HostRule[];
}
