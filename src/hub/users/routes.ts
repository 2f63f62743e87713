import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import { ListQuery } from "../lists";
import {
  UserCreateSchema,
  UserGroupsSchema,
  UserIdParam,
  UserListSchema,
  UserSchema,
  UserUpdateSchema,
} from "./schemas";
import { usersService } from "./service";

const tags = ["Users"];
const security = [{ bearer: [] }];
const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const refused = {
  400: { description: "Invalid body (e.g. a password under 12 characters)" },
  403: { description: "The role rules refuse it" },
};
const notFound = { 404: { description: "No user with this id" } };

/** `/users`: auditors read, admins and owners write within the role rules (decisions.md). */
export function usersRoutes(deps: HubDeps) {
  const { guards } = deps;
  const auditor = guards.requireRole("auditor");
  const admin = guards.requireRole("admin");
  const routes = {
    list: createRoute({
      method: "get",
      path: "/users",
      tags,
      security,
      middleware: auditor,
      summary: "Accounts, by username (auditor and above)",
      request: { query: ListQuery },
      responses: { 200: { ...json(UserListSchema), description: "OK" } },
    }),
    create: createRoute({
      method: "post",
      path: "/users",
      tags,
      security,
      middleware: admin,
      summary: "Create an account (only an owner creates owners and admins)",
      request: { body: { ...json(UserCreateSchema), required: true } },
      responses: {
        201: { ...json(UserSchema), description: "Created" },
        409: { description: "The username is taken" },
        ...refused,
      },
    }),
    get: createRoute({
      method: "get",
      path: "/users/{id}",
      tags,
      security,
      middleware: auditor,
      summary: "One account (auditor and above)",
      request: { params: UserIdParam },
      responses: { 200: { ...json(UserSchema), description: "OK" }, ...notFound },
    }),
    update: createRoute({
      method: "patch",
      path: "/users/{id}",
      tags,
      security,
      middleware: admin,
      summary: "Change an account's email, role or password (a reset ends its sessions)",
      request: { params: UserIdParam, body: { ...json(UserUpdateSchema), required: true } },
      responses: {
        200: { ...json(UserSchema), description: "OK" },
        409: { description: "It would leave no owner" },
        ...refused,
        ...notFound,
      },
    }),
    delete: createRoute({
      method: "delete",
      path: "/users/{id}",
      tags,
      security,
      middleware: admin,
      summary: "Delete an account: its sessions end; its workflows stay, without an owner",
      request: { params: UserIdParam },
      responses: {
        204: { description: "Deleted" },
        409: { description: "It is the last owner" },
        ...refused,
        ...notFound,
      },
    }),
    groups: createRoute({
      method: "get",
      path: "/users/{id}/groups",
      tags,
      security,
      middleware: auditor,
      summary: "The user groups the account belongs to (auditor and above)",
      request: { params: UserIdParam, query: ListQuery },
      responses: { 200: { ...json(UserGroupsSchema), description: "OK" }, ...notFound },
    }),
  };

  const service = usersService(deps);
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
  app.openapi(routes.groups, async (c) =>
    c.json(await service.groups(c.req.valid("param").id, c.req.valid("query")), 200),
  );
  return app;
}
