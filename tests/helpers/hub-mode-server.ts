import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { loadConfig } from "../../src/cli/config";
import { createErrorHandler } from "../../src/http/error-handler";
import { type StartedServer, startServer } from "../../src/server/start";
import { createLogger } from "../../src/shared/logger";
import type { HubTestApp } from "./api-scenario";

/** A Server in hub mode, in this process, whose Hub is a test Hub app (reached through its fetch). */
export interface HubModeServer {
  server: StartedServer;
  /** `path` starts with /api; `token` is a capability token (none: no header). */
  request(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** Every Hub request the Server sent, with its body text: no credential may be in one. */
  sentToHub: { path: string; body: string }[];
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * Starts a Server with AUTH_MODE=hub whose HUB_URL is the test Hub: its requests to the Hub
 * go to the Hub app's own fetch (the same routes a separate Server calls over the network).
 */
export async function startHubModeServer(
  hub: HubTestApp,
  {
    secret,
    name = "test-server",
    env = {},
    reachable = () => true,
  }: {
    secret: string;
    name?: string;
    env?: Record<string, string>;
    /** false: the Hub's fetch fails as an unreachable host's would (a Hub still starting or down). */
    reachable?: () => boolean;
  },
): Promise<HubModeServer> {
  const home = mkdtempSync(join(tmpdir(), "weft-hubmode-"));
  const dataDir = join(home, "weft-data");
  mkdirSync(dataDir);
  const config = loadConfig({
    mode: "server",
    env: {
      HOME: home,
      WEFT_DATA_DIR: dataDir,
      AUTH_MODE: "hub",
      HUB_URL: "http://hub.test",
      HUB_SERVER_TOKEN: secret,
      SERVER_NAME: name,
      SERVER_ENDPOINT: "http://127.0.0.1:1",
      ENGINE_PROCESSES: "1",
      ...env,
    },
  });
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ level: "debug", sink: (line) => logs.push(JSON.parse(line)) });
  const sentToHub: HubModeServer["sentToHub"] = [];
  const server = startServer(config.server as NonNullable<typeof config.server>, {
    dataDir,
    maxJsonDepth: config.maxJsonDepth,
    logger,
    hubFetch: async (request) => {
      if (!reachable()) throw new TypeError("Unable to connect. Is the computer able to access the url?");
      const body = await request.clone().text();
      sentToHub.push({ path: new URL(request.url).pathname, body });
      return hub.app.fetch(request);
    },
  });
  const app = new Hono();
  app.onError(createErrorHandler(logger));
  app.route("/api", server.app);
  return {
    server,
    sentToHub,
    logs,
    request: async (method, path, token, body, extra = {}) => {
      const headers: Record<string, string> = { ...extra };
      if (token !== undefined) headers.Authorization = `Bearer ${token}`;
      if (body !== undefined) headers["Content-Type"] = "application/json";
      return await app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    },
    close: () => server.stop(),
  };
}
