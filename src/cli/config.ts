import { homedir, totalmem } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { DEFAULT_SPREADSHEET_LIMITS } from "../formats/spreadsheet-limits";
import type { HubConfig } from "../hub/config";
import {
  type AuthMode,
  type FileAccessMode,
  type FileRoot,
  IN_PROCESS_HUB_URL,
  type ServerConfig,
} from "../server/config";
import type { Mode } from "./argv";
import { ConfigError } from "./config-error";
import { flagOf, SETTING_NAMES, SETTINGS, type SettingName, type SettingValues, settingLabel } from "./settings";

/** The one typed configuration of a Weft process, from environment and flags. */
export interface Config {
  mode: Mode;
  host: string;
  port: number;
  dataDir: string;
  noBrowser: boolean;
  logLevel: "debug" | "info" | "warn" | "error";
  staticFilesPath?: string;
  corsOrigins: string[];
  maxRequestBodyBytes: number;
  /** MAX_JSON_DEPTH: deepest nesting of a JSON request body. */
  maxJsonDepth: number;
  rateLimit: { enabled: boolean; perMinute: number };
  /** Present when this process runs a Server (`server`, `all`). */
  server?: ServerConfig;
  /** Present when this process runs a Hub (`hub`, `all`). */
  hub?: HubConfig;
  /** Startup warnings to log (e.g. authentication disabled). */
  warnings: string[];
}

const MIN_API_KEY_LENGTH = 16;

/** Does the setting apply to this mode? `common` ones apply everywhere. */
function appliesTo(name: SettingName, mode: Mode): boolean {
  const scope = SETTINGS[name].scope;
  return scope === "common" || mode === "all" || scope === mode;
}

/**
 * Reads every setting that applies to `mode` from `env`, with `flags` winning, and parses
 * each with its schema. A flag of another mode's setting is refused, since it would be ignored.
 */
export function readSettings(
  mode: Mode,
  env: Record<string, string | undefined>,
  flags: Partial<Record<SettingName, string>>,
): { values: SettingValues; given: Set<SettingName> } {
  const values = {} as Record<SettingName, unknown>;
  const given = new Set<SettingName>();
  for (const name of SETTING_NAMES) {
    const flag = flags[name];
    if (!appliesTo(name, mode)) {
      if (flag !== undefined) throw new ConfigError(`${flagOf(name)} does not apply to \`weft ${mode}\``);
      continue;
    }
    const envValue = env[name];
    const raw = flag ?? (envValue === undefined || envValue === "" ? undefined : envValue);
    const def = SETTINGS[name];
    const text = raw ?? def.default;
    if (raw !== undefined) given.add(name);
    if (text === undefined) continue;
    const parsed = def.schema.safeParse(text);
    if (!parsed.success) {
      const why = parsed.error.issues[0]?.message ?? "invalid value";
      const shown = "secret" in def && def.secret ? "" : ` (got "${text}")`;
      throw new ConfigError(`${settingLabel(name)}: ${why}${shown}`);
    }
    values[name] = parsed.data;
  }
  return { values: values as SettingValues, given };
}

function defaultDataDir(env: Record<string, string | undefined>): string {
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, "weft");
  return join(env.HOME || homedir(), ".local", "share", "weft");
}

function expandHome(p: string, env: Record<string, string | undefined>): string {
  if (p === "~" || p.startsWith("~/")) return join(env.HOME || homedir(), p.slice(1));
  return p;
}

function parseRoot(entry: string, env: Record<string, string | undefined>, cwd: string): FileRoot {
  const readOnly = entry.endsWith(":ro");
  const path = expandHome(readOnly ? entry.slice(0, -3) : entry, env);
  if (!path) throw new ConfigError(`${settingLabel("ALLOWED_FILE_PATHS")}: empty path in "${entry}"`);
  return { path: isAbsolute(path) ? resolve(path) : resolve(cwd, path), readOnly };
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

function refuse(message: string): never {
  throw new ConfigError(message);
}

/** The Server's file-access mode, after checking that the three settings agree. */
function fileAccessMode(v: SettingValues, authMode: AuthMode, given: Set<SettingName>): FileAccessMode {
  const restrict = v.RESTRICT_FILE_ACCESS;
  const explicit = v.FILE_ACCESS_MODE;
  const mode: FileAccessMode = explicit ?? (authMode === "hub" ? "hub" : restrict === false ? "open" : "restricted");
  if (restrict === true && mode === "open") {
    refuse("RESTRICT_FILE_ACCESS=true contradicts FILE_ACCESS_MODE=open: choose one");
  }
  if (restrict === false && mode !== "open") {
    refuse(`RESTRICT_FILE_ACCESS=false contradicts FILE_ACCESS_MODE=${mode}: choose one`);
  }
  if (mode === "hub" && authMode !== "hub") {
    refuse(`FILE_ACCESS_MODE=hub needs AUTH_MODE=hub (AUTH_MODE is ${authMode})`);
  }
  if (authMode === "hub" && mode !== "hub") {
    refuse(`AUTH_MODE=hub needs FILE_ACCESS_MODE=hub: the Hub's grants decide file access (got ${mode})`);
  }
  if (given.has("ALLOWED_FILE_PATHS") && mode !== "restricted") {
    refuse(`ALLOWED_FILE_PATHS applies only to FILE_ACCESS_MODE=restricted (the mode is ${mode})`);
  }
  return mode;
}

function serverConfig(
  mode: Mode,
  v: SettingValues,
  given: Set<SettingName>,
  dataDir: string,
  env: Record<string, string | undefined>,
  cwd: string,
  warnings: string[],
): ServerConfig {
  // `weft all`: the Server answers to the Hub beside it (decisions.md), unless told otherwise.
  const authMode = v.AUTH_MODE ?? (mode === "all" ? "hub" : "ephemeral");
  if (authMode === "static") {
    if (!v.API_KEY) refuse("AUTH_MODE=static needs API_KEY (--api-key): the token clients must send");
    if (v.API_KEY.length < MIN_API_KEY_LENGTH) {
      refuse(`API_KEY (--api-key) must be at least ${MIN_API_KEY_LENGTH} characters for AUTH_MODE=static`);
    }
  }
  if (authMode === "hub" && !v.HUB_URL && mode !== "all") {
    refuse("AUTH_MODE=hub needs HUB_URL (--hub-url): the Hub that authorizes this Server");
  }
  const files = fileAccessMode(v, authMode, given);
  const roots =
    files !== "restricted"
      ? []
      : (v.ALLOWED_FILE_PATHS ?? ["~", join(dataDir, "files")]).map((e) => parseRoot(e, env, cwd));
  if (files === "restricted" && roots.length === 0) {
    refuse("ALLOWED_FILE_PATHS (--allowed-file-paths) is empty: give at least one root");
  }
  if (authMode === "hub" && v.HUB_URL && !v.SERVER_ENDPOINT && !isLoopbackHost(new URL(v.HUB_URL).hostname)) {
    warnings.push(
      "SERVER_ENDPOINT is not set: this Server registers its listen URL with a Hub on another host, which may not reach it",
    );
  }
  if (authMode === "disabled")
    warnings.push("AUTH_MODE=disabled: the Server accepts requests from anyone who can reach it");
  if (files === "open") warnings.push("FILE_ACCESS_MODE=open: workflows may read and write any path this process can");
  return {
    authMode,
    apiKey: v.API_KEY,
    // In `all` the Hub is this process (startWeft hands the Server its fetch); HUB_URL names another.
    hubUrl: v.HUB_URL ?? (mode === "all" && authMode === "hub" ? IN_PROCESS_HUB_URL : undefined),
    hubServerToken: v.HUB_SERVER_TOKEN,
    serverName: v.SERVER_NAME,
    serverEndpoint: v.SERVER_ENDPOINT,
    fileAccessMode: files,
    allowedFilePaths: roots,
    maxPreviewRows: v.MAX_PREVIEW_ROWS ?? 1000,
    previewBounds: { maxValueChars: v.MAX_PREVIEW_VALUE_CHARS ?? 10_000, maxBytes: v.MAX_PREVIEW_BYTES ?? 20_000_000 },
    maxExecutionTimeSeconds: v.MAX_EXECUTION_TIME_SECONDS ?? 300,
    fileOperationTimeoutSeconds: v.FILE_OPERATION_TIMEOUT_SECONDS ?? 30,
    executionMode: v.EXECUTION_MODE ?? "parallel",
    maxParallelTools: v.MAX_PARALLEL_TOOLS ?? 4,
    engineProcesses: v.ENGINE_PROCESSES ?? 2,
    engineMemoryLimitMb: v.ENGINE_MEMORY_LIMIT_MB ?? defaultEngineMemoryLimitMb(),
    memoryMode: v.ENGINE_MEMORY_MODE ?? "default",
    rowCounts: v.ROW_COUNTS ?? "all",
    cache: {
      enabled: v.CACHE_ENABLED ?? true,
      quotaGb: v.CACHE_QUOTA_GB ?? 10,
      retentionDays: v.CACHE_RETENTION_DAYS ?? 7,
      clearOnClose: v.CACHE_CLEAR_ON_CLOSE ?? false,
    },
    archive: { enabled: v.ARCHIVE_ENABLED ?? true, retentionDays: v.ARCHIVE_RETENTION_DAYS ?? 30 },
    connectionEncryptionKey: v.CONNECTION_ENCRYPTION_KEY,
    limits: {
      maxPivotColumns: v.MAX_PIVOT_COLUMNS ?? 1000,
      maxCrossJoinRows: v.MAX_CROSS_JOIN_ROWS ?? 10_000_000,
      maxUnpivotCells: v.MAX_UNPIVOT_CELLS ?? 50_000_000,
      maxExprStringRepeat: v.MAX_EXPR_STRING_REPEAT ?? 10_000,
      maxExprPowerExponent: v.MAX_EXPR_POWER_EXPONENT ?? 100,
      maxExprFormatLength: v.MAX_EXPR_FORMAT_LENGTH ?? 10_000,
      maxExprStringLength: v.MAX_EXPR_STRING_LENGTH ?? 1_000_000,
      maxSpreadsheetMb: v.MAX_SPREADSHEET_MB ?? DEFAULT_SPREADSHEET_LIMITS.maxSpreadsheetMb,
      maxSpreadsheetRatio: v.MAX_SPREADSHEET_RATIO ?? DEFAULT_SPREADSHEET_LIMITS.maxSpreadsheetRatio,
      maxPlanPaths: v.MAX_PLAN_PATHS ?? 10_000,
    },
    aiBaseUrls: {
      openai: v.AI_OPENAI_BASE_URL ?? "",
      anthropic: v.AI_ANTHROPIC_BASE_URL ?? "",
      gemini: v.AI_GEMINI_BASE_URL ?? "",
      mistral: v.AI_MISTRAL_BASE_URL ?? "",
    },
    outboundHosts: v.OUTBOUND_HOSTS ?? [],
  };
}

/**
 * A quarter of the machine's memory per engine process: with the default two, half the
 * machine (24 GB: 6 GB each) stays for the Server, the system and everything else.
 */
function defaultEngineMemoryLimitMb(): number {
  return Math.max(256, Math.floor(totalmem() / 4 / (1024 * 1024)));
}

/** `weft all` whose Server answers to the Hub beside it: the Hub's status tells the web app. */
function withServerHere(hub: HubConfig, server: ServerConfig | undefined): HubConfig {
  return server?.authMode === "hub" && server.hubUrl === IN_PROCESS_HUB_URL ? { ...hub, serverHere: true } : hub;
}

function hubConfig(v: SettingValues, dataDir: string): HubConfig {
  const url = v.DATABASE_URL ?? `sqlite:${join(dataDir, "hub.db")}`;
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(url)) {
    refuse("DATABASE_URL (--database-url) must start with sqlite: or postgres://");
  }
  if (v.EVENT_BROKER_BACKEND === "postgresql" && url.startsWith("sqlite:")) {
    refuse("EVENT_BROKER_BACKEND=postgresql needs a postgres:// DATABASE_URL (the events travel through PostgreSQL)");
  }
  return {
    databaseUrl: url,
    sessionTtlHours: v.SESSION_TTL_HOURS ?? 168,
    capabilityTokenTtlSeconds: v.CAPABILITY_TOKEN_TTL_SECONDS ?? 60,
    tokenStoreBackend: v.TOKEN_STORE_BACKEND ?? "memory",
    eventBrokerBackend: v.EVENT_BROKER_BACKEND ?? "memory",
    serverPollIntervalSeconds: v.SERVER_POLL_INTERVAL_SECONDS ?? 30,
    loginMaxAttempts: v.LOGIN_MAX_ATTEMPTS ?? 5,
    loginMaxAttemptsPerIp: v.LOGIN_MAX_ATTEMPTS_PER_IP ?? 30,
    loginWindowSeconds: v.LOGIN_WINDOW_SECONDS ?? 900,
    hubServerToken: v.HUB_SERVER_TOKEN,
    auditSigningKey: v.AUDIT_SIGNING_KEY,
    dispatchSigningKey: v.DISPATCH_SIGNING_KEY,
    connectionEncryptionKey: v.CONNECTION_ENCRYPTION_KEY,
    executionArtifactMaxMb: v.EXECUTION_ARTIFACT_MAX_MB ?? 100,
  };
}

export interface LoadConfigInput {
  mode: Mode;
  env: Record<string, string | undefined>;
  flags?: Partial<Record<SettingName, string>>;
  cwd?: string;
}

/**
 * Builds the Config for `mode`. Throws ConfigError (exit status 2) for a bad value or for
 * settings that contradict each other; never reads or writes the disk.
 */
export function loadConfig({ mode, env, flags = {}, cwd = process.cwd() }: LoadConfigInput): Config {
  const { values: v, given } = readSettings(mode, env, flags);
  const warnings: string[] = [];
  const dataDir = resolve(cwd, expandHome(v.WEFT_DATA_DIR ?? defaultDataDir(env), env));
  const host = v.HOST ?? "127.0.0.1";
  const runsServer = mode !== "hub";
  const server = runsServer ? serverConfig(mode, v, given, dataDir, env, cwd, warnings) : undefined;
  const rateLimitDefault = !(mode === "server" && isLoopbackHost(host));
  if (server?.authMode === "disabled" && !isLoopbackHost(host)) {
    warnings.push(`AUTH_MODE=disabled while listening on ${host}: anyone on the network can run workflows`);
  }
  return {
    mode,
    host,
    port: v.PORT ?? 25811,
    dataDir,
    noBrowser: v.WEFT_NO_BROWSER ?? false,
    logLevel: v.LOG_LEVEL ?? "info",
    staticFilesPath: v.STATIC_FILES_PATH ? resolve(cwd, expandHome(v.STATIC_FILES_PATH, env)) : undefined,
    corsOrigins: v.CORS_ORIGINS ?? [],
    maxRequestBodyBytes: Math.round((v.MAX_REQUEST_BODY_MB ?? 64) * 1024 * 1024),
    maxJsonDepth: v.MAX_JSON_DEPTH ?? 1000,
    rateLimit: { enabled: v.RATE_LIMIT_ENABLED ?? rateLimitDefault, perMinute: v.RATE_LIMIT_PER_MINUTE ?? 120 },
    server,
    hub: mode === "server" ? undefined : withServerHere(hubConfig(v, dataDir), server),
    warnings,
  };
}
