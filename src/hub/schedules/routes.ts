import { createRoute } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import { ExecutionSummarySchema } from "../executions/schemas";
import type { HubEnv } from "../guards";
import {
  CreateScheduleBody,
  IdParam,
  ScheduleListQuery,
  ScheduleListSchema,
  ScheduleSchema,
  UpdateScheduleBody,
} from "./schemas";
import { createScheduleService } from "./service";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const body = <T>(schema: T) => ({ body: { ...json(schema), required: true } });
const tags = ["Schedules"];
const security = [{ bearer: [] }];
const hidden = { description: "No such schedule, or one the caller may not see (the same answer)" };
const notYours = { description: "Visible, but only its owner or an admin may do this (audited)" };
const invalid = { description: "The cron, the time zone or the revision is not valid (named in `detail`)" };

const routes = {
  create: createRoute({
    method: "post",
    path: "/schedules",
    tags,
    security,
    summary: "Schedule a workflow the caller may run (its owner, or an admin); the caller owns the schedule",
    request: body(CreateScheduleBody),
    responses: {
      201: { ...json(ScheduleSchema), description: "Created, with its next five occurrences" },
      400: invalid,
      403: { description: "The caller sees the workflow but may not run it (audited)" },
      404: { description: "No such workflow, or one the caller may not see" },
    },
  }),
  list: createRoute({
    method: "get",
    path: "/schedules",
    tags,
    security,
    summary: "List schedules: the caller's own for role user, everyone's for auditors and above",
    request: { query: ScheduleListQuery },
    responses: { 200: { ...json(ScheduleListSchema), description: "Newest first" } },
  }),
  get: createRoute({
    method: "get",
    path: "/schedules/{id}",
    tags,
    security,
    summary: "A schedule with its next five occurrences (its owner, auditors and above)",
    request: { params: IdParam },
    responses: { 200: { ...json(ScheduleSchema), description: "OK" }, 404: hidden },
  }),
  update: createRoute({
    method: "patch",
    path: "/schedules/{id}",
    tags,
    security,
    summary: "Change a schedule (its owner or an admin); a new cron, zone or enabling plans from now",
    request: { params: IdParam, ...body(UpdateScheduleBody) },
    responses: { 200: { ...json(ScheduleSchema), description: "Updated" }, 400: invalid, 403: notYours, 404: hidden },
  }),
  remove: createRoute({
    method: "delete",
    path: "/schedules/{id}",
    tags,
    security,
    summary: "Delete a schedule (its owner or an admin); its past runs stay, without the schedule",
    request: { params: IdParam },
    responses: { 204: { description: "Deleted" }, 403: notYours, 404: hidden },
  }),
  toggle: createRoute({
    method: "post",
    path: "/schedules/{id}/toggle",
    tags,
    security,
    summary: "Disable an enabled schedule or enable a disabled one (occurrences missed while off do not run)",
    request: { params: IdParam },
    responses: {
      200: { ...json(ScheduleSchema), description: "The schedule after the switch" },
      403: notYours,
      404: hidden,
    },
  }),
  trigger: createRoute({
    method: "post",
    path: "/schedules/{id}/trigger",
    tags,
    security,
    summary: "Run the schedule's workflow now, on the schedule owner's behalf; answers the queued execution",
    request: { params: IdParam },
    responses: {
      201: { ...json(ExecutionSummarySchema), description: "Queued (GET /executions/{id} tells how it went)" },
      403: notYours,
      404: hidden,
    },
  }),
};

/**
 * `/schedules`: any signed-in user schedules the workflows they may run; who sees and
 * changes which schedule is the service's rule (access.ts), not a role guard.
 */
export function scheduleRoutes(deps: Pick<HubDeps, "database" | "audit" | "clock" | "onDispatched">) {
  const service = createScheduleService(deps);
  const app = newApiApp<HubEnv>();
  app.openapi(routes.create, async (c) => c.json(await service.create(c.get("user"), c.req.valid("json")), 201));
  app.openapi(routes.list, async (c) => c.json(await service.list(c.get("user"), c.req.valid("query")), 200));
  app.openapi(routes.get, async (c) => c.json(await service.get(c.get("user"), c.req.valid("param").id), 200));
  app.openapi(routes.update, async (c) =>
    c.json(await service.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(routes.remove, async (c) => {
    await service.remove(c.get("user"), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(routes.toggle, async (c) => c.json(await service.toggle(c.get("user"), c.req.valid("param").id), 200));
  app.openapi(routes.trigger, async (c) => c.json(await service.trigger(c.get("user"), c.req.valid("param").id), 201));
  return app;
}
