import { describe, expect, test } from "bun:test";
import { IN_PROCESS_HUB_URL } from "../server/config";
import { loadConfig } from "./config";
import { ConfigError } from "./config-error";

const HOME = "/home/ana";
const base = { HOME };

describe("loadConfig defaults", () => {
  test("server mode: the documented defaults", () => {
    const c = loadConfig({ mode: "server", env: base, cwd: "/work" });
    expect(c.host).toBe("127.0.0.1");
    expect(c.port).toBe(25811);
    expect(c.dataDir).toBe("/home/ana/.local/share/weft");
    expect(c.rateLimit).toEqual({ enabled: false, perMinute: 120 });
    expect(c.hub).toBeUndefined();
    const s = c.server;
    if (!s) throw new Error("server config expected");
    expect(s.authMode).toBe("ephemeral");
    expect(s.fileAccessMode).toBe("restricted");
    expect(s.allowedFilePaths).toEqual([
      { path: HOME, readOnly: false },
      { path: "/home/ana/.local/share/weft/files", readOnly: false },
    ]);
    expect(s.maxPreviewRows).toBe(1000);
    expect(s.maxExecutionTimeSeconds).toBe(300);
    expect(s.executionMode).toBe("parallel");
    expect(s.maxParallelTools).toBe(4);
    expect(s.memoryMode).toBe("default");
    expect(s.rowCounts).toBe("all");
    expect(s.cache).toEqual({ enabled: true, quotaGb: 10, retentionDays: 7, clearOnClose: false });
    expect(s.archive).toEqual({ enabled: true, retentionDays: 30 });
    expect(s.limits).toEqual({
      maxPivotColumns: 1000,
      maxCrossJoinRows: 10_000_000,
      maxUnpivotCells: 50_000_000,
      maxExprStringRepeat: 10_000,
      maxExprPowerExponent: 100,
      maxExprFormatLength: 10_000,
      maxExprStringLength: 1_000_000,
      maxSpreadsheetMb: 100,
      maxSpreadsheetRatio: 200,
      maxPlanPaths: 10_000,
    });
    expect(c.warnings).toEqual([]);
  });

  test("hub mode: SQLite in the data directory, the Hub's defaults, no Server", () => {
    const c = loadConfig({ mode: "hub", env: { ...base, XDG_DATA_HOME: "/data" } });
    expect(c.server).toBeUndefined();
    expect(c.hub).toEqual({
      databaseUrl: "sqlite:/data/weft/hub.db",
      sessionTtlHours: 168,
      capabilityTokenTtlSeconds: 60,
      tokenStoreBackend: "memory",
      eventBrokerBackend: "memory",
      serverPollIntervalSeconds: 30,
      loginMaxAttempts: 5,
      loginMaxAttemptsPerIp: 30,
      loginWindowSeconds: 900,
      hubServerToken: undefined,
      executionArtifactMaxMb: 100,
    });
    expect(c.rateLimit.enabled).toBe(true);
  });

  test("hub mode: EVENT_BROKER_BACKEND=postgresql reaches the Hub's config, and needs a PostgreSQL DATABASE_URL", () => {
    const pg = { ...base, DATABASE_URL: "postgres://h/db", EVENT_BROKER_BACKEND: "postgresql" };
    expect(loadConfig({ mode: "hub", env: pg }).hub?.eventBrokerBackend).toBe("postgresql");
    expect(() => loadConfig({ mode: "hub", env: { ...base, EVENT_BROKER_BACKEND: "postgresql" } })).toThrow(
      "EVENT_BROKER_BACKEND=postgresql needs a postgres:// DATABASE_URL",
    );
    expect(() => loadConfig({ mode: "hub", env: { ...base, EVENT_BROKER_BACKEND: "redis" } })).toThrow(
      "EVENT_BROKER_BACKEND",
    );
  });

  test("hub mode: AUDIT_SIGNING_KEY reaches the Hub's config", () => {
    const key = Buffer.alloc(32, 1).toString("base64");
    const c = loadConfig({ mode: "hub", env: { ...base, AUDIT_SIGNING_KEY: key } });
    expect(c.hub?.auditSigningKey).toBe(key);
  });

  test("hub mode: DISPATCH_SIGNING_KEY reaches the Hub's config, apart from the audit key", () => {
    const key = Buffer.alloc(32, 2).toString("base64");
    const c = loadConfig({ mode: "hub", env: { ...base, DISPATCH_SIGNING_KEY: key } });
    expect(c.hub?.dispatchSigningKey).toBe(key);
    expect(c.hub?.auditSigningKey).toBeUndefined();
  });

  test("all mode runs both, and rate limiting is on", () => {
    const c = loadConfig({ mode: "all", env: base });
    expect(c.server).toBeDefined();
    expect(c.hub).toBeDefined();
    expect(c.rateLimit.enabled).toBe(true);
  });

  test("all mode: the Server answers to the Hub beside it (hub auth and file access, no HUB_URL needed)", () => {
    const c = loadConfig({ mode: "all", env: base });
    expect(c.server).toMatchObject({ authMode: "hub", fileAccessMode: "hub", hubUrl: IN_PROCESS_HUB_URL });
    const local = loadConfig({ mode: "all", env: { ...base, AUTH_MODE: "ephemeral" } });
    expect(local.server).toMatchObject({ authMode: "ephemeral", fileAccessMode: "restricted", hubUrl: undefined });
    expect(loadConfig({ mode: "server", env: base }).server?.authMode).toBe("ephemeral");
    // The web designer signs in to the Hub and gets capability tokens (tests/e2e/hub-sign-in.test.ts): no warning.
    expect(c.warnings).toEqual([]);
  });

  test("hub mode with a Hub on another host and no SERVER_ENDPOINT warns that the Hub may not reach the Server", () => {
    const env = { ...base, AUTH_MODE: "hub", HUB_URL: "https://hub.example/" };
    expect(loadConfig({ mode: "server", env }).warnings.join("\n")).toContain("SERVER_ENDPOINT is not set");
    const given = loadConfig({ mode: "server", env: { ...env, SERVER_ENDPOINT: "http://10.0.0.5:25811" } });
    expect(given.warnings.join("\n")).not.toContain("SERVER_ENDPOINT");
    expect(given.server?.serverEndpoint).toBe("http://10.0.0.5:25811");
    const local = { ...env, HUB_URL: "http://127.0.0.1:25812" };
    expect(loadConfig({ mode: "server", env: local }).warnings.join("\n")).not.toContain("SERVER_ENDPOINT");
  });

  test("a server on a non-loopback address is rate limited by default", () => {
    expect(loadConfig({ mode: "server", env: { ...base, HOST: "0.0.0.0" } }).rateLimit.enabled).toBe(true);
    expect(loadConfig({ mode: "server", env: { ...base, HOST: "::1" } }).rateLimit.enabled).toBe(false);
  });
});

describe("loadConfig sources", () => {
  test("flags win over the environment", () => {
    const c = loadConfig({ mode: "server", env: { ...base, PORT: "7000" }, flags: { PORT: "7001" } });
    expect(c.port).toBe(7001);
  });

  test("an empty environment variable counts as unset", () => {
    expect(loadConfig({ mode: "server", env: { ...base, PORT: "" } }).port).toBe(25811);
  });

  test("ALLOWED_FILE_PATHS: ~, relative paths and the :ro suffix", () => {
    const c = loadConfig({
      mode: "server",
      env: { ...base, ALLOWED_FILE_PATHS: "~/data:ro, shared ,/srv/in" },
      cwd: "/w",
    });
    expect(c.server?.allowedFilePaths).toEqual([
      { path: "/home/ana/data", readOnly: true },
      { path: "/w/shared", readOnly: false },
      { path: "/srv/in", readOnly: false },
    ]);
  });

  test("booleans accept true/false, 1/0, yes/no, on/off", () => {
    for (const [text, value] of [
      ["true", true],
      ["0", false],
      ["YES", true],
      ["off", false],
    ] as const) {
      expect(loadConfig({ mode: "server", env: { ...base, CACHE_ENABLED: text } }).server?.cache.enabled).toBe(value);
    }
  });

  test("RESTRICT_FILE_ACCESS=false alone means open, with a warning", () => {
    const c = loadConfig({ mode: "server", env: { ...base, RESTRICT_FILE_ACCESS: "false" } });
    expect(c.server?.fileAccessMode).toBe("open");
    expect(c.warnings.join()).toContain("FILE_ACCESS_MODE=open");
  });

  test("AUTH_MODE=disabled warns, and warns again off loopback", () => {
    expect(loadConfig({ mode: "server", env: { ...base, AUTH_MODE: "disabled" } }).warnings).toHaveLength(1);
    expect(
      loadConfig({ mode: "server", env: { ...base, AUTH_MODE: "disabled", HOST: "0.0.0.0" } }).warnings,
    ).toHaveLength(2);
  });

  test("AUTH_MODE=hub with HUB_URL: file access follows the Hub", () => {
    const c = loadConfig({ mode: "server", env: { ...base, AUTH_MODE: "hub", HUB_URL: "https://hub.example/" } });
    expect(c.server?.fileAccessMode).toBe("hub");
    expect(c.server?.hubUrl).toBe("https://hub.example");
    expect(c.server?.allowedFilePaths).toEqual([]);
  });

  test("Server settings in the environment do not bother `weft hub`", () => {
    expect(() => loadConfig({ mode: "hub", env: { ...base, AUTH_MODE: "static" } })).not.toThrow();
  });
});

// Each startup refusal: the message names the setting(s) at fault.
const REFUSALS: [string, "server" | "hub" | "all", Record<string, string>, RegExp][] = [
  ["static without a key", "server", { AUTH_MODE: "static" }, /AUTH_MODE=static needs API_KEY \(--api-key\)/],
  [
    "static with a short key",
    "server",
    { AUTH_MODE: "static", API_KEY: "short" },
    /API_KEY \(--api-key\) must be at least 16/,
  ],
  ["hub without HUB_URL", "server", { AUTH_MODE: "hub" }, /AUTH_MODE=hub needs HUB_URL \(--hub-url\)/],
  [
    "restrict + open",
    "server",
    { RESTRICT_FILE_ACCESS: "true", FILE_ACCESS_MODE: "open" },
    /RESTRICT_FILE_ACCESS=true contradicts FILE_ACCESS_MODE=open/,
  ],
  [
    "unrestricted + restricted",
    "server",
    { RESTRICT_FILE_ACCESS: "false", FILE_ACCESS_MODE: "restricted" },
    /RESTRICT_FILE_ACCESS=false contradicts FILE_ACCESS_MODE=restricted/,
  ],
  ["file hub without auth hub", "server", { FILE_ACCESS_MODE: "hub" }, /FILE_ACCESS_MODE=hub needs AUTH_MODE=hub/],
  [
    "auth hub with restricted files",
    "all",
    { AUTH_MODE: "hub", HUB_URL: "http://h", FILE_ACCESS_MODE: "restricted" },
    /AUTH_MODE=hub needs FILE_ACCESS_MODE=hub/,
  ],
  [
    "roots in open mode",
    "server",
    { FILE_ACCESS_MODE: "open", ALLOWED_FILE_PATHS: "/data" },
    /ALLOWED_FILE_PATHS applies only to FILE_ACCESS_MODE=restricted/,
  ],
  ["empty roots", "server", { ALLOWED_FILE_PATHS: " , " }, /ALLOWED_FILE_PATHS \(--allowed-file-paths\) is empty/],
  ["bad port", "server", { PORT: "http" }, /PORT \(--port\): expected a whole number \(got "http"\)/],
  ["port out of range", "hub", { PORT: "70000" }, /PORT \(--port\)/],
  [
    "unknown auth mode",
    "server",
    { AUTH_MODE: "token" },
    /AUTH_MODE \(--auth-mode\): expected one of: ephemeral, static, hub, disabled/,
  ],
  ["bad boolean", "server", { CACHE_ENABLED: "maybe" }, /CACHE_ENABLED \(--cache-enabled\): expected true or false/],
  ["bad hub URL", "server", { AUTH_MODE: "hub", HUB_URL: "ftp://x" }, /HUB_URL \(--hub-url\): expected an http/],
  [
    "bad database URL",
    "hub",
    { DATABASE_URL: "mysql://x" },
    /DATABASE_URL \(--database-url\) must start with sqlite: or postgres/,
  ],
];

describe("startup refusals", () => {
  test.each(REFUSALS)("%s", (_name, mode, env, message) => {
    let error: unknown;
    try {
      loadConfig({ mode, env: { ...base, ...env } });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
  });

  test("a secret's value is never echoed in the message", () => {
    expect(() =>
      loadConfig({ mode: "hub", env: { ...base, DATABASE_URL: "" }, flags: { DATABASE_URL: "   " } }),
    ).toThrow(/DATABASE_URL \(--database-url\): must not be empty$/);
  });

  test("ENGINE_MEMORY_MODE is default or bounded (any case); another value stops the start naming both", () => {
    expect(loadConfig({ mode: "server", env: { ...base, ENGINE_MEMORY_MODE: " Bounded" } }).server?.memoryMode).toBe(
      "bounded",
    );
    expect(() => loadConfig({ mode: "server", env: { ...base, ENGINE_MEMORY_MODE: "low" } })).toThrow(
      'ENGINE_MEMORY_MODE (--engine-memory-mode): expected one of: default, bounded (got "low")',
    );
  });

  test("ROW_COUNTS is all or known; another value stops the start naming both", () => {
    expect(loadConfig({ mode: "server", env: { ...base, ROW_COUNTS: "known" } }).server?.rowCounts).toBe("known");
    expect(() => loadConfig({ mode: "server", env: { ...base, ROW_COUNTS: "some" } })).toThrow(
      'ROW_COUNTS (--row-counts): expected one of: all, known (got "some")',
    );
  });

  test("a flag of another mode's setting is refused rather than ignored", () => {
    expect(() => loadConfig({ mode: "hub", env: base, flags: { API_KEY: "x".repeat(20) } })).toThrow(
      "--api-key does not apply to `weft hub`",
    );
    expect(() => loadConfig({ mode: "server", env: base, flags: { DATABASE_URL: "sqlite:x" } })).toThrow(
      "--database-url does not apply to `weft server`",
    );
  });
});

describe("AI provider base URLs", () => {
  test("default to the providers' public origins; a proxied path starts with the API version", () => {
    const s = loadConfig({ mode: "server", env: base }).server;
    expect(s?.aiBaseUrls).toEqual({
      openai: "https://api.openai.com",
      anthropic: "https://api.anthropic.com",
      gemini: "https://generativelanguage.googleapis.com",
      mistral: "https://api.mistral.ai",
    });
  });

  test("a setting points a provider elsewhere (a trailing slash dropped); flags win", () => {
    const s = loadConfig({
      mode: "all",
      env: { ...base, AI_OPENAI_BASE_URL: "http://127.0.0.1:9999/", AI_GEMINI_BASE_URL: "http://env.example" },
      flags: { AI_GEMINI_BASE_URL: "https://gw.example/gemini" },
    }).server;
    expect(s?.aiBaseUrls.openai).toBe("http://127.0.0.1:9999");
    expect(s?.aiBaseUrls.gemini).toBe("https://gw.example/gemini");
    expect(s?.aiBaseUrls.anthropic).toBe("https://api.anthropic.com");
  });

  test.each([
    ["not a URL", "api.openai.com", /expected an http/],
    ["another scheme", "ftp://api.example", /expected an http/],
    ["credentials", "https://user:pw@api.example", /without user:password@/],
    ["a query", "https://api.example/?key=abc", /\?query/],
    ["a fragment", "https://api.example/#x", /#fragment/],
  ])("refuses %s", (_name, value, message) => {
    expect(() => loadConfig({ mode: "server", env: { ...base, AI_MISTRAL_BASE_URL: value } })).toThrow(message);
    expect(() => loadConfig({ mode: "server", env: { ...base, AI_MISTRAL_BASE_URL: value } })).toThrow(
      /^AI_MISTRAL_BASE_URL \(--ai-mistral-base-url\)/,
    );
  });

  test("are Server settings: `weft hub` refuses their flags", () => {
    expect(() => loadConfig({ mode: "hub", env: base, flags: { AI_OPENAI_BASE_URL: "http://x" } })).toThrow(
      "--ai-openai-base-url does not apply to `weft hub`",
    );
  });
});
