import { createRoute, z } from "@hono/zod-openapi";
import { generatePython } from "../../codegen/generate";
import type { ExecutorPool } from "../../engine/executor/pool";
import type { ExecuteResult, FunctionsResult, JobConnection, RunEvent } from "../../engine/job";
import { describeError } from "../../http/error-handler";
import { noIdleTimeout } from "../../http/idle-timeout";
import { newApiApp } from "../../http/openapi-app";
import { NotFoundError, ToolError } from "../../shared/errors";
import type { Logger } from "../../shared/logger";
import type { Workflow } from "../../shared/workflow";
import { TOOL_CATALOG, toolMeta } from "../../tools/catalog";
import { NDJSON, type RunErrorLine, streamRun, wantsNdjson } from "../run-stream";
import { RunStreamLineSchema } from "../schemas/run-stream";
import {
  CacheClearRequest,
  CacheClearResponse,
  ExecuteRequest,
  ExecuteResponse,
  MetadataResponse,
  PreviewAllRequest,
  PreviewAllResponse,
  PreviewCodeRequest,
  PreviewCodeResponse,
  ProfileRequest,
  ProfileResponse,
  SchemaResponse,
  ToolPreviewResponse,
  ToolRequest,
  ToolSocketRequest,
} from "../schemas/workflow";
import { type ArchiveService, archivedRun } from "../services/archive";

export interface WorkflowRouteDeps {
  engine: ExecutorPool;
  /** Resolves the workflow's database connections for a run (services/connection-resolver.ts). */
  prepare(workflow: Workflow): Promise<{ workflow: Workflow; connections: Record<string, JobConnection> }>;
  /** Removes a workflow's cached results; answers how many files went. */
  clearCache(workflowId: string): number;
  /** Where full runs are archived (services/archive.ts); absent: not archived. */
  archive?: ArchiveService;
  /** Logs the errors that end a streamed run (its answer has started: the error handler cannot). */
  logger: Logger;
}

const DEFAULT_PREVIEW_LIMIT = 100;

const post = <Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  summary: string,
  request: Req,
  response: Res,
) =>
  createRoute({
    method: "post",
    path,
    tags: ["Workflow"],
    summary,
    security: [{ bearer: [] }],
    request: { body: { content: { "application/json": { schema: request } }, required: true } },
    responses: { 200: { content: { "application/json": { schema: response } }, description: "OK" } },
  });

const executeRoute = post(
  "/workflow/execute",
  "Run the workflow (writes outputs); answer the target's or the last tools' outputs",
  ExecuteRequest,
  ExecuteResponse,
);

const routes = {
  execute: {
    ...executeRoute,
    description:
      "With `Accept: application/x-ndjson` the answer is a stream of JSON lines: each tool's progress " +
      '(`{"event":"tool",...}`), each file written (`{"event":"written",...}`), then `{"event":"result",...}` ' +
      '(this answer\'s body) or `{"event":"error","status","detail"}` (docs/decisions.md).',
    responses: {
      200: {
        content: {
          ...executeRoute.responses[200].content,
          [NDJSON]: { schema: RunStreamLineSchema },
        },
        description: "OK",
      },
    },
  },
  toolExecute: post(
    "/workflow/tool/execute",
    "Preview one tool's outputs (upstream tools run first; nothing is written)",
    ToolRequest,
    ToolPreviewResponse,
  ),
  toolSchema: post(
    "/workflow/tool/schema",
    "A tool's output columns, from the lazy plan",
    ToolSocketRequest,
    SchemaResponse,
  ),
  toolMetadata: post(
    "/workflow/tool/metadata",
    "The columns a tool receives and the functions expressions may use",
    ToolSocketRequest,
    MetadataResponse,
  ),
  toolProfile: post(
    "/workflow/tool/profile",
    "Profile the columns of a tool's output socket over its full data (nothing is written)",
    ProfileRequest,
    ProfileResponse,
  ),
  previewAll: post(
    "/workflow/preview_all",
    "Preview every tool (each upstream tool runs once)",
    PreviewAllRequest,
    PreviewAllResponse,
  ),
  previewCode: post(
    "/workflow/preview_code",
    "Standalone Python (Polars' lazy API) that does what the workflow does; nothing is run",
    PreviewCodeRequest,
    PreviewCodeResponse,
  ),
  cacheClear: post(
    "/workflow/cache/clear",
    "Remove a workflow's cached results",
    CacheClearRequest,
    CacheClearResponse,
  ),
  typeSchema: createRoute({
    method: "get",
    path: "/workflow/tool/{type}/schema",
    tags: ["Workflow"],
    summary: "The JSON schema of a tool type's config",
    security: [{ bearer: [] }],
    request: { params: z.object({ type: z.string() }) },
    responses: {
      200: {
        content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
        description: "JSON schema",
      },
    },
  }),
};

/**
 * The workflow routes (docs/server-api.md "Workflow"). Handlers only parse and hand the job to the
 * engine's executor processes; the engine validates the workflow and answers.
 */
export function workflowRoutes({ engine, clearCache, prepare, archive, logger }: WorkflowRouteDeps) {
  const app = newApiApp();
  const limitOf = (limit?: number) => limit ?? DEFAULT_PREVIEW_LIMIT;
  // A run or a preview may answer (or stream nothing) for longer than Bun's idle timeout;
  // MAX_EXECUTION_TIME_SECONDS bounds every engine job instead.
  app.use("/workflow/*", noIdleTimeout);

  app.openapi(routes.execute, async (c) => {
    const body = c.req.valid("json");
    const execute = (onEvent?: (event: RunEvent) => void): Promise<ExecuteResult> => {
      const run = async () =>
        engine.run(
          {
            kind: "execute",
            ...(await prepare(body.workflow)),
            targetToolId: body.target_tool_id,
            previewLimit: limitOf(body.preview_limit),
            forceRefresh: body.force_refresh,
          },
          // Opted in (a Hub's cancel): the client leaving stops the engine's work.
          { onEvent, signal: body.cancel_on_disconnect ? c.req.raw.signal : undefined },
        );
      // The archive records how the run ended, failures included (docs/server-api.md execution rule 5).
      return archive
        ? archivedRun(
            archive,
            { workflow: body.workflow, targetToolId: body.target_tool_id, signal: c.req.raw.signal },
            run,
          )
        : run();
    };
    if (!wantsNdjson(c.req.header("accept"))) return c.json(await execute(), 200);
    const request = { method: c.req.method, path: c.req.path };
    const errorLine = (err: unknown): RunErrorLine => {
      const { status, body: answer } = describeError(err, logger, request);
      const toolId = err instanceof ToolError && err.toolId !== "" ? { tool_id: err.toolId } : {};
      return { event: "error", status, ...answer, ...toolId };
    };
    // The route's typed answers are JSON; this one is the same run, streamed (a plain Response).
    return (await streamRun(execute, errorLine)) as never;
  });
  app.openapi(routes.toolExecute, async (c) => {
    const body = c.req.valid("json");
    const result = await engine.run({
      kind: "tool_preview",
      ...(await prepare(body.workflow)),
      toolId: body.tool_id,
      previewLimit: limitOf(body.preview_limit),
      socketId: body.socket_id,
    });
    return c.json(result, 200);
  });
  app.openapi(routes.toolSchema, async (c) => {
    const body = c.req.valid("json");
    return c.json(
      await engine.run({
        kind: "schema",
        ...(await prepare(body.workflow)),
        toolId: body.tool_id,
        socketId: body.socket_id,
      }),
      200,
    );
  });
  app.openapi(routes.toolMetadata, async (c) => {
    const body = c.req.valid("json");
    return c.json(
      await engine.run({
        kind: "metadata",
        ...(await prepare(body.workflow)),
        toolId: body.tool_id,
        socketId: body.socket_id,
      }),
      200,
    );
  });
  app.openapi(routes.toolProfile, async (c) => {
    const body = c.req.valid("json");
    const result = await engine.run({
      kind: "profile",
      ...(await prepare(body.workflow)),
      toolId: body.tool_id,
      socketId: body.socket_id,
      columns: body.columns,
      metrics: body.metrics,
      topValues: body.top_n,
    });
    // The engine computes the metrics by name (engine/profile-metrics.ts), so its type leaves
    // their values unknown; the schema says what each metric holds.
    return c.json(result as z.infer<typeof ProfileResponse>, 200);
  });
  app.openapi(routes.previewAll, async (c) => {
    const body = c.req.valid("json");
    return c.json(
      await engine.run({
        kind: "preview_all",
        ...(await prepare(body.workflow)),
        previewLimit: limitOf(body.preview_limit),
      }),
      200,
    );
  });
  // The names pasted expressions may use come from an engine process (the Server has no
  // Polars); they depend only on the installed nodejs-polars, so they are asked for once.
  let functions: Promise<FunctionsResult> | undefined;
  app.openapi(routes.previewCode, async (c) => {
    const { workflow } = c.req.valid("json");
    if (!functions) {
      const loading = engine.run({ kind: "functions" });
      functions = loading;
      loading.catch(() => {
        if (functions === loading) functions = undefined;
      });
    }
    return c.json({ code: generatePython(workflow, { functions: await functions }) }, 200);
  });
  app.openapi(routes.cacheClear, (c) => {
    const { workflow_id } = c.req.valid("json");
    return c.json({ status: "cleared" as const, workflow_id, files_removed: clearCache(workflow_id) }, 200);
  });
  app.openapi(routes.typeSchema, (c) => {
    const { type } = c.req.valid("param");
    const schema = toolMeta(type)?.config;
    if (!schema)
      throw new NotFoundError(`Unknown tool type "${type}" (known: ${Object.keys(TOOL_CATALOG).join(", ")})`);
    return c.json(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>, 200);
  });
  return app;
}
