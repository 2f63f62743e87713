import { z } from "zod";
import { AUTH_MODES, FILE_ACCESS_MODES } from "../server/config";
import { parseHostRule } from "../shared/outbound-hosts";
import { MEMORY_MODES, ROW_COUNT_MODES } from "../shared/workflow";

/** Which process a setting belongs to; `all` runs both, so it reads both kinds. */
export type SettingScope = "common" | "server" | "hub";

export interface SettingDef<T = unknown> {
  /** Parses the raw text of the environment variable or flag. */
  schema: z.ZodType<T>;
  /** The default as text (parsed like a given value), or undefined when computed at start. */
  default?: string;
  /** What `--help` shows when the default is computed (e.g. from the mode or HOME). */
  defaultText?: string;
  describe: string;
  scope: SettingScope;
  /** Never echoed back in errors or logs. */
  secret?: boolean;
  /** A boolean: its flag alone means true. */
  isBool?: boolean;
}

const TRUE = ["true", "1", "yes", "on"];
const FALSE = ["false", "0", "no", "off"];
const bool = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .refine((s) => TRUE.includes(s) || FALSE.includes(s), "expected true or false")
  .transform((s) => TRUE.includes(s));

const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, "expected a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const num = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "expected a number")
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const text = z.string().trim().min(1, "must not be empty");
const secret = z.string().min(1, "must not be empty");
const list = z.string().transform((s) =>
  s
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0),
);
const httpUrl = z
  .string()
  .trim()
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "expected an http:// or https:// URL")
  .transform((s) => s.replace(/\/+$/, ""));
/**
 * An AI provider's base URL: http(s), with no credentials, query or fragment, since the
 * proxy appends a path to it and the provider key travels in headers only.
 */
const aiBaseUrl = httpUrl.refine((s) => {
  const u = new URL(s);
  return !u.username && !u.password && !u.search && !u.hash;
}, "expected a base URL without user:password@, ?query or #fragment");
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(values, { error: () => `expected one of: ${values.join(", ")}` }));

/** OUTBOUND_HOSTS: a list whose every entry must parse (outbound-hosts.ts names the syntax). */
const hostRules = list.transform((entries, ctx) => {
  try {
    return entries.map(parseHostRule);
  } catch (err) {
    ctx.addIssue({ code: "custom", message: (err as Error).message });
    return z.NEVER;
  }
});

function def<T>(d: SettingDef<T>): SettingDef<T> {
  return d;
}

/**
 * Every setting of Weft, keyed by its environment variable. The flag is the same name in
 * kebab case without the `WEFT_` prefix (`MAX_PREVIEW_ROWS` → `--max-preview-rows`,
 * `WEFT_DATA_DIR` → `--data-dir`). This table is the one source for parsing and `--help`.
 */
export const SETTINGS = {
  HOST: def({ schema: text, default: "127.0.0.1", describe: "Address to listen on", scope: "common" }),
  PORT: def({
    schema: int(0, 65535),
    default: "25811",
    describe: "TCP port to listen on (0 picks a free one)",
    scope: "common",
  }),
  WEFT_DATA_DIR: def({
    schema: text,
    defaultText: "$XDG_DATA_HOME/weft, else ~/.local/share/weft",
    describe: "Data directory: database, cache, archive, artifacts, logs",
    scope: "common",
  }),
  WEFT_NO_BROWSER: def({
    schema: bool,
    isBool: true,
    default: "false",
    describe: "Do not open a browser when the local Server starts",
    scope: "common",
  }),
  LOG_LEVEL: def({
    schema: oneOf(["debug", "info", "warn", "error"]),
    default: "info",
    describe: "Least severe level written to the console log",
    scope: "common",
  }),
  STATIC_FILES_PATH: def({
    schema: text,
    defaultText: "(embedded web UI)",
    describe: "Serve the web UI from this folder instead of the embedded one",
    scope: "common",
  }),
  CORS_ORIGINS: def({
    schema: list,
    default: "",
    describe: "Comma-separated origins allowed to call the API from a browser (same origin always is)",
    scope: "common",
  }),
  MAX_REQUEST_BODY_MB: def({
    schema: num(0.001, 4096),
    default: "64",
    describe: "Largest request body accepted, in MiB (larger is 413)",
    scope: "common",
  }),
  MAX_JSON_DEPTH: def({
    schema: int(1, 10_000),
    default: "1000",
    describe: "Deepest nesting of arrays and objects accepted in a JSON request body (deeper is 400)",
    scope: "common",
  }),
  RATE_LIMIT_ENABLED: def({
    schema: bool,
    isBool: true,
    defaultText: "false for `server` on a loopback address, true otherwise",
    describe: "Rate-limit the workflow routes per client",
    scope: "common",
  }),
  RATE_LIMIT_PER_MINUTE: def({
    schema: int(1, 1_000_000),
    default: "120",
    describe: "Requests per minute per client on rate-limited routes",
    scope: "common",
  }),

  AUTH_MODE: def({
    schema: oneOf(AUTH_MODES),
    defaultText: "ephemeral; hub in `all` (the Hub beside it)",
    describe: "Server authentication: ephemeral, static, hub or disabled",
    scope: "server",
  }),
  API_KEY: def({
    schema: secret,
    describe: "Bearer token for AUTH_MODE=static (at least 16 characters)",
    scope: "server",
    secret: true,
  }),
  HUB_URL: def({ schema: httpUrl, describe: "The Hub this Server answers to (AUTH_MODE=hub)", scope: "server" }),
  HUB_SERVER_TOKEN: def({
    schema: secret,
    describe: "Shared registration secret: the Server registers with the Hub, the Hub accepts it",
    scope: "common",
    secret: true,
  }),
  SERVER_NAME: def({
    schema: text,
    defaultText: "the host name",
    describe: "Name this Server registers under with the Hub",
    scope: "server",
  }),
  SERVER_ENDPOINT: def({
    schema: httpUrl,
    defaultText: "the listen URL",
    describe: "URL the Hub and its users reach this Server at (AUTH_MODE=hub)",
    scope: "server",
  }),
  FILE_ACCESS_MODE: def({
    schema: oneOf(FILE_ACCESS_MODES),
    defaultText: "hub with AUTH_MODE=hub, else restricted",
    describe: "restricted (only ALLOWED_FILE_PATHS), open (any path) or hub (Hub grants)",
    scope: "server",
  }),
  RESTRICT_FILE_ACCESS: def({
    schema: bool,
    isBool: true,
    defaultText: "(follows FILE_ACCESS_MODE)",
    describe: "Legacy switch: true = restricted, false = open; must agree with FILE_ACCESS_MODE",
    scope: "server",
  }),
  ALLOWED_FILE_PATHS: def({
    schema: list,
    defaultText: "~ and <data dir>/files",
    describe: "Comma-separated file roots for restricted mode; a `:ro` suffix marks one read-only",
    scope: "server",
  }),
  FILE_OPERATION_TIMEOUT_SECONDS: def({
    schema: int(1, 3600),
    default: "30",
    describe: "Longest a file route (browse, stat, open or save a workflow) waits on the file system",
    scope: "server",
  }),
  MAX_PREVIEW_ROWS: def({
    schema: int(1, 1_000_000),
    default: "1000",
    describe: "Most rows a preview returns",
    scope: "server",
  }),
  MAX_EXECUTION_TIME_SECONDS: def({
    schema: int(1, 7 * 24 * 3600),
    default: "300",
    describe: "Longest a workflow run may take",
    scope: "server",
  }),
  EXECUTION_MODE: def({
    schema: oneOf(["parallel", "sequential"]),
    default: "parallel",
    describe: "Run tools of one level together (parallel) or one by one",
    scope: "server",
  }),
  MAX_PARALLEL_TOOLS: def({
    schema: int(1, 256),
    default: "4",
    describe: "Most tools running at once in parallel mode",
    scope: "server",
  }),
  ENGINE_PROCESSES: def({
    schema: int(1, 64),
    default: "2",
    describe: "Engine processes that run workflow requests side by side (started with the Server)",
    scope: "server",
  }),
  ENGINE_MEMORY_LIMIT_MB: def({
    schema: int(64, 16 * 1024 * 1024),
    defaultText: "a quarter of the machine's memory",
    describe:
      "Safety limit: most resident memory of one engine process, in MiB; past it the run is stopped (422) and the process replaced (Linux)",
    scope: "server",
  }),
  ENGINE_MEMORY_MODE: def({
    schema: oneOf(MEMORY_MODES),
    default: "default",
    describe:
      "How full runs spend memory: default, or bounded (big CSV inputs read in parts, every write streamed, formats written from a whole table refused); a workflow's meta.memory overrides it",
    scope: "server",
  }),
  ROW_COUNTS: def({
    schema: oneOf(ROW_COUNT_MODES),
    default: "all",
    describe:
      "Which rows full runs count: all (every tool's, at the cost of a second pass over what the run streamed through) or known (only what the run wrote, stored or read from a database, and what follows from those); a workflow's meta.row_counts overrides it",
    scope: "server",
  }),
  CACHE_ENABLED: def({
    schema: bool,
    isBool: true,
    default: "true",
    describe: "Cache blocking tools' outputs on disk",
    scope: "server",
  }),
  CACHE_QUOTA_GB: def({
    schema: num(0, 1_000_000),
    default: "10",
    describe: "Cache size limit; least recently used entries are evicted",
    scope: "server",
  }),
  CACHE_RETENTION_DAYS: def({
    schema: num(0, 36_500),
    default: "7",
    describe: "Cache entries older than this are deleted",
    scope: "server",
  }),
  CACHE_CLEAR_ON_CLOSE: def({
    schema: bool,
    isBool: true,
    default: "false",
    describe: "Clear a workflow's cache when the client closes it",
    scope: "server",
  }),
  ARCHIVE_ENABLED: def({
    schema: bool,
    isBool: true,
    default: "true",
    describe: "Archive every execution",
    scope: "server",
  }),
  ARCHIVE_RETENTION_DAYS: def({
    schema: int(0, 36_500),
    default: "30",
    describe: "Archive entries older than this are deleted",
    scope: "server",
  }),
  CONNECTION_ENCRYPTION_KEY: def({
    schema: secret,
    describe:
      "Key for stored connection credentials. Server: without it /api/connections answers 503. " +
      "Hub: without it a key is generated once into the data directory (back it up with the database)",
    scope: "common",
    secret: true,
  }),
  MAX_PIVOT_COLUMNS: def({
    schema: int(1, 1_000_000),
    default: "1000",
    describe: "Safety limit: most output columns of a pivot",
    scope: "server",
  }),
  MAX_CROSS_JOIN_ROWS: def({
    schema: int(1, Number.MAX_SAFE_INTEGER),
    default: "10000000",
    describe: "Safety limit: most output rows of a cross join",
    scope: "server",
  }),
  MAX_UNPIVOT_CELLS: def({
    schema: int(1, Number.MAX_SAFE_INTEGER),
    default: "50000000",
    describe: "Safety limit: most output cells of an unpivot",
    scope: "server",
  }),
  MAX_SPREADSHEET_MB: def({
    schema: num(1, 1_048_576),
    default: "100",
    describe: "Safety limit: most MiB a spreadsheet (.xlsx, .xlsb, .ods, .xls) may inflate to when read",
    scope: "server",
  }),
  MAX_SPREADSHEET_RATIO: def({
    schema: int(2, 100_000),
    default: "200",
    describe: "Safety limit: most times one part of a spreadsheet's zip may inflate (zip bombs)",
    scope: "server",
  }),
  MAX_EXPR_STRING_REPEAT: def({
    schema: int(1, 100_000_000),
    default: "10000",
    describe: "Expression limit: longest string made by repeating a literal",
    scope: "server",
  }),
  MAX_EXPR_POWER_EXPONENT: def({
    schema: int(1, 100_000),
    default: "100",
    describe: "Expression limit: largest literal power exponent",
    scope: "server",
  }),
  MAX_EXPR_FORMAT_LENGTH: def({
    schema: int(1, 100_000_000),
    default: "10000",
    describe: "Expression limit: longest result of `%` formatting",
    scope: "server",
  }),
  MAX_PREVIEW_VALUE_CHARS: def({
    schema: int(1, 1_000_000_000),
    default: "10000",
    describe:
      "Preview limit: longer text (characters) or binary (bytes) values are cut with a marker giving the full length",
    scope: "server",
  }),
  MAX_PREVIEW_BYTES: def({
    schema: int(1000, Number.MAX_SAFE_INTEGER),
    default: "20000000",
    describe: "Preview limit: most bytes of rows one preview answers; rows past it are left out (bytes_limited)",
    scope: "server",
  }),
  MAX_EXPR_STRING_LENGTH: def({
    schema: int(1, 1_000_000_000),
    default: "1000000",
    describe: "Expression limit: longest text a replace, concat_str, format or join may build, in characters",
    scope: "server",
  }),
  MAX_PLAN_PATHS: def({
    schema: int(1, Number.MAX_SAFE_INTEGER),
    default: "10000",
    describe:
      "Safety limit: most paths from source tools to one tool (each path repeats its upstream work in the plan)",
    scope: "server",
  }),
  AI_OPENAI_BASE_URL: def({
    schema: aiBaseUrl,
    default: "https://api.openai.com",
    describe: "Where the AI proxy sends openai calls; a proxied path starts with its version (v1/...)",
    scope: "server",
  }),
  AI_ANTHROPIC_BASE_URL: def({
    schema: aiBaseUrl,
    default: "https://api.anthropic.com",
    describe: "Where the AI proxy sends anthropic calls; a proxied path starts with its version (v1/...)",
    scope: "server",
  }),
  AI_GEMINI_BASE_URL: def({
    schema: aiBaseUrl,
    default: "https://generativelanguage.googleapis.com",
    describe: "Where the AI proxy sends gemini calls; a proxied path starts with its version (v1beta/...)",
    scope: "server",
  }),
  AI_MISTRAL_BASE_URL: def({
    schema: aiBaseUrl,
    default: "https://api.mistral.ai",
    describe: "Where the AI proxy sends mistral calls; a proxied path starts with its version (v1/...)",
    scope: "server",
  }),
  OUTBOUND_HOSTS: def({
    schema: hostRules,
    defaultText: "(any host)",
    describe:
      "Comma-separated hosts the AI proxy and database connections may reach: host, host:port, *.domain[:port]; others are 403",
    scope: "server",
  }),

  DATABASE_URL: def({
    schema: text,
    defaultText: "sqlite:<data dir>/hub.db",
    describe: "Hub database: sqlite:<path> or postgres://user:pass@host/db",
    scope: "hub",
    secret: true,
  }),
  SESSION_TTL_HOURS: def({
    schema: int(1, 24 * 365),
    default: "168",
    describe: "Lifetime of a Hub login session",
    scope: "hub",
  }),
  CAPABILITY_TOKEN_TTL_SECONDS: def({
    schema: int(1, 3600),
    default: "60",
    describe: "Lifetime of a single-use capability token",
    scope: "hub",
  }),
  EXECUTION_ARTIFACT_MAX_MB: def({
    schema: int(1, 1_000_000),
    default: "100",
    describe: "Largest artifact a Hub execution stores (a bigger one is recorded, not stored)",
    scope: "hub",
  }),
  TOKEN_STORE_BACKEND: def({
    schema: oneOf(["memory", "database"]),
    default: "memory",
    describe: "Where capability tokens live: memory (one replica) or database",
    scope: "hub",
  }),
  EVENT_BROKER_BACKEND: def({
    schema: oneOf(["memory", "postgresql"]),
    default: "memory",
    describe:
      "How execution events reach stream clients: memory (one replica) or postgresql (LISTEN/NOTIFY; needs a postgres:// DATABASE_URL)",
    scope: "hub",
  }),
  AUDIT_SIGNING_KEY: def({
    schema: secret,
    defaultText: "(generated into <data dir>/audit/signing.key)",
    describe: "Ed25519 key signing audit checkpoints: 32 random bytes, base64 (openssl rand -base64 32)",
    scope: "hub",
    secret: true,
  }),
  DISPATCH_SIGNING_KEY: def({
    schema: secret,
    defaultText: "(generated into <data dir>/dispatch-signing.key)",
    describe:
      "Ed25519 key signing the Hub's dispatches, which Servers' rate limits count apart: 32 random bytes, base64; the same on every replica",
    scope: "hub",
    secret: true,
  }),
  LOGIN_MAX_ATTEMPTS: def({
    schema: int(1, 10_000),
    default: "5",
    describe: "Hub login attempts per username in LOGIN_WINDOW_SECONDS before 429 (a success clears them)",
    scope: "hub",
  }),
  LOGIN_MAX_ATTEMPTS_PER_IP: def({
    schema: int(1, 100_000),
    default: "30",
    describe: "Failed Hub logins per client address in LOGIN_WINDOW_SECONDS before 429 (successes do not count)",
    scope: "hub",
  }),
  LOGIN_WINDOW_SECONDS: def({
    schema: int(1, 86_400),
    default: "900",
    describe: "The window of the Hub's login throttle; a throttled client may try again when it ends",
    scope: "hub",
  }),
  SERVER_POLL_INTERVAL_SECONDS: def({
    schema: int(1, 86_400),
    default: "30",
    describe: "How often the Hub checks each registered Server",
    scope: "hub",
  }),
} as const satisfies Record<string, SettingDef<unknown>>;

export type SettingName = keyof typeof SETTINGS;
export type SettingValues = {
  [K in SettingName]: z.output<(typeof SETTINGS)[K]["schema"]> | undefined;
};

/** `MAX_PREVIEW_ROWS` → `--max-preview-rows`; the `WEFT_` prefix is dropped. */
export function flagOf(name: SettingName): string {
  return `--${name
    .replace(/^WEFT_/, "")
    .toLowerCase()
    .replaceAll("_", "-")}`;
}

/** How a setting is named in messages: `PORT (--port)`. */
export function settingLabel(name: SettingName): string {
  return `${name} (${flagOf(name)})`;
}

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];
