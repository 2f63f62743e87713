import { serializeError } from "../../engine/executor/protocol";
import type { JobConnection } from "../../engine/job";
import { FeatureDisabledError, ValidationError, WeftError } from "../../shared/errors";
import { checkDatabaseUri, type HostRule } from "../../shared/outbound-hosts";
import type { ToolNode, Workflow } from "../../shared/workflow";
import type { ConnectionStore } from "./connection-store";

const DATABASE_TYPES = new Set(["postgresql", "mysql", "sqlite", "mssql"]);

/** Who holds a connection's credentials (docs/server-api.md rule 11). */
export type ConnectionOwnership = "client" | "server" | "hub";

/** A database connection ready for a run. */
export interface ResolvedConnection {
  ownership: ConnectionOwnership;
  /** The driver URI, credentials included: for the reader only, never for an answer or a log. */
  uri: string;
  /**
   * What names the connection without its secrets (`server:<id>`, `hub:<id>`, or the client
   * URI without its password), for the lineage hash: a new password must not invalidate
   * cached results, and a hash must never carry one.
   */
  identity: string;
}

/** Asks the Hub for a Hub connection's URI (`/internal/authorize`); provided by the Hub runtime. */
export type HubConnectionLookup = (connectionId: string, workflowId: string) => Promise<string>;

export interface ConnectionResolverDeps {
  /** The server-managed store; undefined without CONNECTION_ENCRYPTION_KEY. */
  store: ConnectionStore | undefined;
  /** Set when the Server answers to a Hub: connection ids are then the Hub's. */
  hub?: HubConnectionLookup;
  /** OUTBOUND_HOSTS: when set, a database on any other host is refused before connecting. */
  outboundHosts?: readonly HostRule[];
}

/** A URI without its password, for an identity. */
function withoutPassword(uri: string): string {
  try {
    const url = new URL(uri);
    url.password = "";
    return url.toString();
  } catch {
    return uri; // a SQLite path
  }
}

/** The connection of one database Input tool, or why it has none (the error is the tool's). */
export async function resolveConnection(
  tool: ToolNode,
  workflowId: string,
  deps: ConnectionResolverDeps,
): Promise<ResolvedConnection> {
  return await resolveSourceConnection(tool.config, `Tool "${tool.id}" (input)`, deps, workflowId);
}

/**
 * The connection a database source names (`connection_id` or `connection: {uri}`): a database
 * Input tool's, or a data-source route's (`where` begins its errors). `workflowId` is what a
 * Hub authorizes a Hub connection for. Whoever gave the URI, its host must be allowed by
 * OUTBOUND_HOSTS (`config.source_type` tells a SQLite file, which has none).
 */
export async function resolveSourceConnection(
  config: Record<string, unknown>,
  where: string,
  deps: ConnectionResolverDeps,
  workflowId = "",
): Promise<ResolvedConnection> {
  const resolved = await namedConnection(config, where, deps, workflowId);
  checkDatabaseUri(deps.outboundHosts, config.source_type, resolved.uri, where);
  return resolved;
}

async function namedConnection(
  config: Record<string, unknown>,
  where: string,
  { store, hub }: ConnectionResolverDeps,
  workflowId: string,
): Promise<ResolvedConnection> {
  const id = config.connection_id;
  const given = config.connection as { uri?: unknown } | undefined;
  if (id !== undefined && given !== undefined) {
    throw new ValidationError(`${where}: give either connection_id or connection, not both`);
  }
  if (given !== undefined) {
    // In hub mode the Hub's answer is the only source of credentials (the authorize step refuses it first).
    if (hub)
      throw new ValidationError(`${where}: this Server answers to a Hub; name a Hub connection with connection_id`);
    if (typeof given.uri !== "string" || given.uri === "") {
      throw new ValidationError(`${where}: connection.uri must be a non-empty string`);
    }
    return { ownership: "client", uri: given.uri, identity: `client:${withoutPassword(given.uri)}` };
  }
  if (typeof id !== "string" || id === "") {
    throw new ValidationError(`${where}: a database source needs connection_id or connection: {uri}`);
  }
  // The identity names the id and where it points, so an edited host or database is not served stale.
  if (hub) {
    const uri = await hub(id, workflowId);
    return { ownership: "hub", uri, identity: `hub:${id}:${withoutPassword(uri)}` };
  }
  if (!store) {
    throw new FeatureDisabledError(
      `${where}: connection "${id}" is a server-managed connection, and those need CONNECTION_ENCRYPTION_KEY`,
    );
  }
  const uri = store.uriFor(id);
  return { ownership: "server", uri, identity: `server:${id}:${withoutPassword(uri)}` };
}

/** Whether a tool is a database Input. */
export function isDatabaseInputTool(tool: ToolNode): boolean {
  return tool.type === "input" && DATABASE_TYPES.has(String(tool.config.source_type));
}

/**
 * Prepares a workflow for the engine (docs/server-api.md rule 11): every database Input's connection
 * resolved here, in the Server (client URI in the request, the server-managed store, or the
 * Hub), and handed to the run beside the workflow, whose configs lose the client URIs: no
 * credential reaches a lineage hash, a cache key, an executor's config or an answer. A
 * connection that does not resolve fails its own tool only, when the run needs it.
 */
export async function connectionsForRun(
  workflow: Workflow,
  deps: ConnectionResolverDeps,
): Promise<{ workflow: Workflow; connections: Record<string, JobConnection> }> {
  const connections: Record<string, JobConnection> = {};
  const tools = await Promise.all(
    workflow.tools.map(async (tool) => {
      if (!isDatabaseInputTool(tool)) return tool;
      try {
        const { uri, identity } = await resolveConnection(tool, workflow.meta.workflow_id, deps);
        connections[tool.id] = { uri, identity };
      } catch (err) {
        if (!(err instanceof WeftError)) throw err;
        connections[tool.id] = { error: serializeError(err) };
      }
      const { connection: _uri, ...config } = tool.config;
      return { ...tool, config };
    }),
  );
  return { workflow: { ...workflow, tools }, connections };
}
