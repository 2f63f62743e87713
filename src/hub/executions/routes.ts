import { createRoute, z } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import {
  ArtifactListSchema,
  ArtifactParam,
  CreateExecutionBody,
  ExecutionDetailSchema,
  ExecutionListSchema,
  ExecutionSummarySchema,
  IdParam,
  ListExecutionsQuery,
  RecordListSchema,
} from "./schemas";
import { createExecutionService, type RECORD_KINDS } from "./service";
import { executionStream, lastEventId } from "./sse";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const tags = ["Executions"];
const security = [{ bearer: [] }];
const hidden = { description: "No such execution, or one the caller may not see (the same answer)" };

const routes = {
  create: createRoute({
    method: "post",
    path: "/executions",
    tags,
    security,
    summary: "Run a workflow you may read, pinned to a revision (the newest by default); answers it queued",
    request: { body: { ...json(CreateExecutionBody), required: true } },
    responses: {
      201: { ...json(ExecutionSummarySchema), description: "Queued; its runner has started" },
      404: { description: "No such workflow or revision, or one the caller may not read" },
    },
  }),
  list: createRoute({
    method: "get",
    path: "/executions",
    tags,
    security,
    summary: "Executions, newest first: the caller's own for role user, everyone's for auditors and above",
    request: { query: ListExecutionsQuery },
    responses: { 200: { ...json(ExecutionListSchema), description: "OK" } },
  }),
  stream: createRoute({
    method: "get",
    path: "/executions/stream",
    tags,
    security,
    summary: "Server-Sent Events: execution.created, .updated, .tool, .log (your own; auditors and above all)",
    description:
      "Each event has `id:`, `event:` and `data:` JSON with at least `execution_id` and `status`. Send " +
      "`Last-Event-ID` to resume; `stream.reset` says the events missed are gone (reload, then follow). " +
      "A client that stops reading is sent `stream.dropped` and closed. Comment lines every 15 s keep it open.",
    responses: { 200: { content: { "text/event-stream": { schema: z.string() } }, description: "The stream" } },
  }),
  get: createRoute({
    method: "get",
    path: "/executions/{id}",
    tags,
    security,
    summary: "One execution with started_at, finished_at, error and result",
    request: { params: IdParam },
    responses: { 200: { ...json(ExecutionDetailSchema), description: "OK" }, 404: hidden },
  }),
  cancel: createRoute({
    method: "post",
    path: "/executions/{id}/cancel",
    tags,
    security,
    summary: "Cancel a queued or running execution (its owner or an admin); the Server stops the work",
    request: { params: IdParam },
    responses: {
      200: { ...json(ExecutionDetailSchema), description: "Cancelled" },
      403: { description: "Visible (an auditor), but not yours to cancel" },
      404: hidden,
      409: { description: "It has ended already" },
    },
  }),
  artifacts: createRoute({
    method: "get",
    path: "/executions/{id}/artifacts",
    tags,
    security,
    summary: "What the run stored: previews, outputs, log, code, plan, connections (by SHA-256)",
    request: { params: IdParam },
    responses: { 200: { ...json(ArtifactListSchema), description: "OK" }, 404: hidden },
  }),
  artifact: createRoute({
    method: "get",
    path: "/executions/{id}/artifacts/{artifact_id}",
    tags,
    security,
    summary: "Download one artifact, with its media type",
    request: { params: ArtifactParam },
    responses: { 200: { description: "The artifact's bytes" }, 404: hidden },
  }),
};

const recordRoute = (view: keyof typeof RECORD_KINDS, summary: string, middleware: HubDeps["guards"]["session"]) =>
  createRoute({
    method: "get",
    path: `/executions/{id}/${view}`,
    tags,
    security,
    summary,
    middleware: [middleware] as const,
    request: { params: IdParam },
    responses: {
      200: { ...json(RecordListSchema), description: "OK" },
      403: { description: "Auditors and above" },
      404: hidden,
    },
  });

/** `/executions`: any signed-in user runs and reads their own; who sees which run is the service's rule. */
export function executionRoutes(deps: HubDeps) {
  const service = createExecutionService(deps);
  const app = newApiApp<HubEnv>();
  app.openapi(routes.create, async (c) => c.json(await service.create(c.get("user"), c.req.valid("json")), 201));
  app.openapi(routes.list, async (c) => c.json(await service.list(c.get("user"), c.req.valid("query")), 200));
  app.openapi(routes.stream, (c) => {
    const after = lastEventId(c.req.header("last-event-id") ?? c.req.query("last_event_id"));
    const body = executionStream({ events: deps.events, every: deps.executions.every }, c.get("user"), after);
    // The typed answers are JSON; this one is a plain streamed Response.
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      },
    }) as never;
  });
  app.openapi(routes.get, async (c) => c.json(await service.get(c.get("user"), c.req.valid("param").id), 200));
  app.openapi(routes.cancel, async (c) => c.json(await service.cancel(c.get("user"), c.req.valid("param").id), 200));
  app.openapi(routes.artifacts, async (c) =>
    c.json(await service.artifacts(c.get("user"), c.req.valid("param").id), 200),
  );
  app.openapi(routes.artifact, async (c) => {
    const { id, artifact_id } = c.req.valid("param");
    const { row, bytes } = await service.artifact(c.get("user"), id, artifact_id);
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": row.mediaType ?? "application/octet-stream",
      "Content-Disposition": `attachment; filename="${row.name.replace(/[^\w.-]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
    }) as never;
  });
  const auditor = deps.guards.requireRole("auditor");
  const views: [keyof typeof RECORD_KINDS, string][] = [
    ["record", "What the run did, tool by tool (auditors and above)"],
    ["code", "The Python generated for the run (auditors and above)"],
    ["plans", "The run's plan: tools and their order (auditors and above)"],
    ["connections", "The connections the run named, by id (auditors and above)"],
    ["logs", "The run's log (auditors and above)"],
  ];
  for (const [view, summary] of views) {
    app.openapi(recordRoute(view, summary, auditor), async (c) =>
      c.json(await service.records(c.req.valid("param").id, view), 200),
    );
  }
  return app;
}
