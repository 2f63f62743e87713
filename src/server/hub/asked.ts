import { resolve } from "node:path";
import { ValidationError } from "../../shared/errors";

/** What one request will use, as the Server asks the Hub for it (`/internal/authorize`). */
export interface Asked {
  connection_ids: string[];
  paths: string[];
  write_paths: string[];
}

const DATABASE_TYPES = new Set(["postgresql", "mysql", "sqlite", "mssql"]);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): v is string => typeof v === "string" && v !== "";

/**
 * In hub mode a database is named by its Hub `connection_id` only: the Hub's answer is the
 * only source of credentials. A `connection: {uri}` from the client is refused (400) before
 * the capability token is redeemed, so the mistake costs no token and no URI is ever used.
 */
function refuseClientConnection(config: Json, where: string): void {
  if (config.connection !== undefined) {
    throw new ValidationError(
      `${where}: this Server answers to a Hub; name a Hub connection with connection_id (a connection URI from the client is refused)`,
    );
  }
}

/** A database source's connection id, or a file source's path (absolute, as the Server would open it). */
function source(config: Json, sourcePath: unknown, into: Asked, where: string): void {
  refuseClientConnection(config, where);
  if (DATABASE_TYPES.has(String(config.source_type))) {
    if (text(config.connection_id)) into.connection_ids.push(config.connection_id);
    return;
  }
  if (text(sourcePath)) into.paths.push(resolve(sourcePath));
}

function workflowTools(body: unknown): Json[] {
  const tools = isObject(body) && isObject(body.workflow) ? body.workflow.tools : undefined;
  return Array.isArray(tools) ? tools.filter(isObject) : [];
}

/**
 * What a Server request names, read from its route, query and body before anything runs:
 * the Hub connections of database Inputs (and data-source configs), the files Inputs and
 * file routes read, and the files a full run's Outputs or a saved workflow write (a preview
 * never writes, so it asks no write). This is what the Hub checks and audits; it is not the
 * only guard: every file a request opens is still checked against the roots of the answer
 * (the request's file-access policy), links resolved, so a path this reading missed is
 * refused when opened, never allowed.
 */
export function whatRequestAsks(method: string, path: string, query: Record<string, string>, body: unknown): Asked {
  const asked: Asked = { connection_ids: [], paths: [], write_paths: [] };
  const route = path.replace(/^\/api/, "");
  if (route.startsWith("/workflow/")) {
    for (const tool of workflowTools(body)) {
      const config = isObject(tool.config) ? tool.config : {};
      const where = `Tool "${String(tool.id)}" (${String(tool.type)})`;
      if (tool.type === "input") source(config, config.source, asked, where);
      if (tool.type === "output" && route === "/workflow/execute" && text(config.path)) {
        asked.write_paths.push(resolve(config.path));
      }
    }
  } else if (route.startsWith("/datasource/") && isObject(body)) {
    const config = isObject(body.config) ? body.config : {};
    source({ ...config, source_type: body.source_type }, body.source, asked, "config");
  } else if (route === "/files/workflow" && method === "PUT" && isObject(body) && text(body.path)) {
    asked.write_paths.push(resolve(body.path));
  } else if (route.startsWith("/files/") && text(query.path)) {
    asked.paths.push(resolve(query.path));
  }
  return {
    connection_ids: [...new Set(asked.connection_ids)],
    paths: [...new Set(asked.paths)],
    write_paths: [...new Set(asked.write_paths)],
  };
}
