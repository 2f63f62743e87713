import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { PayloadTooLargeError } from "../shared/errors";
import type { Logger } from "../shared/logger";
import { WEFT_VERSION } from "../shared/version";
import { mountDocs } from "./docs";
import { createErrorHandler } from "./error-handler";
import { auditLog } from "./middleware/audit-log";
import type { DailyLogWriter } from "./middleware/daily-log-writer";
import { jsonDepthLimit } from "./middleware/json-depth";
import { rateLimit } from "./middleware/rate-limit";
import { apiNotFound, isApiPath } from "./not-found";
import { newApiApp } from "./openapi-app";
import { type AssetSource, serveAsset } from "./static-assets";

/** The settings the whole HTTP application reads (the process's settings have them). */
export interface HttpSettings {
  corsOrigins: string[];
  maxRequestBodyBytes: number;
  /** MAX_JSON_DEPTH: deepest nesting of a JSON request body. */
  maxJsonDepth: number;
  rateLimit: { enabled: boolean; perMinute: number };
}

export interface WeftAppParts<HubEnv extends Env = Env> {
  settings: HttpSettings;
  logger: Logger;
  auditWriter: DailyLogWriter;
  assets: AssetSource;
  /** The Hub's routes (hub/start.ts), mounted under `/api/v1`. */
  hub?: OpenAPIHono<HubEnv>;
  /**
   * The Server's routes behind its authentication (server/start.ts), mounted under `/api`;
   * in hub mode its link to the Hub, whose dispatch key the rate limit verifies with.
   */
  server?: { app: OpenAPIHono; authMode: string; hub?: { dispatchKey(): CryptoKey | undefined } };
}

const HUB_PREFIX = "/api/v1";
const isHubPath = (path: string) => path === HUB_PREFIX || path.startsWith(`${HUB_PREFIX}/`);
const isWorkflowPath = (path: string) => path.startsWith("/api/workflow/");

/**
 * The whole HTTP application of one process: the Server under `/api`, the Hub under
 * `/api/v1` (either or both, by mode), the API docs, and the web UI at `/`.
 * Middleware, outermost first: audit log, rate limiting, CORS, body limit, then each app's
 * own (the Server's authentication, then the JSON depth limit; the Hub's depth limit).
 * The spec lists rate limiting first; the audit log wraps it so that a refused request (429)
 * has its line too (one line per request), and rate limiting is still the first check.
 * The Hub is mounted before the Server: a Hub route answers before the Server's
 * authentication, which Hono runs for every `/api/*` path registered after it.
 */
export function composeWeftApp<HubEnv extends Env>({
  settings,
  logger,
  auditWriter,
  assets,
  hub,
  server,
}: WeftAppParts<HubEnv>): OpenAPIHono {
  const app = newApiApp();
  app.onError(createErrorHandler(logger));
  // Unknown API routes are JSON 404s; any other GET is the web UI (its router owns the path).
  app.notFound((c) =>
    isApiPath(c.req.path) || (c.req.method !== "GET" && c.req.method !== "HEAD")
      ? apiNotFound(c)
      : serveAsset(c, assets),
  );

  app.use(
    "*",
    auditLog({
      writer: auditWriter,
      authOf: (path) => (isHubPath(path) ? "hub-session" : server ? server.authMode : "none"),
    }),
  );
  if (settings.rateLimit.enabled) {
    app.use(
      "*",
      rateLimit({
        perMinute: settings.rateLimit.perMinute,
        applies: isWorkflowPath,
        // The Hub's signed dispatches are counted apart from its address (rate-limit.ts).
        hubDispatchKey: server?.hub ? () => server.hub?.dispatchKey() : undefined,
      }),
    );
  }
  if (settings.corsOrigins.length > 0) {
    app.use(
      "/api/*",
      cors({
        origin: settings.corsOrigins,
        allowHeaders: ["Authorization", "Content-Type", "X-Weft-Token"],
        maxAge: 600,
      }),
    );
  }
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: settings.maxRequestBodyBytes,
      onError: () => {
        throw new PayloadTooLargeError(`Request body larger than ${settings.maxRequestBodyBytes} bytes`);
      },
    }),
  );

  if (hub) {
    // The Hub's login is public, so its depth limit comes first.
    app.use(`${HUB_PREFIX}/*`, jsonDepthLimit(settings.maxJsonDepth));
    app.route(HUB_PREFIX, hub);
  }
  if (server) app.route("/api", server.app);

  const surfaces = [server && "the Server (/api)", hub && "the Hub (/api/v1)"].filter(Boolean).join(" and ");
  mountDocs(app, { title: "Weft", version: WEFT_VERSION, description: `The HTTP API of ${surfaces}.` });
  return app;
}
