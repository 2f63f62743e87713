import pl from "nodejs-polars";
import { type Connection, Request, TYPES } from "tedious";
import { DataSourceError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";
import { BATCH_ROWS } from "./column-builders";
import type { DatabaseDescription } from "./db-request";
import { batch, execute, withConnection } from "./mssql-connection";
import {
  type MssqlColumnReader,
  MssqlValueError,
  mssqlColumnReader,
  typeOfDescription,
  typeOfMetadata,
} from "./mssql-types";

// No SQL Server runs in CI: mssql.test.ts drives this file through tedious against a fake
// TDS server (README.md, "SQL Server").

/** The largest SET ROWCOUNT (an int); a larger maxRows is kept by cancelling after it. */
const MAX_ROWCOUNT = 2_147_483_647;
/** The system procedure that describes a statement's first result set without running it. */
export const DESCRIBE_PROCEDURE = "sp_describe_first_result_set";

/**
 * Weft's own statements before the user's query, on the same session (the policy governs the
 * user's SQL, not these): SET ROWCOUNT stops the server after `maxRows` rows of any single
 * statement, including `WITH ...` and `ORDER BY` queries that `SELECT TOP (n) * FROM (<sql>) q`
 * would break (ORDER BY is invalid in a derived table, a CTE cannot be one, and unnamed or
 * repeated columns are refused there); 0 would mean no limit, so maxRows 0 stops at the
 * column metadata instead. The transaction is never committed: closing the connection rolls
 * it back, so a write that passed both the policy and the login's rights is undone.
 */
export function setupSql(maxRows: number | undefined): string {
  const rowCount = maxRows !== undefined && maxRows > 0 && maxRows <= MAX_ROWCOUNT ? `SET ROWCOUNT ${maxRows};\n` : "";
  return `${rowCount}SET TRANSACTION ISOLATION LEVEL READ COMMITTED;\nBEGIN TRANSACTION;`;
}

/**
 * Reads a checked read-only statement from SQL Server into a frame. The statement runs as
 * it is (no wrapper), inside a transaction that is never committed, on a connection opened
 * with ApplicationIntent=ReadOnly; rows stream into column batches as tedious parses them.
 * decimal, numeric and money are exact (mssql-exact.ts); types in README.md.
 */
export async function readMssql(uri: string, sql: string, maxRows?: number, signal?: AbortSignal) {
  return await withConnection(uri, signal, {}, async (connection) => {
    await execute(connection, batch(connection, setupSql(maxRows)), {}, signal);
    let readers: MssqlColumnReader[] | undefined;
    let row = 0;
    await execute(
      connection,
      batch(connection, sql),
      {
        maxRows,
        onColumns: (columns) => {
          const names = columnNames(columns.map((column) => column.colName ?? ""));
          readers = columns.map((column, i) => mssqlColumnReader(names[i] as string, typeOfMetadata(column)));
        },
        onRow: (values) => {
          row++;
          for (const [c, reader] of (readers ?? []).entries()) {
            const value = values[c];
            if (value === null || value === undefined) reader.builder.pushNull();
            else readValue(reader, value, row);
          }
          if (row % BATCH_ROWS === 0) for (const reader of readers ?? []) reader.builder.flush();
        },
      },
      signal,
    );
    return readers ? pl.DataFrame(readers.map((reader) => reader.builder.finish())) : pl.DataFrame({});
  });
}

/**
 * The columns of a statement without running it: sp_describe_first_result_set, called as a
 * procedure with the statement as its `@tsql` parameter (Weft's own call: no text is built).
 * The frame has no rows and the dtypes a read gives.
 */
export async function describeMssql(uri: string, sql: string, signal?: AbortSignal): Promise<DatabaseDescription> {
  return await withConnection(uri, signal, {}, async (connection) => {
    const rows = await describeRows(connection, sql, signal);
    const names = columnNames(rows.map((row) => (typeof row.name === "string" ? row.name : "")));
    const frame = pl.DataFrame(
      rows.map((row, i) => mssqlColumnReader(names[i] as string, typeOfDescription(row as never)).builder.finish()),
    );
    const columns = rows.map((row, i) => ({
      name: names[i] as string,
      databaseType: String(row.system_type_name ?? ""),
    }));
    return { columns, frame: columns.length === 0 ? pl.DataFrame({}) : frame };
  });
}

/** Repeated names get `_1`, `_2`; an unnamed column (`SELECT 1`) is `column_<position>`. */
export function columnNames(names: readonly string[]): string[] {
  return uniqueNames(names.map((name, i) => (name === "" ? `column_${i + 1}` : name)));
}

function readValue(reader: MssqlColumnReader, value: unknown, row: number): void {
  try {
    reader.read(value);
  } catch (error) {
    if (!(error instanceof MssqlValueError)) throw error;
    throw new DataSourceError(`Column "${reader.builder.name}" at row ${row} ${error.message}`);
  }
}

async function describeRows(connection: Connection, sql: string, signal: AbortSignal | undefined) {
  let names: string[] = [];
  const rows: Record<string, unknown>[] = [];
  const request = (done: (error?: Error | null) => void) => {
    const call = new Request(DESCRIBE_PROCEDURE, done);
    call.addParameter("tsql", TYPES.NVarChar, sql);
    return { request: call, send: () => connection.callProcedure(call) };
  };
  await execute(
    connection,
    request,
    {
      onColumns: (columns) => {
        names = columns.map((column) => column.colName ?? "");
      },
      onRow: (values) => {
        rows.push(Object.fromEntries(names.map((name, i) => [name, values[i]])));
      },
    },
    signal,
  );
  return rows
    .filter((row) => row.is_hidden !== true)
    .sort((a, b) => Number(a.column_ordinal) - Number(b.column_ordinal));
}
