import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import {
  ServerCreatedResponse,
  ServerCreateRequest,
  ServerGroupsRequest,
  ServerGroupsResponse,
  ServerIdParam,
  ServerListQuery,
  ServerListResponse,
  ServerSchema,
} from "./schemas";
import { createServersService } from "./service";

const tags = ["Servers"];
const security = [{ bearer: [] }];
const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const notFound = { 404: { description: "No Server with this id" } };
const params = { params: ServerIdParam };

/** The service the Server routes use, over the Hub's deps. */
export function serversServiceOf(deps: HubDeps) {
  return createServersService({
    database: deps.database,
    audit: deps.audit,
    clock: deps.clock,
    intervalMs: deps.config.serverPollIntervalSeconds * 1000,
  });
}

/**
 * Registered Servers (hub.md "Servers"): auditors and above read, admins write. A Server's
 * own registration (`POST /servers/register`, by the shared secret) is in
 * register-routes.ts, mounted before the session guard.
 */
export function serverRoutes(deps: HubDeps) {
  const service = serversServiceOf(deps);
  const auditor = [deps.guards.requireRole("auditor")];
  const admin = [deps.guards.requireRole("admin")];
  const app = newApiApp<HubEnv>();

  const list = createRoute({
    method: "get",
    path: "/servers",
    tags,
    security,
    middleware: auditor,
    summary: "Registered Servers with their status and load",
    request: { query: ServerListQuery },
    responses: { 200: { ...json(ServerListResponse), description: "OK" } },
  });
  app.openapi(list, async (c) => c.json(await service.list(c.req.valid("query")), 200));

  const create = createRoute({
    method: "post",
    path: "/servers",
    tags,
    security,
    middleware: admin,
    summary: "Add a Server by hand; its auth_token is in this answer only",
    request: { body: { ...json(ServerCreateRequest), required: true } },
    responses: {
      201: { ...json(ServerCreatedResponse), description: "Created" },
      409: { description: "A Server with this name exists" },
    },
  });
  app.openapi(create, async (c) => c.json(await service.create(c.get("user"), c.req.valid("json")), 201));

  const get = createRoute({
    method: "get",
    path: "/servers/{id}",
    tags,
    security,
    middleware: auditor,
    summary: "One Server",
    request: params,
    responses: { 200: { ...json(ServerSchema), description: "OK" }, ...notFound },
  });
  app.openapi(get, async (c) => c.json(await service.get(c.req.valid("param").id), 200));

  const refresh = createRoute({
    method: "post",
    path: "/servers/{id}/refresh",
    tags,
    security,
    middleware: admin,
    summary: "Poll the Server's health now",
    request: params,
    responses: {
      200: { ...json(ServerSchema), description: "The Server after the poll" },
      409: { description: "The Server is revoked" },
      ...notFound,
    },
  });
  app.openapi(refresh, async (c) => c.json(await service.refresh(c.get("user"), c.req.valid("param").id), 200));

  const getGroups = createRoute({
    method: "get",
    path: "/servers/{id}/groups",
    tags,
    security,
    middleware: auditor,
    summary: "The user groups that may use the Server (none: everyone)",
    request: params,
    responses: { 200: { ...json(ServerGroupsResponse), description: "OK" }, ...notFound },
  });
  app.openapi(getGroups, async (c) => c.json(await service.groups(c.req.valid("param").id), 200));

  const putGroups = createRoute({
    method: "put",
    path: "/servers/{id}/groups",
    tags,
    security,
    middleware: admin,
    summary: "Set which user groups may use the Server (an empty list: everyone)",
    request: { ...params, body: { ...json(ServerGroupsRequest), required: true } },
    responses: {
      200: { ...json(ServerGroupsResponse), description: "OK" },
      400: { description: "An unknown group id" },
      ...notFound,
    },
  });
  app.openapi(putGroups, async (c) =>
    c.json(await service.setGroups(c.get("user"), c.req.valid("param").id, c.req.valid("json").group_ids), 200),
  );

  const revoke = createRoute({
    method: "post",
    path: "/servers/{id}/revoke",
    tags,
    security,
    middleware: admin,
    summary: "Revoke the Server's auth_token (401 for it from now on)",
    request: params,
    responses: {
      200: { ...json(ServerSchema), description: "Revoked" },
      409: { description: "Already revoked" },
      ...notFound,
    },
  });
  app.openapi(revoke, async (c) => c.json(await service.revoke(c.get("user"), c.req.valid("param").id), 200));

  const remove = createRoute({
    method: "delete",
    path: "/servers/{id}",
    tags,
    security,
    middleware: admin,
    summary: "Remove the Server (its group list and capability tokens go with it)",
    request: params,
    responses: { 204: { description: "Deleted" }, ...notFound },
  });
  app.openapi(remove, async (c) => {
    await service.remove(c.get("user"), c.req.valid("param").id);
    return c.body(null, 204);
  });

  return app;
}
