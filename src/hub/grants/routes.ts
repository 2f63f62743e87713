import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import { ListQuery } from "../lists";
import { IdParam } from "../named-schemas";
import {
  ConnectionParam,
  ConnectionRefSchema,
  GrantGroupCreateSchema,
  GrantGroupDetailSchema,
  GrantGroupListSchema,
  GrantGroupSchema,
  GrantGroupUpdateSchema,
  GrantGroupUserGroupsSchema,
} from "./schemas";
import { grantsService } from "./service";

const tags = ["Grant groups"];
const security = [{ bearer: [] }];
const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const notFound = { 404: { description: "No such grant group (or connection)" } };
const conflict = { 409: { description: "The name is taken, or the connection is already in it" } };

/**
 * `/grant-groups` (hub.md "Grant-group routes"): auditors read, admins write. The user groups
 * holding one are read-only here; there is no POST under /grant-groups/{id}/user-groups.
 */
export function grantsRoutes(deps: HubDeps) {
  const auditor = deps.guards.requireRole("auditor");
  const admin = deps.guards.requireRole("admin");
  const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ tags, security, ...r });
  const routes = {
    list: route({
      method: "get",
      path: "/grant-groups",
      middleware: auditor,
      summary: "List grant groups",
      request: { query: ListQuery },
      responses: { 200: { ...json(GrantGroupListSchema), description: "OK" } },
    }),
    create: route({
      method: "post",
      path: "/grant-groups",
      middleware: admin,
      summary: "Create a grant group",
      request: { body: { ...json(GrantGroupCreateSchema), required: true } },
      responses: { 201: { ...json(GrantGroupSchema), description: "Created" }, ...conflict },
    }),
    get: route({
      method: "get",
      path: "/grant-groups/{id}",
      middleware: auditor,
      summary: "One grant group with its connections and user groups",
      request: { params: IdParam },
      responses: { 200: { ...json(GrantGroupDetailSchema), description: "OK" }, ...notFound },
    }),
    update: route({
      method: "patch",
      path: "/grant-groups/{id}",
      middleware: admin,
      summary: "Update",
      request: { params: IdParam, body: { ...json(GrantGroupUpdateSchema), required: true } },
      responses: { 200: { ...json(GrantGroupSchema), description: "OK" }, ...notFound, ...conflict },
    }),
    delete: route({
      method: "delete",
      path: "/grant-groups/{id}",
      middleware: admin,
      summary: "Delete (its connection grants and assignments go with it)",
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...notFound },
    }),
    addConnection: route({
      method: "post",
      path: "/grant-groups/{id}/connections/{conn_id}",
      middleware: admin,
      summary: "Add a connection",
      request: { params: ConnectionParam },
      responses: { 201: { ...json(ConnectionRefSchema), description: "Added" }, ...notFound, ...conflict },
    }),
    removeConnection: route({
      method: "delete",
      path: "/grant-groups/{id}/connections/{conn_id}",
      middleware: admin,
      summary: "Remove a connection",
      request: { params: ConnectionParam },
      responses: { 204: { description: "Removed" }, ...notFound },
    }),
    userGroups: route({
      method: "get",
      path: "/grant-groups/{id}/user-groups",
      middleware: auditor,
      summary: "User groups holding this grant group (read-only: assign from /groups/{id}/grant-groups)",
      request: { params: IdParam, query: ListQuery },
      responses: { 200: { ...json(GrantGroupUserGroupsSchema), description: "OK" }, ...notFound },
    }),
  };

  const service = grantsService(deps);
  const app = newApiApp<HubEnv>();
  app.openapi(routes.list, async (c) => c.json(await service.list(c.req.valid("query")), 200));
  app.openapi(routes.create, async (c) => c.json(await service.create(c.get("user"), c.req.valid("json")), 201));
  app.openapi(routes.get, async (c) => c.json(await service.get(c.req.valid("param").id), 200));
  app.openapi(routes.update, async (c) =>
    c.json(await service.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(routes.delete, async (c) => {
    await service.delete(c.get("user"), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(routes.addConnection, async (c) => {
    const { id, conn_id } = c.req.valid("param");
    return c.json(await service.addConnection(c.get("user"), id, conn_id), 201);
  });
  app.openapi(routes.removeConnection, async (c) => {
    const { id, conn_id } = c.req.valid("param");
    await service.removeConnection(c.get("user"), id, conn_id);
    return c.body(null, 204);
  });
  app.openapi(routes.userGroups, async (c) =>
    c.json(await service.userGroups(c.req.valid("param").id, c.req.valid("query")), 200),
  );
  return app;
}
