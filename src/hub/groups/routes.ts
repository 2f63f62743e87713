import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import { ListQuery } from "../lists";
import { IdParam, NamedRefSchema } from "../named-schemas";
import { UserSchema } from "../users/schemas";
import {
  GrantParam,
  GroupCreateSchema,
  GroupGrantGroupsSchema,
  GroupListSchema,
  GroupSchema,
  GroupUpdateSchema,
  MemberAddSchema,
  MemberListSchema,
  MemberParam,
} from "./schemas";
import { groupsService } from "./service";

const tags = ["User groups"];
const security = [{ bearer: [] }];
const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const notFound = { 404: { description: "No such user group (or user, or grant group)" } };
const conflict = { 409: { description: "The name is taken, or the link exists" } };

/** `/groups`: auditors read; admins write. Grant groups are assigned from here only. */
export function groupsRoutes(deps: HubDeps) {
  const auditor = deps.guards.requireRole("auditor");
  const admin = deps.guards.requireRole("admin");
  const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ tags, security, ...r });
  const routes = {
    list: route({
      method: "get",
      path: "/groups",
      middleware: auditor,
      summary: "User groups, by name",
      request: { query: ListQuery },
      responses: { 200: { ...json(GroupListSchema), description: "OK" } },
    }),
    create: route({
      method: "post",
      path: "/groups",
      middleware: admin,
      summary: "Create a user group",
      request: { body: { ...json(GroupCreateSchema), required: true } },
      responses: { 201: { ...json(GroupSchema), description: "Created" }, ...conflict },
    }),
    get: route({
      method: "get",
      path: "/groups/{id}",
      middleware: auditor,
      summary: "One user group",
      request: { params: IdParam },
      responses: { 200: { ...json(GroupSchema), description: "OK" }, ...notFound },
    }),
    update: route({
      method: "patch",
      path: "/groups/{id}",
      middleware: admin,
      summary: "Rename or describe a user group",
      request: { params: IdParam, body: { ...json(GroupUpdateSchema), required: true } },
      responses: { 200: { ...json(GroupSchema), description: "OK" }, ...notFound, ...conflict },
    }),
    delete: route({
      method: "delete",
      path: "/groups/{id}",
      middleware: admin,
      summary: "Delete a user group (its memberships and assignments go with it)",
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...notFound },
    }),
    members: route({
      method: "get",
      path: "/groups/{id}/members",
      middleware: auditor,
      summary: "The group's members",
      request: { params: IdParam, query: ListQuery },
      responses: { 200: { ...json(MemberListSchema), description: "OK" }, ...notFound },
    }),
    addMember: route({
      method: "post",
      path: "/groups/{id}/members",
      middleware: admin,
      summary: "Add a member",
      request: { params: IdParam, body: { ...json(MemberAddSchema), required: true } },
      responses: { 201: { ...json(UserSchema), description: "Added" }, ...notFound, ...conflict },
    }),
    removeMember: route({
      method: "delete",
      path: "/groups/{id}/members/{user_id}",
      middleware: admin,
      summary: "Remove a member",
      request: { params: MemberParam },
      responses: { 204: { description: "Removed" }, ...notFound },
    }),
    grantGroups: route({
      method: "get",
      path: "/groups/{id}/grant-groups",
      middleware: auditor,
      summary: "Grant groups assigned to the user group",
      request: { params: IdParam, query: ListQuery },
      responses: { 200: { ...json(GroupGrantGroupsSchema), description: "OK" }, ...notFound },
    }),
    assign: route({
      method: "post",
      path: "/groups/{id}/grant-groups/{gg_id}",
      middleware: admin,
      summary: "Assign a grant group (its connections reach the members)",
      request: { params: GrantParam },
      responses: { 201: { ...json(NamedRefSchema), description: "Assigned" }, ...notFound, ...conflict },
    }),
    unassign: route({
      method: "delete",
      path: "/groups/{id}/grant-groups/{gg_id}",
      middleware: admin,
      summary: "Remove a grant group from the user group",
      request: { params: GrantParam },
      responses: { 204: { description: "Removed" }, ...notFound },
    }),
  };

  const service = groupsService(deps);
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
  app.openapi(routes.members, async (c) =>
    c.json(await service.members(c.req.valid("param").id, c.req.valid("query")), 200),
  );
  app.openapi(routes.addMember, async (c) =>
    c.json(await service.addMember(c.get("user"), c.req.valid("param").id, c.req.valid("json").user_id), 201),
  );
  app.openapi(routes.removeMember, async (c) => {
    const { id, user_id } = c.req.valid("param");
    await service.removeMember(c.get("user"), id, user_id);
    return c.body(null, 204);
  });
  app.openapi(routes.grantGroups, async (c) =>
    c.json(await service.grantGroups(c.req.valid("param").id, c.req.valid("query")), 200),
  );
  app.openapi(routes.assign, async (c) => {
    const { id, gg_id } = c.req.valid("param");
    return c.json(await service.assign(c.get("user"), id, gg_id), 201);
  });
  app.openapi(routes.unassign, async (c) => {
    const { id, gg_id } = c.req.valid("param");
    await service.unassign(c.get("user"), id, gg_id);
    return c.body(null, 204);
  });
  return app;
}
