import { createRoute, z } from "@hono/zod-openapi";
import { newApiApp } from "../../http/openapi-app";
import type { HubDeps } from "../deps";
import type { HubEnv } from "../guards";
import { PageQuery } from "../lists";
import {
  ContentSavedSchema,
  CreateWorkflowBody,
  DiffQuery,
  DiffSchema,
  DownloadQuery,
  IdParam,
  RevisionDetailSchema,
  RevisionListSchema,
  RevisionParam,
  SaveContentBody,
  UpdateWorkflowBody,
  WorkflowDetailSchema,
  WorkflowListQuery,
  WorkflowListSchema,
  WorkflowSummarySchema,
} from "./schemas";
import { createWorkflowService } from "./service";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const body = <T>(schema: T) => ({ body: { ...json(schema), required: true } });
const tags = ["Workflows"];
const security = [{ bearer: [] }];
const hidden = { description: "No such workflow, or one the caller may not see (the same answer)" };
const invalid = { description: "Not a workflow: the field, tool, socket or wire at fault is named" };
const notYours = { description: "Visible, but only its owner (or an admin, where said) may do this" };
const tooBig = { description: "The workflow file would be over 10 MiB" };
const noRevision = { description: "No such workflow or revision, or a workflow the caller may not see" };

const routes = {
  create: createRoute({
    method: "post",
    path: "/workflows",
    tags,
    security,
    summary: "Store a new workflow (revision 1); the caller owns it",
    request: body(CreateWorkflowBody),
    responses: { 201: { ...json(WorkflowSummarySchema), description: "Created" }, 400: invalid, 413: tooBig },
  }),
  list: createRoute({
    method: "get",
    path: "/workflows",
    tags,
    security,
    summary: "List workflows: the caller's own for role user, everyone's for auditors and above",
    request: { query: WorkflowListQuery },
    responses: { 200: { ...json(WorkflowListSchema), description: "Newest change first" } },
  }),
  get: createRoute({
    method: "get",
    path: "/workflows/{id}",
    tags,
    security,
    summary: "A workflow with its newest content (its owner, auditors and above)",
    request: { params: IdParam },
    responses: { 200: { ...json(WorkflowDetailSchema), description: "OK" }, 404: hidden },
  }),
  update: createRoute({
    method: "patch",
    path: "/workflows/{id}",
    tags,
    security,
    summary: "Rename or describe a workflow (its owner or an admin), or hand it to another user (an admin)",
    request: { params: IdParam, ...body(UpdateWorkflowBody) },
    responses: { 200: { ...json(WorkflowSummarySchema), description: "Updated" }, 403: notYours, 404: hidden },
  }),
  remove: createRoute({
    method: "delete",
    path: "/workflows/{id}",
    tags,
    security,
    summary: "Delete a workflow with its revisions, schedules and executions (its owner or an admin)",
    request: { params: IdParam },
    responses: { 204: { description: "Deleted" }, 403: notYours, 404: hidden },
  }),
  saveContent: createRoute({
    method: "put",
    path: "/workflows/{id}/content",
    tags,
    security,
    summary: "Save the content: a new revision only when it changed (its owner)",
    request: { params: IdParam, ...body(SaveContentBody) },
    responses: {
      200: { ...json(ContentSavedSchema), description: "`revision_created` says whether a revision was made" },
      400: invalid,
      403: notYours,
      404: hidden,
      413: tooBig,
    },
  }),
  revisions: createRoute({
    method: "get",
    path: "/workflows/{id}/revisions",
    tags,
    security,
    summary: "A workflow's revisions, newest first, without their content",
    request: { params: IdParam, query: PageQuery },
    responses: { 200: { ...json(RevisionListSchema), description: "OK" }, 404: hidden },
  }),
  revision: createRoute({
    method: "get",
    path: "/workflows/{id}/revisions/{n}",
    tags,
    security,
    summary: "One revision with its content",
    request: { params: RevisionParam },
    responses: { 200: { ...json(RevisionDetailSchema), description: "OK" }, 404: noRevision },
  }),
  restore: createRoute({
    method: "post",
    path: "/workflows/{id}/revisions/{n}/restore",
    tags,
    security,
    summary: "Make an old revision's content the newest, as a new revision (its owner)",
    request: { params: RevisionParam },
    responses: {
      200: { ...json(ContentSavedSchema), description: "`revision_created` is false when it is the newest already" },
      400: { description: "The old revision is no longer a valid workflow for this Hub's tools" },
      403: notYours,
      404: noRevision,
    },
  }),
  diff: createRoute({
    method: "get",
    path: "/workflows/{id}/diff",
    tags,
    security,
    summary: "What changed between two revisions, tool by tool id",
    request: { params: IdParam, query: DiffQuery },
    responses: { 200: { ...json(DiffSchema), description: "OK" }, 404: noRevision },
  }),
  download: createRoute({
    method: "get",
    path: "/workflows/{id}/download",
    tags,
    security,
    summary: "A revision as a `.weft.json` file (an attachment named after the workflow)",
    request: { params: IdParam, query: DownloadQuery },
    responses: {
      200: { content: { "application/json": { schema: z.record(z.string(), z.unknown()) } }, description: "The file" },
      404: noRevision,
    },
  }),
};

/**
 * `/workflows`: any signed-in user stores workflows; who sees and changes which one is the
 * service's rule (access.ts), not a role guard, since it depends on who owns the workflow.
 */
export function workflowRoutes(deps: Pick<HubDeps, "database" | "audit" | "clock">) {
  const service = createWorkflowService(deps);
  const app = newApiApp<HubEnv>();
  app.openapi(routes.create, async (c) => {
    const { name, description } = c.req.valid("json");
    // The validated copy drops fields the contract does not know; the revision keeps them as sent.
    const { content } = (await c.req.json()) as { content: unknown };
    return c.json(await service.create(c.get("user"), { name, description, content }), 201);
  });
  app.openapi(routes.list, async (c) => c.json(await service.list(c.get("user"), c.req.valid("query")), 200));
  app.openapi(routes.get, async (c) => c.json(await service.get(c.get("user"), c.req.valid("param").id), 200));
  app.openapi(routes.update, async (c) =>
    c.json(await service.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200),
  );
  app.openapi(routes.remove, async (c) => {
    await service.remove(c.get("user"), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(routes.saveContent, async (c) => {
    const { message } = c.req.valid("json");
    const { content } = (await c.req.json()) as { content: unknown };
    return c.json(await service.saveContent(c.get("user"), c.req.valid("param").id, { content, message }), 200);
  });
  app.openapi(routes.revisions, async (c) =>
    c.json(await service.listRevisions(c.get("user"), c.req.valid("param").id, c.req.valid("query")), 200),
  );
  app.openapi(routes.revision, async (c) => {
    const { id, n } = c.req.valid("param");
    return c.json(await service.getRevision(c.get("user"), id, n), 200);
  });
  app.openapi(routes.restore, async (c) => {
    const { id, n } = c.req.valid("param");
    return c.json(await service.restore(c.get("user"), id, n), 200);
  });
  app.openapi(routes.diff, async (c) =>
    c.json(await service.diff(c.get("user"), c.req.valid("param").id, c.req.valid("query")), 200),
  );
  app.openapi(routes.download, async (c) => {
    const file = await service.download(c.get("user"), c.req.valid("param").id, c.req.valid("query").revision);
    return c.body(file.text, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": file.disposition,
      "X-Content-Type-Options": "nosniff",
    });
  });
  return app;
}
