import { statSync } from "node:fs";
import { type DatabaseRequest, describeDatabase, readDatabase } from "../../formats/db/read-database";
import { sqlitePath, sqliteUri } from "../../formats/db/sqlite";
import { DataSourceError, NotFoundError, ValidationError, WeftError } from "../../shared/errors";
import { isSystemError } from "../../shared/tolerant-fs";
import type { ToolContext, ToolOutputs } from "../types";
import type { DatabaseInput } from "./schema";

/**
 * A database Input's read (src/formats/db/README.md): the whole result for a run, its first
 * rows when only this tool's preview is wanted, or only its columns for a schema (no rows
 * read where the database allows). A SQLite file obeys the file-access rules like any file.
 */
export async function loadDatabase(config: DatabaseInput, ctx: ToolContext): Promise<ToolOutputs> {
  const request: DatabaseRequest = {
    type: config.source_type as DatabaseRequest["type"],
    uri: connectionUri(config, ctx),
    query: config.query,
    table: config.table,
    signal: ctx.signal,
  };
  try {
    if (ctx.sourceRows === 0) return { output: (await describeDatabase(request)).frame.lazy() };
    const maxRows = ctx.sourceRows === "all" ? undefined : ctx.sourceRows;
    return { output: (await readDatabase({ ...request, maxRows })).lazy() };
  } catch (err) {
    throw named(err, ctx.toolId);
  }
}

/**
 * What the lineage hash knows of the source: the connection's identity (never its password)
 * and, for SQLite, the file's size and modification time so a changed file is read again.
 * Undefined when the connection did not resolve: the build then reports why, for this tool.
 */
export function databaseFingerprint(config: DatabaseInput, ctx: ToolContext): string | undefined {
  let identity: string;
  try {
    identity = ctx.connection().identity;
  } catch (err) {
    // Weft's refusal (no connection resolved, a grant missing) is reported by the build; a bug is not hidden.
    if (err instanceof WeftError) return undefined;
    throw err;
  }
  if (config.source_type !== "sqlite") return identity;
  const path = sqlitePath(connectionUri(config, ctx));
  try {
    const stat = statSync(path);
    return `${identity}:${stat.size}:${stat.mtimeMs}`;
  } catch (err) {
    if (!isSystemError(err)) throw err;
    throw new NotFoundError(`Tool "${ctx.toolId}": SQLite file not found: ${path}`, { cause: err });
  }
}

/** The URI a database Input's reader opens. */
function connectionUri(config: DatabaseInput, ctx: ToolContext): string {
  return readerUri(config.source_type, ctx.connection().uri, ctx.locatePath);
}

/**
 * The URI a reader opens for a connection's: a SQLite file's path checked against the
 * file-access rules like any file (the Input tool's, and the data-source routes'), marked
 * immutable in a read-only root so that reading it creates nothing there (sqliteUri).
 */
export function readerUri(type: string, uri: string, locatePath: ToolContext["locatePath"]): string {
  if (type !== "sqlite") return uri;
  const located = locatePath(sqlitePath(uri), "read");
  return sqliteUri(located.path, located.readOnly);
}

/** A reader's refusal, naming the tool (a workflow may read several databases); other errors pass. */
function named(err: unknown, toolId: string): unknown {
  if (err instanceof ValidationError && err.constructor === ValidationError)
    return new ValidationError(`Tool "${toolId}": ${err.message}`, { cause: err });
  if (err instanceof DataSourceError && err.constructor === DataSourceError)
    return new DataSourceError(`Tool "${toolId}": ${err.message}`, { cause: err });
  return err;
}
