import type { Workflow } from "../../engine/workflow";
import { FeatureDisabledError, ValidationError } from "../../shared/errors";
import type { ConnectionStore } from "./connection-store";

const DATABASE_TYPES = new Set(["postgresql", "mysql", "sqlite", "mssql"]);

/** Who holds a connection's credentials (server.md rule 11). */
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

/**
 * Fills in the connection of every database Input tool before a run: a client connection
 * arrives as `connection: {uri}` inside the request; a `connection_id` names a Hub
 * connection when the Server answers to a Hub, else one of the server-managed store.
 * Answers tool id → resolved connection; the workflow itself is not changed, so no
 * credential reaches a lineage hash, a cache key or an answer.
 */
export async function resolveConnections(
  workflow: Workflow,
  { store, hub }: ConnectionResolverDeps,
): Promise<Map<string, ResolvedConnection>> {
  const resolved = new Map<string, ResolvedConnection>();
  for (const tool of workflow.tools) {
    if (tool.type !== "input" || !DATABASE_TYPES.has(String(tool.config.source_type))) continue;
    const where = `Tool "${tool.id}" (input)`;
    const id = tool.config.connection_id;
    const given = tool.config.connection as { uri?: unknown } | undefined;
    if (id !== undefined && given !== undefined) {
      throw new ValidationError(`${where}: give either connection_id or connection, not both`);
    }
    if (given !== undefined) {
      if (typeof given.uri !== "string" || given.uri === "") {
        throw new ValidationError(`${where}: connection.uri must be a non-empty string`);
      }
      resolved.set(tool.id, { ownership: "client", uri: given.uri, identity: `client:${withoutPassword(given.uri)}` });
      continue;
    }
    if (typeof id !== "string" || id === "") {
      throw new ValidationError(`${where}: a database source needs connection_id or connection: {uri}`);
    }
    if (hub) {
      resolved.set(tool.id, {
        ownership: "hub",
        uri: await hub(id, workflow.meta.workflow_id),
        identity: `hub:${id}`,
      });
      continue;
    }
    if (!store) {
      throw new FeatureDisabledError(
        `${where}: connection "${id}" is a server-managed connection, and those need CONNECTION_ENCRYPTION_KEY`,
      );
    }
    resolved.set(tool.id, { ownership: "server", uri: store.uriFor(id), identity: `server:${id}` });
  }
  return resolved;
}
