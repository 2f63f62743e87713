import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Mode } from "../../src/cli/argv";
import { type Config, loadConfig } from "../../src/cli/config";
import type { ExecutorPool } from "../../src/engine/executor/pool";
import { createDailyLogWriter, type DailyLogWriter } from "../../src/http/middleware/daily-log-writer";
import { type AssetSource, folderAssets } from "../../src/http/static-assets";
import { composeWeftApp } from "../../src/http/weft-app";
import { startHub } from "../../src/hub/start";
import { startServer } from "../../src/server/start";
import { createLogger } from "../../src/shared/logger";

export interface TestApp {
  app: OpenAPIHono;
  config: Config;
  /** The home folder (a default root); the data directory is inside it, as by default. */
  home: string;
  dataDir: string;
  /** Every log line written, parsed. */
  logs: Record<string, unknown>[];
  audit: DailyLogWriter;
  /** The engine's executor pool (a Server mode only). */
  engine?: ExecutorPool;
  token?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  mode?: Mode;
  env?: Record<string, string>;
  token?: string;
  assets?: AssetSource;
}

/**
 * A whole Weft app, in process, over a fresh temporary home folder holding its data
 * directory (`<home>/weft-data`, not hidden, so listings show what the Server hides).
 */
export async function makeTestApp({ mode = "server", env = {}, token, assets }: TestAppOptions = {}): Promise<TestApp> {
  const home = mkdtempSync(join(tmpdir(), "weft-test-"));
  const dataDir = join(home, "weft-data");
  mkdirSync(dataDir);
  const config = loadConfig({ mode, env: { HOME: home, WEFT_DATA_DIR: dataDir, ...env } });
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ level: "debug", sink: (line) => logs.push(JSON.parse(line)) });
  const audit = createDailyLogWriter(join(dataDir, "logs"), "audit", (err) => {
    throw err;
  });
  const hub = config.hub ? await startHub(config.hub, { dataDir, logger }) : undefined;
  const serverToken =
    token ?? (config.server?.authMode === "static" ? config.server.apiKey : config.server ? "test-token" : undefined);
  const server = config.server
    ? startServer(config.server, {
        dataDir: config.dataDir,
        maxJsonDepth: config.maxJsonDepth,
        logger,
        token: serverToken,
      })
    : undefined;
  const app = composeWeftApp({
    settings: config,
    logger,
    auditWriter: audit,
    assets: assets ?? folderAssets(join(dataDir, "no-web-ui")),
    hub: hub?.app,
    server,
  });
  return {
    app,
    config,
    home,
    dataDir,
    logs,
    audit,
    engine: server?.engine,
    token: serverToken,
    close: async () => {
      await server?.stop();
      await audit.flush();
      await hub?.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** `Authorization: Bearer <token>` headers. */
export function bearer(token: string | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A JSON answer of the API, its body parsed. */
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
export type ApiAnswer = { status: number; body: any; text: string };

/** Calls `/api<path>` of a test app with its token, a JSON body if given, and parses the JSON answer. */
export async function callApi(t: TestApp, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const res = await t.app.request(`/api${path}`, {
    method,
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}
