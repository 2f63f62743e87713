import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { sqliteUri } from "../../formats/db/sqlite";
import { newApiApp } from "../../http/openapi-app";
import { FeatureDisabledError } from "../../shared/errors";
import { type FileAccessPolicy, locateUserPath } from "../../shared/file-access";
import { checkDatabaseUri, checkOutboundHost, defaultDatabasePort, type HostRule } from "../../shared/outbound-hosts";
import {
  ConnectionCreateRequest,
  ConnectionIdParam,
  ConnectionSchema,
  ConnectionStatusResponse,
  ConnectionTestResponse,
  ConnectionUpdateRequest,
} from "../schemas/connections";
import type { ConnectionStore, ConnectionType } from "../services/connection-store";
import { createConnectionTester, scrubCredentials, type TestConnection } from "../services/connection-test";

export interface ConnectionsDeps {
  /** The store; undefined when CONNECTION_ENCRYPTION_KEY is not set (every route is then 503). */
  store: ConnectionStore | undefined;
  /** Tests a connection URI; the real one (connection-test.ts) by default. */
  testConnection?: TestConnection;
  /** When given, a SQLite connection's file must be readable under this policy (403 otherwise). */
  fileAccess?: FileAccessPolicy;
  /** OUTBOUND_HOSTS: when set, a connection to any other host is refused (on save and on test). */
  outboundHosts?: readonly HostRule[];
}

const tags = ["Connections"];
const security = [{ bearer: [] }];
const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const disabled = { 503: { description: "CONNECTION_ENCRYPTION_KEY is not set, or is not the store's key" } };
const notFound = { 404: { description: "No connection with this id" } };
const idParams = { params: ConnectionIdParam };

const routes = {
  status: createRoute({
    method: "get",
    path: "/connections/status",
    tags,
    security,
    summary: "Whether server-managed connections are enabled, and how many there are",
    responses: { 200: { ...json(ConnectionStatusResponse), description: "OK" }, ...disabled },
  }),
  list: createRoute({
    method: "get",
    path: "/connections/",
    tags,
    security,
    summary: "Every server-managed connection (never its credentials)",
    responses: { 200: { ...json(ConnectionSchema.array()), description: "OK" }, ...disabled },
  }),
  get: createRoute({
    method: "get",
    path: "/connections/{connection_id}",
    tags,
    security,
    summary: "One connection",
    request: idParams,
    responses: { 200: { ...json(ConnectionSchema), description: "OK" }, ...notFound, ...disabled },
  }),
  create: createRoute({
    method: "post",
    path: "/connections/",
    tags,
    security,
    summary: "Store a connection; its username and password are encrypted",
    request: { body: { ...json(ConnectionCreateRequest), required: true } },
    responses: {
      201: { ...json(ConnectionSchema), description: "Created" },
      409: { description: "A connection with this name exists" },
      ...disabled,
    },
  }),
  update: createRoute({
    method: "put",
    path: "/connections/{connection_id}",
    tags,
    security,
    summary: "Change a connection; a blank username or password keeps the stored one",
    request: { ...idParams, body: { ...json(ConnectionUpdateRequest), required: true } },
    responses: {
      200: { ...json(ConnectionSchema), description: "OK" },
      409: { description: "Another connection has this name" },
      ...notFound,
      ...disabled,
    },
  }),
  delete: createRoute({
    method: "delete",
    path: "/connections/{connection_id}",
    tags,
    security,
    summary: "Remove a connection",
    request: idParams,
    responses: { 204: { description: "Deleted" }, ...notFound, ...disabled },
  }),
  test: createRoute({
    method: "post",
    path: "/connections/{connection_id}/test",
    tags,
    security,
    summary: "Connect and run SELECT 1; a failure is success: false with the credentials removed",
    request: idParams,
    responses: { 200: { ...json(ConnectionTestResponse), description: "The outcome" }, ...notFound, ...disabled },
  }),
};

/**
 * The server-managed connection routes (docs/server-api.md "Connections"; deprecated in favour of Hub
 * connections). Credentials go in on create and update and never come out: they are only
 * decrypted to build the URI that a test (or, later, the connection resolver) uses.
 */
export function connectionsRoutes({
  store,
  testConnection = createConnectionTester(),
  fileAccess,
  outboundHosts,
}: ConnectionsDeps) {
  const app = newApiApp();
  // Before any route, so that status and unknown sub-paths are 503 too while disabled.
  app.use("/connections", requireStore(store));
  app.use("/connections/*", requireStore(store));
  const enabled = (): ConnectionStore => store as ConnectionStore; // requireStore ran first
  /**
   * A SQLite file's real path under the policy (403 outside the roots), marked immutable in a
   * read-only root (sqliteUri); other URIs as they are.
   */
  const checkSqlite = (type: ConnectionType, path: string): string => {
    if (type !== "sqlite" || !fileAccess) return path;
    const located = locateUserPath(fileAccess, path, "read");
    return sqliteUri(located.path, located.readOnly);
  };
  /** A server's host and port must be allowed by OUTBOUND_HOSTS, so one is not saved to fail later. */
  const checkHost = (type: ConnectionType, host: string | undefined, port: number | undefined): void => {
    if (type === "sqlite") return;
    checkOutboundHost(outboundHosts, host || "localhost", port ?? defaultDatabasePort(type), "Connection");
  };

  app.openapi(routes.status, (c) => c.json({ enabled: true, connectionCount: enabled().count() }, 200));
  app.openapi(routes.list, (c) => c.json(enabled().list(), 200));
  app.openapi(routes.get, (c) => c.json(enabled().get(c.req.valid("param").connection_id), 200));
  app.openapi(routes.create, (c) => {
    const body = c.req.valid("json");
    checkSqlite(body.type, body.database);
    checkHost(body.type, body.host, body.port);
    return c.json(enabled().create(body), 201);
  });
  app.openapi(routes.update, (c) => {
    const id = c.req.valid("param").connection_id;
    const body = c.req.valid("json");
    const current = enabled().get(id);
    checkSqlite(body.type ?? current.type, body.database ?? current.database);
    checkHost(body.type ?? current.type, body.host ?? current.host, body.port ?? current.port);
    return c.json(enabled().update(id, body), 200);
  });
  app.openapi(routes.delete, (c) => {
    enabled().delete(c.req.valid("param").connection_id);
    return c.body(null, 204);
  });
  app.openapi(routes.test, async (c) => {
    const connection = enabled().get(c.req.valid("param").connection_id);
    const uri = enabled().uriFor(connection.id);
    checkDatabaseUri(outboundHosts, connection.type, uri, `Connection "${connection.id}"`);
    const result = await testConnection(checkSqlite(connection.type, uri), connection.type);
    // Scrubbed here too: the injected tester may be any implementation.
    return c.json({ ...result, message: scrubCredentials(result.message, uri) }, 200);
  });
  // Without the trailing slash too, for clients that drop it; not documented twice.
  app.get("/connections", (c) => c.json(enabled().list(), 200));
  return app;
}

function requireStore(store: ConnectionStore | undefined): MiddlewareHandler {
  return async function requireConnectionStore(_c, next) {
    if (!store) {
      throw new FeatureDisabledError(
        "Server-managed connections are disabled: set CONNECTION_ENCRYPTION_KEY to enable /api/connections",
      );
    }
    await next();
  };
}
