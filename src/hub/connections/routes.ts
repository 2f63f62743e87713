import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import { type ConnectionChecker, createConnectionChecker } from "./probe";
import {
  CheckResultSchema,
  ConnectionAccessSchema,
  ConnectionCreateRequest,
  ConnectionIdParam,
  ConnectionListQuery,
  ConnectionListResponse,
  ConnectionSchema,
  ConnectionTestRequest,
  ConnectionUpdateRequest,
} from "./schemas";
import { createConnectionService } from "./service";
import type { CheckResult } from "./settings";

const tags = ["Connections"];
const security = [{ bearer: [] }];
const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const errors = {
  401: { description: "No valid session" },
  503: { description: "CONNECTION_ENCRYPTION_KEY is not the key the credentials were sealed with" },
};
const notFound = { 404: { description: "No such connection (or, for role user, none granted)" } };
const adminOnly = { 403: { description: "Needs the admin role" } };
const conflict = { 409: { description: "Another connection has this name (names are unique ignoring case)" } };
const byId = { params: ConnectionIdParam };

const checkAnswer = (r: CheckResult) => ({ ok: r.ok, latency_ms: r.latencyMs, ...(r.error ? { error: r.error } : {}) });

export interface ConnectionRoutesOptions {
  /** The connection check (real drivers by default; tests may pass one with a short timeout). */
  check?: ConnectionChecker;
}

/**
 * `/connections`: every role lists and reads (role `user` only what its grant chain reaches);
 * admins and owners write, test and check (hub.md "Connections").
 */
export function connectionRoutes(deps: HubDeps, { check = createConnectionChecker() }: ConnectionRoutesOptions = {}) {
  const { guards } = deps;
  const service = createConnectionService({ ...deps, check });
  const admin = guards.requireRole("admin");
  const auditor = guards.requireRole("auditor");
  const app = newApiApp<HubEnv>();

  app.openapi(
    createRoute({
      method: "get",
      path: "/connections",
      tags,
      security,
      summary: "List connections (role user: only those granted through a user group's grant groups)",
      request: { query: ConnectionListQuery },
      responses: { 200: { ...json(ConnectionListResponse), description: "OK" }, ...errors },
    }),
    async (c) => c.json(await service.list(c.get("user"), c.req.valid("query")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/connections",
      middleware: [admin],
      tags,
      security,
      summary: "Create a connection; its password and options are stored encrypted and never returned",
      request: { body: { ...json(ConnectionCreateRequest), required: true } },
      responses: { 201: { ...json(ConnectionSchema), description: "Created" }, ...adminOnly, ...conflict, ...errors },
    }),
    async (c) => c.json(await service.create(c.get("user"), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/connections/test",
      middleware: [admin],
      tags,
      security,
      summary: "Check unsaved settings with the real driver (nothing is stored); a failure is ok: false",
      request: { body: { ...json(ConnectionTestRequest), required: true } },
      responses: { 200: { ...json(CheckResultSchema), description: "The outcome" }, ...adminOnly, ...errors },
    }),
    async (c) => c.json(checkAnswer(await service.test(c.get("user"), c.req.valid("json"))), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/connections/{id}",
      tags,
      security,
      summary: "One connection (role user: 404 unless granted, so ids do not leak)",
      request: byId,
      responses: { 200: { ...json(ConnectionSchema), description: "OK" }, ...notFound, ...errors },
    }),
    async (c) => c.json(await service.get(c.get("user"), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/connections/{id}",
      middleware: [admin],
      tags,
      security,
      summary: "Change a connection; a password may be replaced (or removed with null), never read",
      request: { ...byId, body: { ...json(ConnectionUpdateRequest), required: true } },
      responses: {
        200: { ...json(ConnectionSchema), description: "OK" },
        ...adminOnly,
        ...notFound,
        ...conflict,
        ...errors,
      },
    }),
    async (c) => c.json(await service.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/connections/{id}",
      middleware: [admin],
      tags,
      security,
      summary: "Delete a connection; it leaves every grant group that held it",
      request: byId,
      responses: { 204: { description: "Deleted" }, ...adminOnly, ...notFound, ...errors },
    }),
    async (c) => {
      await service.remove(c.get("user"), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/connections/{id}/access",
      middleware: [auditor],
      tags,
      security,
      summary: "Who can reach this connection: grant groups, user groups and users, with each path",
      request: byId,
      responses: {
        200: { ...json(ConnectionAccessSchema), description: "OK" },
        403: { description: "Needs the auditor role" },
        ...notFound,
        ...errors,
      },
    }),
    async (c) => c.json(await service.access(c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/connections/{id}/check",
      middleware: [admin],
      tags,
      security,
      summary: "Check a stored connection now and record its health; a failure is ok: false",
      request: byId,
      responses: {
        200: { ...json(CheckResultSchema), description: "The outcome" },
        ...adminOnly,
        ...notFound,
        ...errors,
      },
    }),
    async (c) => c.json(checkAnswer(await service.check(c.get("user"), c.req.valid("param").id)), 200),
  );

  return app;
}
