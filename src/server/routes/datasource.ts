import { createRoute } from "@hono/zod-openapi";
import type { ExecutorPool } from "../../engine/executor/pool";
import type { DatabaseSource } from "../../engine/job";
import { supportedExtensions } from "../../formats/catalog";
import { noIdleTimeout } from "../../http/idle-timeout";
import { newApiApp } from "../../http/openapi-app";
import {
  DATABASE_SOURCE_TYPES,
  InspectRequest,
  InspectResponse,
  SOURCE_TYPES,
  SourcePreviewRequest,
  SourcePreviewResponse,
  SupportedResponse,
} from "../schemas/datasource";

const DEFAULT_MAX_ROWS = 100;

const routes = {
  inspect: createRoute({
    method: "post",
    path: "/datasource/inspect",
    tags: ["Data sources"],
    summary:
      "A file's or a database table's or query's columns, dtypes and row count, and what may surprise (the Input tool's reader)",
    security: [{ bearer: [] }],
    request: { body: { content: { "application/json": { schema: InspectRequest } }, required: true } },
    responses: { 200: { content: { "application/json": { schema: InspectResponse } }, description: "OK" } },
  }),
  preview: createRoute({
    method: "post",
    path: "/datasource/preview",
    tags: ["Data sources"],
    summary: "A window of a file's or a database table's or query's rows",
    security: [{ bearer: [] }],
    request: { body: { content: { "application/json": { schema: SourcePreviewRequest } }, required: true } },
    responses: { 200: { content: { "application/json": { schema: SourcePreviewResponse } }, description: "OK" } },
  }),
  supported: createRoute({
    method: "get",
    path: "/datasource/supported",
    tags: ["Data sources"],
    summary: "The source types and file extensions this Server reads",
    security: [{ bearer: [] }],
    responses: { 200: { content: { "application/json": { schema: SupportedResponse } }, description: "OK" } },
  }),
};

/** Resolves a database source's connection (services/connection-resolver.ts, as for a workflow's Input). */
export type SourceConnectionResolver = (config: Record<string, unknown>) => Promise<{ uri: string }>;

type SourceBody = { source?: string; source_type?: string; config?: Record<string, unknown> };

/**
 * The data-source routes (docs/server-api.md "Data source"). Files and databases are read in the
 * executor processes with the registry's readers, the same ones the Input tool uses, so all
 * three agree. A database's connection is resolved here, in the Server, and handed to the
 * job beside its table or query, as a workflow's are.
 */
export function datasourceRoutes(engine: ExecutorPool, resolveConnection: SourceConnectionResolver) {
  const app = newApiApp();
  /** The database a request reads, with its connection resolved; undefined for a file (whose config is its options). */
  const databaseOf = async ({ source_type, config = {} }: SourceBody): Promise<DatabaseSource | undefined> => {
    if (!DATABASE_SOURCE_TYPES.includes(source_type ?? "")) return undefined;
    // With its type, as a tool's config has it: a SQLite file is not checked as a host.
    const { uri } = await resolveConnection({ ...config, source_type });
    return { uri, table: config.table as string | undefined, query: config.query as string | undefined };
  };
  // An inspect counts a whole file's rows: MAX_EXECUTION_TIME_SECONDS bounds it, not Bun's idle timeout.
  app.use("/datasource/*", noIdleTimeout);
  app.openapi(routes.inspect, async (c) => {
    const body = c.req.valid("json");
    const database = await databaseOf(body);
    const result = await engine.run({
      kind: "source_inspect",
      source: body.source ?? "",
      sourceType: body.source_type,
      options: database ? {} : (body.config ?? {}),
      database,
    });
    return c.json(result, 200);
  });
  app.openapi(routes.preview, async (c) => {
    const body = c.req.valid("json");
    const database = await databaseOf(body);
    const result = await engine.run({
      kind: "source_preview",
      source: body.source ?? "",
      sourceType: body.source_type,
      options: database ? {} : (body.config ?? {}),
      database,
      maxRows: body.options?.max_rows ?? DEFAULT_MAX_ROWS,
      offset: body.options?.offset ?? 0,
      columns: body.options?.columns,
    });
    return c.json(result, 200);
  });
  app.openapi(routes.supported, (c) =>
    c.json({ source_types: SOURCE_TYPES, file_extensions: supportedExtensions() }, 200),
  );
  return app;
}
