import { countDatabaseRows, type DatabaseRequest, describeDatabase, readDatabase } from "../formats/db/read-database";
import { columnsOf } from "./columns";
import { type InspectResult, type PreviewWindow, previewWindow, type SourcePreviewResult } from "./datasource";

/** What an answer names as its source: the table, or the query (never the connection, which may hold a password). */
const sourceOf = (request: DatabaseRequest) => request.table ?? request.query ?? "";

/**
 * `/api/datasource/inspect` of a database table or read-only query, in a file's shape: the
 * columns as the Input tool's reader describes them (no rows read where the database allows)
 * and the rows counted by the database.
 */
export async function inspectDatabase(request: DatabaseRequest): Promise<InspectResult> {
  const columns = columnsOf((await describeDatabase(request)).frame.lazy());
  const total = await countDatabaseRows(request);
  const warnings = total === 0 ? [request.table ? "The table has no rows" : "The query returns no rows"] : [];
  return {
    source: sourceOf(request),
    source_type: request.type,
    data_schema: { columns, total_rows: total },
    validation: { errors: [], warnings },
  };
}

/**
 * A window of a table's or query's rows, read with the Input tool's reader: the database is
 * asked for `offset + maxRows` rows at most (LIMIT, or SET ROWCOUNT on SQL Server), never the
 * whole result; `total_rows` is counted by the database.
 */
export async function previewDatabase(request: DatabaseRequest, window: PreviewWindow): Promise<SourcePreviewResult> {
  const read = await readDatabase({ ...request, maxRows: window.offset + window.maxRows });
  const rows = previewWindow(read.lazy(), window, sourceOf(request));
  const total_rows = await countDatabaseRows(request);
  return { source: sourceOf(request), source_type: request.type, ...rows, total_rows };
}
