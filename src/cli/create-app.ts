import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { DbHandle } from "../db/client";
import { clearWorkflowCache } from "../engine/cache/clear-workflow";
import type { ExecutorPool } from "../engine/executor/pool";
import { mountDocs } from "../http/docs";
import { createErrorHandler } from "../http/error-handler";
import { auditLog } from "../http/middleware/audit-log";
import type { DailyLogWriter } from "../http/middleware/daily-log-writer";
import { jsonDepthLimit } from "../http/middleware/json-depth";
import { rateLimit } from "../http/middleware/rate-limit";
import { apiNotFound, isApiPath } from "../http/not-found";
import { newApiApp } from "../http/openapi-app";
import { type AssetSource, serveAsset } from "../http/static-assets";
import { createHubApp } from "../hub/app";
import { buildHubDeps } from "../hub/deps";
import { createServerApp } from "../server/app";
import { serverAuth } from "../server/middleware/auth";
import { archiveRoot, createArchive } from "../server/services/archive";
import { openConnectionStore } from "../server/services/connection-store";
import { PayloadTooLargeError } from "../shared/errors";
import type { Logger } from "../shared/logger";
import { WEFT_VERSION } from "../shared/version";
import type { Config } from "./config";

export interface AppDeps {
  config: Config;
  logger: Logger;
  auditWriter: DailyLogWriter;
  assets: AssetSource;
  /** The Server's bearer token (ephemeral or static mode). */
  serverToken?: string;
  /** The Hub's database, open and migrated; required when the config runs a Hub. */
  db?: DbHandle;
  /** The engine's executor processes; required when the config runs a Server. */
  engine?: ExecutorPool;
}

const HUB_PREFIX = "/api/v1";
const isHubPath = (path: string) => path === HUB_PREFIX || path.startsWith(`${HUB_PREFIX}/`);
const isWorkflowPath = (path: string) => path.startsWith("/api/workflow/");

/**
 * The whole HTTP application of one process: the Server under `/api`, the Hub under
 * `/api/v1` (either or both, by mode), the API docs, and the web UI at `/`.
 * Middleware, outermost first: audit log, rate limiting, CORS, body limit, authentication, JSON depth.
 * The spec lists rate limiting first; the audit log wraps it so that a refused request (429)
 * has its line too (one line per request), and rate limiting is still the first check.
 */
export function createWeftApp({ config, logger, auditWriter, assets, serverToken, db, engine }: AppDeps): OpenAPIHono {
  const app = newApiApp();
  app.onError(createErrorHandler(logger));
  // Unknown API routes are JSON 404s; any other GET is the web UI (its router owns the path).
  app.notFound((c) =>
    isApiPath(c.req.path) || (c.req.method !== "GET" && c.req.method !== "HEAD")
      ? apiNotFound(c)
      : serveAsset(c, assets),
  );

  const server = config.server;
  app.use(
    "*",
    auditLog({
      writer: auditWriter,
      authOf: (path) => (isHubPath(path) ? "hub-session" : server ? server.authMode : "none"),
    }),
  );
  if (config.rateLimit.enabled) {
    app.use("*", rateLimit({ perMinute: config.rateLimit.perMinute, applies: isWorkflowPath }));
  }
  if (config.corsOrigins.length > 0) {
    app.use(
      "/api/*",
      cors({
        origin: config.corsOrigins,
        allowHeaders: ["Authorization", "Content-Type", "X-Weft-Token"],
        maxAge: 600,
      }),
    );
  }
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: config.maxRequestBodyBytes,
      onError: () => {
        throw new PayloadTooLargeError(`Request body larger than ${config.maxRequestBodyBytes} bytes`);
      },
    }),
  );
  // After authentication, so a stranger's body is never read; the Hub's login is public.
  const depthLimit = jsonDepthLimit(config.maxJsonDepth);

  if (config.hub) {
    if (!db) throw new Error("a Hub needs its database");
    app.use(`${HUB_PREFIX}/*`, depthLimit);
    app.route(HUB_PREFIX, createHubApp(buildHubDeps({ config: config.hub, db, logger, dataDir: config.dataDir })));
  }
  if (server) {
    if (!engine) throw new Error("a Server needs its engine");
    const cacheRoot = join(config.dataDir, "cache");
    app.use("/api/*", serverAuth({ mode: server.authMode, token: serverToken }));
    app.use("/api/*", depthLimit);
    app.route(
      "/api",
      createServerApp({
        config: server,
        engine,
        dataDir: config.dataDir,
        clearCache: (id) => clearWorkflowCache(cacheRoot, id),
        cacheRoot,
        archive: createArchive({ root: archiveRoot(config.dataDir), ...server.archive, logger }),
        connections: openConnectionStore(config.dataDir, server.connectionEncryptionKey),
        maxJsonDepth: config.maxJsonDepth,
        logger,
      }),
    );
  }

  const surfaces = [server && "the Server (/api)", config.hub && "the Hub (/api/v1)"].filter(Boolean).join(" and ");
  mountDocs(app, { title: "Weft", version: WEFT_VERSION, description: `The HTTP API of ${surfaces}.` });
  return app;
}
